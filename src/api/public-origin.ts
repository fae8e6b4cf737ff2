import type { Context } from "hono";
import type { ApiEnv } from "./env";

/**
 * The site's public origin for links that leave the site (e-mails, the PDF sheet's QR code, OAuth
 * callbacks, payment returns): the origin a front vouched for (the site the user used, decision 076),
 * else `SITE_URL`, else this request's own origin; never a hard-coded production host.
 */
export const publicOrigin = (c: Context<ApiEnv>) =>
  c.get("front")?.origin ?? (c.env.SITE_URL ? new URL(c.env.SITE_URL).origin : new URL(c.req.url).origin);
