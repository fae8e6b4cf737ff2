import { Hono } from "hono";
import { addFavorite, findLikeablePosting, removeFavorite } from "~/db/favorites.server";
import { notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { favoritesOf } from "~/services/marketplace.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });

export const favoriteRoutes = new Hono<ApiEnv>()
  /** The signed-in user's liked postings with price changes since liking. */
  .get("/favorites", async (c) => c.json(await favoritesOf(c.get("db"), requireUser(c).id)))
  /** Like a posting: 201 (also when already liked). */
  .post("/postings/:code/favorite", signedIn, validate("param", codeParam), async (c) => {
    const user = requireUser(c);
    const db = c.get("db");
    const posting = await findLikeablePosting(db, c.req.valid("param").code);
    if (!posting || posting.status === "DRAFT") throw notFound("Oglas ne obstaja.");
    await addFavorite(db, user.id, posting.id, posting.searchPrice);
    return c.body(null, 201);
  })
  /** Unlike: 204 (also when it was not liked). */
  .delete("/postings/:code/favorite", signedIn, validate("param", codeParam), async (c) => {
    const user = requireUser(c);
    const db = c.get("db");
    const posting = await findLikeablePosting(db, c.req.valid("param").code);
    if (!posting) throw notFound("Oglas ne obstaja.");
    await removeFavorite(db, user.id, posting.id);
    return c.body(null, 204);
  });
