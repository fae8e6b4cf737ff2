import { Hono } from "hono";
import { findActiveArticle, listActiveArticles } from "~/db/articles.server";
import { notFound } from "~/domain/errors";
import { facetNames } from "~/domain/search-filters";
import { z } from "~/domain/zod-locale";
import { marketplaceSearchQuerySchema } from "~/contracts/search";
import { countMarketplaceBy, popularVehicles, searchMarketplace, similarVehicles } from "~/services/marketplace.server";
import { countWithoutOne } from "~/services/search-help.server";
import { appConfig } from "~/app.config";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

const facetParam = z.object({ spreadParamName: z.enum(facetNames, { error: "Neznan filter za štetje." }) });
const codeParam = z.object({ postingCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });
const articleCodeParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,80}$/, "Neveljavna oznaka članka.") });
const similarQuery = z.object({
  dealerCode: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
});

export const marketplaceRoutes = new Hono<ApiEnv>()
  .get("/search", validate("query", marketplaceSearchQuerySchema), async (c) => {
    const userId = c.get("session")?.user.id ?? null;
    // A signed-in page's own search: the session's statement goes first in the search's batch (decision 089).
    return c.json(
      await searchMarketplace(c.get("db"), c.req.valid("query"), userId, new Date(), c.get("sessionInBatch")),
    );
  })
  .get(
    "/count-by/:spreadParamName",
    validate("param", facetParam),
    validate("query", marketplaceSearchQuerySchema),
    async (c) => {
      const userId = c.get("session")?.user.id ?? null;
      return c.json(
        await countMarketplaceBy(c.get("db"), c.req.valid("param").spreadParamName, c.req.valid("query"), userId),
      );
    },
  )
  /** The zero-result help (issue 24): the count without each one of the search's filters, most first. */
  .get("/count-without-one", validate("query", marketplaceSearchQuerySchema), async (c) => {
    const userId = c.get("session")?.user.id ?? null;
    return c.json(await countWithoutOne(c.get("db"), c.req.valid("query"), userId));
  })
  .get("/similar-vehicles/:postingCode", validate("param", codeParam), validate("query", similarQuery), async (c) => {
    const cards = await similarVehicles(
      c.get("db"),
      c.req.valid("param").postingCode,
      c.req.valid("query").dealerCode ?? null,
    );
    if (cards === null) throw notFound("Oglas ne obstaja.");
    return c.json(cards);
  })
  /** The error pages' carousel: five published postings by views, descending (search would put featured ones first). */
  .get("/popular-vehicles", async (c) => {
    return c.json(await popularVehicles(c.get("db"), appConfig.limits.errorPageVehicles));
  })
  .get("/articles", async (c) => {
    const rows = await listActiveArticles(c.get("db"));
    return c.json(rows.map(({ imageKey, ...a }) => ({ ...a, imageUrl: imageKey ? `/media/${imageKey}` : null })));
  });

export const articleRoutes = new Hono<ApiEnv>()
  /** `GET articles/{code}` (spec section 7, campaign and public): one current article with its body; 404 when unknown or expired. */
  .get("/:code", validate("param", articleCodeParam), async (c) => {
    const found = await findActiveArticle(c.get("db"), c.req.valid("param").code);
    if (!found) throw notFound("Članek ne obstaja.");
    const { imageKey, ...article } = found;
    return c.json({ ...article, imageUrl: imageKey ? `/media/${imageKey}` : null });
  });
