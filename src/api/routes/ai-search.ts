import { Hono } from "hono";
import { listCatalogForAi } from "~/db/catalog.server";
import { serializeSearchFilters } from "~/domain/search-filters";
import { aiSearchInputSchema } from "~/contracts/search";
import { understandFreeText } from "~/services/ai-search.server";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

export const aiSearchRoutes = new Hono<ApiEnv>()
  /** POST ai/search: Slovenian free text → the same filters the /iskanje URL codec uses. */
  .post("/search", validate("json", aiSearchInputSchema), async (c) => {
    const catalog = await listCatalogForAi(c.get("db"));
    const filters = understandFreeText(c.req.valid("json").query, catalog);
    return c.json({ filters, query: serializeSearchFilters(filters).toString() });
  });
