import { Hono } from "hono";
import { listManufacturers } from "~/db/catalog.server";
import type { ApiEnv } from "../env";

/** `manufacturer`: the makes, popular ones flagged. */
export const manufacturerRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  const rows = await listManufacturers(c.get("db"));
  return c.json(rows.map((m) => ({ value: m.code, text: m.name, popular: m.popular })));
});
