import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";

/**
 * A read answered to a signed-in request (a session found) or one with a partner's token is that user's: unless the route said
 * otherwise, it goes out `private, no-store`, so no shared cache in front (a company proxy, a CDN rule) keeps a signed-in
 * search ("favourites only"), `me` or a dealer's list for the next visitor (issue 27's review, session 22). Signed-out
 * answers keep their own headers (the response cache of decision 026 shares only those).
 */
export const privateAnswers = createMiddleware<ApiEnv>(async (c, next) => {
  await next();
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
  if (!c.get("session") && !c.req.header("authorization")) return;
  if (c.res.headers.has("cache-control")) return;
  try {
    c.res.headers.set("cache-control", "private, no-store");
  } catch {
    // An answer passed through from a fetch has immutable headers; none of ours reaches here signed in.
  }
});
