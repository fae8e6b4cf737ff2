/**
 * Column builders shared by src/db/schema/<aggregate>.ts, the Drizzle mirror of migrations/*.sql (the SQL
 * is the source of truth; tests/schema.test.ts checks that every column exists in D1). Keys are camelCase;
 * the client maps them to snake_case.
 */
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () => integer().primaryKey();
export const createdAt = () =>
  text()
    .notNull()
    .$defaultFn(() => new Date().toISOString());
export const bool = () => integer({ mode: "boolean" }).notNull().default(false);
export const json = <T>() => text({ mode: "json" }).$type<T>().notNull();

/** Engine and body columns a trim and a posting both have, in the same order in both tables. */
export const engineAndBodyColumns = () => ({
  displacementCcm: integer(),
  transmission: text(),
  driveWheels: text(),
  bodyType: text(),
  doors: integer(),
  seats: integer(),
});
