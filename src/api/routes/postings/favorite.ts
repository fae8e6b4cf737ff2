import { Hono } from "hono";
import { addFavorite, findLikeablePosting, removeFavorite } from "~/db/favorites.server";
import { notFound } from "~/domain/errors";
import { postingCodeParam } from "../../params";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/** `postings/{code}/favorite`: a buyer keeps or drops a posting. */
export const postingFavoriteRoutes = new Hono<ApiEnv>()
  /** Like a posting: 201 (also when already liked). */
  .post("/:code/favorite", signedIn, validate("param", postingCodeParam), async (c) => {
    const user = requireUser(c);
    const db = c.get("db");
    const posting = await findLikeablePosting(db, c.req.valid("param").code);
    if (!posting || posting.status === "DRAFT") throw notFound("Oglas ne obstaja.");
    await addFavorite(db, user.id, posting.id, posting.searchPrice);
    return c.body(null, 201);
  })
  /** Unlike: 204 (also when it was not liked). */
  .delete("/:code/favorite", signedIn, validate("param", postingCodeParam), async (c) => {
    const user = requireUser(c);
    const db = c.get("db");
    const posting = await findLikeablePosting(db, c.req.valid("param").code);
    if (!posting) throw notFound("Oglas ne obstaja.");
    await removeFavorite(db, user.id, posting.id);
    return c.body(null, 204);
  });
