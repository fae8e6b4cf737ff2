import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A Drizzle client over the request's D1 binding (cheap: create one per request). */
export function getDb(d1: D1Database) {
  return drizzle(d1, { schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof getDb>;
