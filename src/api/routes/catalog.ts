import { Hono } from "hono";
import { z } from "~/domain/zod-locale";
import { listBaseModels, listManufacturers } from "~/db/catalog.server";
import { notFound } from "~/domain/errors";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

const manufacturerCodeParam = z.object({
  manufacturerCode: z.string().regex(/^[a-z0-9-]{1,40}$/, "Neveljavna oznaka znamke."),
});

export const catalogRoutes = new Hono<ApiEnv>()
  .get("/manufacturer", async (c) => {
    const rows = await listManufacturers(c.get("db"));
    return c.json(rows.map((m) => ({ value: m.code, text: m.name, popular: m.popular })));
  })
  .get("/models/:manufacturerCode", validate("param", manufacturerCodeParam), async (c) => {
    const found = await listBaseModels(c.get("db"), c.req.valid("param").manufacturerCode);
    if (!found) throw notFound("Znamka ne obstaja.");
    return c.json(found.models.map((m) => ({ value: m.code, text: m.name })));
  });
