import { Hono } from "hono";
import { listCatalogForAi } from "~/db/catalog.server";
import { aiSearchInputSchema } from "~/contracts/search";
import { understandFreeText } from "~/services/ai-search.server";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

export const aiSearchRoutes = new Hono<ApiEnv>()
  /** POST ai/search: Slovenian free text → the filters the /iskanje URL codec uses, and the words it ignored. */
  .post("/search", validate("json", aiSearchInputSchema), async (c) => {
    const catalog = await listCatalogForAi(c.get("db"));
    return c.json(understandFreeText(c.req.valid("json").query, catalog));
  });
