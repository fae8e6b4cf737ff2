import type { Context } from "hono";
import { paymentProvider } from "~/services/providers/payment.server";
import type { ApiEnv } from "./env";

/** Our origins: this request's (return paths resolve against it) and the configured public one. */
export function origins(c: Context<ApiEnv>): string[] {
  const own = new URL(c.req.url).origin;
  return c.env.SITE_URL ? [own, new URL(c.env.SITE_URL).origin] : [own];
}

/** The payment provider of this request (its return URLs on our own origin). */
export const provider = (c: Context<ApiEnv>) => paymentProvider(c.env, origins(c)[0] ?? new URL(c.req.url).origin);
