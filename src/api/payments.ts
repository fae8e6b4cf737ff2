import type { Context } from "hono";
import { appConfig } from "~/app.config";
import type { ReceiptChannel } from "~/services/featuring-receipt.server";
import { emailProvider } from "~/services/providers/email.server";
import { paymentProvider } from "~/services/providers/payment.server";
import type { ApiEnv } from "./env";

/** Our origins: this request's (return paths resolve against it) and the configured public one. */
export function origins(c: Context<ApiEnv>): string[] {
  const own = new URL(c.req.url).origin;
  return c.env.SITE_URL ? [own, new URL(c.env.SITE_URL).origin] : [own];
}

/** The payment provider of this request (its return URLs on our own origin). */
export const provider = (c: Context<ApiEnv>) => paymentProvider(c.env, origins(c)[0] ?? new URL(c.req.url).origin);

/** Where a paid featuring's receipt goes (decision 062): the configured e-mail provider, links to the public site. */
export const receiptChannel = (c: Context<ApiEnv>): ReceiptChannel => ({
  email: emailProvider(c.get("db"), c.env),
  siteUrl: c.env.SITE_URL ?? appConfig.siteUrl,
});
