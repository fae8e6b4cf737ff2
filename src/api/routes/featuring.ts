import { Hono } from "hono";
import { AppError } from "~/domain/errors";
import { featuringMessages } from "~/contracts/featuring";
import { getPublicPackages } from "~/services/featuring.server";
import { handlePaymentWebhook, PaymentSignatureError } from "~/services/featuring-payments.server";
import { provider, receiptChannel } from "../payments";
import type { ApiEnv } from "../env";

/** Paid featuring (spec sections 4, 7, 8): price list, options, purchase, cancel, the provider's webhook and the local test checkout. */
export const pricingItemRoutes = new Hono<ApiEnv>()
  /** The public price list for /oglasujte. */
  .get("/", async (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(await getPublicPackages(c.get("db")));
  });

export const paymentRoutes = new Hono<ApiEnv>()
  /**
   * The payment provider's webhook: the raw body is what the signature covers, so it is read as
   * text and parsed only after verification. Bad or missing signature: 400.
   */
  .post("/webhook", async (c) => {
    const rawBody = await c.req.text();
    const payments = await provider(c);
    if (!payments) throw new AppError(400, featuringMessages.badSignature, { code: "PAYMENTS_NOT_CONFIGURED" });
    try {
      return c.json(
        await handlePaymentWebhook(c.get("db"), payments, rawBody, c.req.header("stripe-signature"), receiptChannel(c)),
      );
    } catch (error) {
      if (error instanceof PaymentSignatureError)
        throw new AppError(400, featuringMessages.badSignature, { code: "BAD_SIGNATURE" });
      throw error;
    }
  });
