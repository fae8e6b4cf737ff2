import { createMiddleware } from "hono/factory";
import { AppError } from "~/domain/errors";
import { isPostingsScopeCall } from "~/domain/partner-oauth";
import { authenticatePartnerToken } from "~/services/partner-oauth.server";
import type { ApiEnv } from "../env";

const apiPrefix = /^\/internal-api\/v1(\/.*)$/;

/**
 * Partner applications' Bearer tokens (decision 023): a live token acts as the granting member of
 * its dealership, but only on the postings calls of its scope; anything else is 403 and a dead
 * token 401 (RFC 6750 §3.1). Runs after `requestContext` and replaces any cookie session.
 */
export const partnerBearer = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("authorization");
  if (!header || !/^bearer /i.test(header)) return next();
  const user = await authenticatePartnerToken(c.get("db"), header.slice(7).trim());
  if (!user) {
    c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
    throw new AppError(401, "Dostopni žeton ni veljaven, je potekel ali je bil preklican.", { code: "INVALID_TOKEN" });
  }
  const path = apiPrefix.exec(c.req.path)?.[1] ?? c.req.path;
  if (!isPostingsScopeCall(c.req.method, path)) {
    c.header("WWW-Authenticate", 'Bearer error="insufficient_scope", scope="postings"');
    throw new AppError(403, "Partnerska aplikacija lahko upravlja le oglase trgovca.", { code: "INSUFFICIENT_SCOPE" });
  }
  // Never rotated or audited as a browser session: the id only marks where the user came from.
  c.set("session", {
    id: "partner-token",
    user,
    impersonatorUserId: null,
    issuedAt: new Date().toISOString(),
    rotated: true,
  });
  await next();
});
