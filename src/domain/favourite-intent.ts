/**
 * The query parameter a page carries after a signed-out visitor tapped a heart before the page was interactive
 * and signed in: the code of the posting they wanted to keep (decision 067). The page adds it to the favourites
 * and drops the parameter.
 */
export const favouriteIntentParam = "priljubi";

/**
 * The cookie the heart's form post sets with the same code when it sends a signed-out visitor to sign in. The
 * page honours `?priljubi=CODE` only when this cookie names the same code, so a link from anywhere with
 * `?priljubi=` adds nothing (the form post that sets it passes the same-origin guard of every write).
 */
export const favouriteIntentCookie = "avtotrg_priljubi";
/** How long the intent waits for the sign-in: the sign-in link's own lifetime and some. */
export const favouriteIntentMaxAgeSeconds = 30 * 60;

const codePattern = /^[A-Za-z0-9-]{1,40}$/;

/** A well-formed posting code, or null (anything else in the URL is ignored). */
export const favouriteIntentCode = (value: unknown): string | null =>
  typeof value === "string" && codePattern.test(value) ? value : null;
