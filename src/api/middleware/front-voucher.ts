import { createMiddleware } from "hono/factory";
import { AppError } from "~/domain/errors";
import { frontHeader, verifyFrontClaim } from "~/lib/front-voucher";
import { proxyMode } from "~/lib/provider-api";
import type { ApiEnv } from "../env";

/**
 * First of all middleware on a provider (decision 076): a request carrying a front's signed header is
 * trusted (`c.var.front`: its public origin, client and SSR flag) only when this provider has
 * `INTERNAL_API_SECRET` and the signature, time, method and path check out. A header that does not is
 * refused with 403: a forged, stale or replayed one, or a front whose secret differs, is never
 * served as if nothing was sent. Without the secret the header means nothing and is ignored. A provider with
 * `SITE_URL` trusts no other public origin: links and cookies follow its SITE_URL.
 */
export const frontVoucher = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header(frontHeader);
  const mode = header ? proxyMode(c.env) : null;
  const secret = mode?.mode === "embedded" ? mode.secret : null;
  if (header && secret) {
    const claim = await verifyFrontClaim(secret, header, c.req.raw);
    if (!claim) throw new AppError(403, "Zahteva posredniškega strežnika ni veljavna.", { code: "FRONT_UNTRUSTED" });
    // A provider that knows the public site links there whatever origin a front names (decision 076).
    const site = c.env.SITE_URL ? new URL(c.env.SITE_URL).origin : null;
    c.set("front", site && claim.origin !== site ? { ...claim, origin: site } : claim);
  }
  await next();
});
