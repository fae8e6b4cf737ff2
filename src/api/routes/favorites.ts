import { Hono } from "hono";
import { favoriteCardsQuerySchema, mergeFavoritesInputSchema } from "~/contracts/favorites";
import { mergeFavorites } from "~/db/favorites.server";
import { favoritesOf, publishedCardsByCodes } from "~/services/marketplace.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

export const favoriteRoutes = new Hono<ApiEnv>()
  /** The signed-in user's liked postings with price changes since liking. */
  .get("/", async (c) => c.json(await favoritesOf(c.get("db"), requireUser(c).id)))
  /** A signed-out visitor's favourites kept in the browser, as cards (published postings only; no sign-in). */
  .get("/cards", validate("query", favoriteCardsQuerySchema), async (c) =>
    c.json(await publishedCardsByCodes(c.get("db"), c.req.valid("query").codes)),
  )
  /**
   * At sign-in, the favourites kept in the browser join the account (decision 067): idempotent, capped, only
   * published postings, always the caller's own list. Answers every posting id the user now likes.
   */
  .post("/merge", signedIn, validate("json", mergeFavoritesInputSchema), async (c) => {
    const user = requireUser(c);
    const codes = [...new Set(c.req.valid("json").codes)];
    return c.json({ likedPostings: await mergeFavorites(c.get("db"), user.id, codes) });
  });
