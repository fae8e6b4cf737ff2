import { Hono } from "hono";
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { favoriteFormSchema, priceAlertInputSchema } from "~/contracts/favorites";
import { addFavorite, findLikeablePosting, removeFavorite } from "~/db/favorites.server";
import { setPriceAlert } from "~/db/price-alerts.server";
import { notFound } from "~/domain/errors";
import { favouriteIntentCookie, favouriteIntentMaxAgeSeconds, favouriteIntentParam } from "~/domain/favourite-intent";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { postingCodeParam } from "../../params";
import type { ApiEnv } from "../../env";
import { isLocalHost } from "../../session-cookie";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/** Likes or unlikes for the caller; 404 for a posting that cannot be liked (a draft, hidden, unknown). */
async function setLiked(c: Context<ApiEnv>, userId: number, code: string, liked: boolean) {
  const db = c.get("db");
  const posting = await findLikeablePosting(db, code);
  if (!posting || (liked && posting.status === "DRAFT")) throw notFound("Oglas ne obstaja.");
  if (liked) await addFavorite(db, userId, posting.id, posting.shownPrice);
  else await removeFavorite(db, userId, posting.id);
}

/** `postings/{code}/favorite`: a buyer keeps or drops a posting. */
export const postingFavoriteRoutes = new Hono<ApiEnv>()
  /** Like a posting: 201 (also when already liked). */
  .post("/:code/favorite", signedIn, validate("param", postingCodeParam), async (c) => {
    await setLiked(c, requireUser(c).id, c.req.valid("param").code, true);
    return c.body(null, 201);
  })
  /**
   * The buyer's e-mail when this favourite's price drops, on or off: only on the caller's own favourite
   * (404 for anything else, whoever's it is).
   */
  .put(
    "/:code/favorite/price-alert",
    signedIn,
    validate("param", postingCodeParam),
    validate("json", priceAlertInputSchema),
    async (c) => {
      const db = c.get("db");
      const posting = await findLikeablePosting(db, c.req.valid("param").code);
      const { on } = c.req.valid("json");
      if (!posting || !(await setPriceAlert(db, requireUser(c).id, posting.id, on)))
        throw notFound("Oglasa ni med vašimi priljubljenimi.");
      return c.json({ priceAlert: on });
    },
  )
  /** Unlike: 204 (also when it was not liked). */
  .delete("/:code/favorite", signedIn, validate("param", postingCodeParam), async (c) => {
    await setLiked(c, requireUser(c).id, c.req.valid("param").code, false);
    return c.body(null, 204);
  })
  /**
   * The heart before the page is interactive (decision 067), a plain form post guarded as every write (same
   * origin). Signed in: the like is set and the browser comes back (303). Signed out: to sign in, returning to
   * the same page with the intent to like this posting, which the page honours once signed in. The return
   * path is a same-site path only (never `//host`, `/\host` or an absolute URL).
   */
  .post(
    "/:code/favorite/form",
    validate("param", postingCodeParam),
    validate("form", favoriteFormSchema),
    async (c) => {
      const { code } = c.req.valid("param");
      const { liked, returnTo } = c.req.valid("form");
      const back = safeReturnPath(returnTo);
      if (!c.get("session")) {
        if (liked === "0") return c.redirect(back, 303);
        // The page keeps the car only with this cookie naming it: a bare `?priljubi=` link adds nothing.
        setCookie(c, favouriteIntentCookie, code, {
          path: "/",
          sameSite: "Lax",
          secure: !isLocalHost(c),
          maxAge: favouriteIntentMaxAgeSeconds,
        });
        const redirectUrl = withParam(back, favouriteIntentParam, code);
        return c.redirect(`/relogin?redirectUrl=${encodeURIComponent(redirectUrl)}`, 303);
      }
      await setLiked(c, requireUser(c).id, code, liked === "1");
      return c.redirect(back, 303);
    },
  );
