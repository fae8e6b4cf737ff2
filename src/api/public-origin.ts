import type { Context } from "hono";
import type { ApiEnv } from "./env";

/**
 * The site's public origin for links that leave the site (the PDF sheet's QR code, issue 24): `SITE_URL` when
 * set, else this request's own origin; never a hard-coded production host.
 */
export const publicOrigin = (c: Context<ApiEnv>) =>
  c.env.SITE_URL ? new URL(c.env.SITE_URL).origin : new URL(c.req.url).origin;
