import type { Context } from "hono";
import { appConfig } from "~/app.config";
import type { ReceiptChannel } from "~/services/featuring-receipt.server";
import { emailProvider } from "~/services/providers/email.server";
import { paymentProvider } from "~/services/providers/payment.server";
import type { ApiEnv } from "./env";

/**
 * Our origins, the one return paths resolve against first: the front's public origin when a front vouched
 * for the request (decision 076), this request's, and the configured public one.
 */
export function origins(c: Context<ApiEnv>): string[] {
  const front = c.get("front")?.origin;
  const own = new URL(c.req.url).origin;
  return [...new Set([...(front ? [front] : []), own, ...(c.env.SITE_URL ? [new URL(c.env.SITE_URL).origin] : [])])];
}

/** The payment provider of this request (its return URLs on the site the user used). */
export const provider = (c: Context<ApiEnv>) => paymentProvider(c.env, origins(c)[0] ?? new URL(c.req.url).origin);

/** Where a paid featuring's receipt goes (decision 062): the configured e-mail provider, links to the public site. */
export const receiptChannel = (c: Context<ApiEnv>): ReceiptChannel => ({
  email: emailProvider(c.get("db"), c.env),
  siteUrl: c.get("front")?.origin ?? c.env.SITE_URL ?? appConfig.siteUrl,
});
