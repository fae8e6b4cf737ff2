/**
 * The query parameter a page carries after a signed-out visitor tapped a heart before the page was interactive
 * and signed in: the code of the posting they wanted to keep (decision 067). The page adds it to the favourites
 * and drops the parameter.
 */
export const favouriteIntentParam = "priljubi";

const codePattern = /^[A-Za-z0-9-]{1,40}$/;

/** A well-formed posting code, or null (anything else in the URL is ignored). */
export const favouriteIntentCode = (value: unknown): string | null =>
  typeof value === "string" && codePattern.test(value) ? value : null;
