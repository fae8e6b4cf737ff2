import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { findPostingAccess } from "~/db/posting-detail.server";
import { AppError, forbidden } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { buyPricingItemInputSchema, featuringMessages } from "~/contracts/featuring";
import {
  buyPricingItem,
  cancelPostingFeaturing,
  completeLocalCheckout,
  getLocalCheckout,
  getPostingPricing,
  getPublicPackages,
  handlePaymentWebhook,
  PaymentSignatureError,
} from "~/services/featuring.server";
import { paymentProvider } from "~/services/providers/payment.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });
const sessionParam = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, "Neveljavna seja plačila.") });

/** Our origins: this request's (return paths resolve against it) and the configured public one. */
function origins(c: Context<ApiEnv>): string[] {
  const own = new URL(c.req.url).origin;
  return c.env.SITE_URL ? [own, new URL(c.env.SITE_URL).origin] : [own];
}

const provider = (c: Context<ApiEnv>) => paymentProvider(c.env, origins(c)[0] ?? new URL(c.req.url).origin);

/**
 * Buying or cancelling featuring spends the seller's money or the dealership's credit days: only the
 * seller and colleagues in the posting's dealership, never staff who merely manage postings (editors,
 * admins: they act for a seller by impersonating, which is audited). Checked before the body is read.
 */
const sellerSideOnly = createMiddleware<ApiEnv>(async (c, next) => {
  const user = requireUser(c);
  const posting = await findPostingAccess(c.get("db"), c.req.param("code") ?? "");
  if (
    posting &&
    posting.userId !== user.id &&
    (posting.dealershipId === null || posting.dealershipId !== user.dealershipId)
  )
    throw forbidden(featuringMessages.forbidden);
  await next();
});

/** Paid featuring (spec sections 4, 7, 8): price list, options, purchase, cancel, the provider's webhook and the local test checkout. */
export const featuringRoutes = new Hono<ApiEnv>()
  /** The public price list for /oglasujte. */
  .get("/pricing-items", async (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(await getPublicPackages(c.get("db")));
  })
  /** Options for the posting's manager: per-day price, total, free, remaining days and top-ups, members' package, credit days. */
  .get("/postings/:code/pricing-items", signedIn, validate("param", codeParam), async (c) => {
    return c.json(await getPostingPricing(c.get("db"), c.req.valid("param").code, requireUser(c)));
  })
  /** A card checkout session, "redeemed" (credit days or free), or "failed". */
  .post(
    "/postings/:code/buy-pricing-item",
    signedIn,
    validate("param", codeParam),
    sellerSideOnly,
    validate("json", buyPricingItemInputSchema),
    async (c) => {
      const user = requireUser(c);
      const result = await buyPricingItem(c.get("db"), c.req.valid("param").code, user, c.req.valid("json"), {
        origins: origins(c),
        provider: () => provider(c),
      });
      return c.json(result);
    },
  )
  /** Cancel featuring: featured to the end of today, then not. */
  .delete("/postings/:code/buy-pricing-item", signedIn, validate("param", codeParam), sellerSideOnly, async (c) => {
    return c.json(await cancelPostingFeaturing(c.get("db"), c.req.valid("param").code, requireUser(c)));
  })
  /**
   * The payment provider's webhook: the raw body is what the signature covers, so it is read as
   * text and parsed only after verification. Bad or missing signature: 400.
   */
  .post("/payments/webhook", async (c) => {
    const rawBody = await c.req.text();
    const payments = await provider(c);
    if (!payments) throw new AppError(400, featuringMessages.badSignature, { code: "PAYMENTS_NOT_CONFIGURED" });
    try {
      return c.json(await handlePaymentWebhook(c.get("db"), payments, rawBody, c.req.header("stripe-signature")));
    } catch (error) {
      if (error instanceof PaymentSignatureError)
        throw new AppError(400, featuringMessages.badSignature, { code: "BAD_SIGNATURE" });
      throw error;
    }
  })
  /** The local test checkout (DEV_OUTBOX without Stripe keys; 404 otherwise): what is being paid. */
  .get("/dev/payments/:sessionId", signedIn, validate("param", sessionParam), async (c) => {
    return c.json(
      await getLocalCheckout(c.get("db"), await provider(c), c.req.valid("param").sessionId, requireUser(c)),
    );
  })
  .post("/dev/payments/:sessionId/pay", signedIn, validate("param", sessionParam), async (c) => {
    return c.json(
      await completeLocalCheckout(
        c.get("db"),
        await provider(c),
        c.req.valid("param").sessionId,
        requireUser(c),
        "paid",
      ),
    );
  })
  .post("/dev/payments/:sessionId/cancel", signedIn, validate("param", sessionParam), async (c) => {
    return c.json(
      await completeLocalCheckout(
        c.get("db"),
        await provider(c),
        c.req.valid("param").sessionId,
        requireUser(c),
        "cancelled",
      ),
    );
  });
