import { Hono } from "hono";
import { listActiveArticles } from "~/db/articles.server";
import { marketplaceSearchQuerySchema } from "~/features/search/schemas";
import { searchMarketplace } from "~/services/marketplace.server";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

export const marketplaceRoutes = new Hono<ApiEnv>()
  .get("/marketplace/search", validate("query", marketplaceSearchQuerySchema), async (c) => {
    return c.json(await searchMarketplace(c.get("db"), c.req.valid("query")));
  })
  .get("/marketplace/articles", async (c) => {
    const rows = await listActiveArticles(c.get("db"));
    return c.json(
      rows.map(({ imageKey, ...a }) => ({ ...a, imageUrl: imageKey ? `/media/${imageKey}` : null })),
    );
  });
