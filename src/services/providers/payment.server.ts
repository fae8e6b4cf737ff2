import type StripeClient from "stripe";
import { randomToken } from "~/lib/crypto";

/** What the buyer pays for: one featuring purchase, in cents, returning to our pages. */
export type CheckoutInput = {
  purchaseId: number;
  amount: number;
  description: string;
  successUrl: string;
  cancelUrl: string /** When the checkout can no longer be paid (decision 038). */;
  expiresAt: Date;
};
export type CheckoutSession = { sessionId: string; url: string };
/** Money back for days that could not be delivered (decision 038): part of one paid checkout, in cents. */
export type RefundInput = {
  purchaseId: number;
  sessionId: string;
  paymentIntent: string | null;
  amount: number /** A second refund of one purchase needs a key of its own. */;
  idempotencyKey?: string;
};

/** The part of a provider's event the fulfilment reads (Stripe's event shape). */
export type PaymentEvent = { id: string; type: string; data: { object: unknown } };

/** A webhook whose signature does not verify (or is missing): answered with 400. */
export class PaymentSignatureError extends Error {
  constructor(message = "invalid signature") {
    super(message);
    this.name = "PaymentSignatureError";
  }
}

/**
 * Card payment. The real adapter is Stripe Checkout through the official SDK; the local adapter
 * (DEV_OUTBOX, no keys) is a test checkout page on this site. Both sign their webhooks with
 * Stripe's `t=…,v1=…` scheme and both are verified by the SDK, so fulfilment has one path.
 */
export interface PaymentProvider {
  id: "stripe" | "local";
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** Closes an unpaid checkout so it can no longer be paid (the buyer came back with "cancel"); throws when it cannot. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Refunds part of a paid checkout; answers the provider's refund id. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** The verified event, or PaymentSignatureError. */
  verifyWebhook(rawBody: string, signatureHeader: string | null | undefined): Promise<PaymentEvent>;
}

type PaymentEnv = { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; DEV_OUTBOX?: string };

/**
 * The local test checkout's webhook secret. It only ever exists where DEV_OUTBOX is on and no Stripe
 * keys are set (never in production), so a constant is enough and survives isolate restarts.
 */
export const localWebhookSecret = "whsec_avtotrg_local_test_checkout";

/** Prefix of the local test checkout's session ids (the page /dev/placilo/{sessionId}). */
export const localSessionPrefix = "cs_local_";

type StripeModule = typeof StripeClient;

// Loaded on first use: a deployment without the library (or a broken bundle) makes purchases
// answer "failed" (spec section 8) instead of failing every request at start-up.
let stripeModule: Promise<StripeModule | null> | null = null;
function loadStripe(): Promise<StripeModule | null> {
  stripeModule ??= import("stripe").then(
    (mod) => mod.default,
    () => null,
  );
  return stripeModule;
}

async function verifyWith(
  Stripe: StripeModule,
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
): Promise<PaymentEvent> {
  if (!signatureHeader) throw new PaymentSignatureError("missing signature");
  try {
    const event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
    return event as unknown as PaymentEvent;
  } catch (error) {
    throw new PaymentSignatureError(error instanceof Error ? error.message : "invalid signature");
  }
}

function stripeProvider(Stripe: StripeModule, secretKey: string, webhookSecret: string): PaymentProvider {
  const stripe = new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient() });
  return {
    id: "stripe",
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          locale: "sl",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "eur", unit_amount: input.amount, product_data: { name: input.description } },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: String(input.purchaseId),
          metadata: { purchaseId: String(input.purchaseId) },
          // Closed when our "one open checkout" window ends, so an abandoned one never gets paid later.
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        // A retried request for the same purchase never opens a second session.
        { idempotencyKey: `featuring-purchase-${input.purchaseId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      // Stripe refuses a session that is complete (paid meanwhile): that error reaches the caller.
      await stripe.checkout.sessions.expire(sessionId);
    },
    async refund(input) {
      const paymentIntent =
        input.paymentIntent ?? (await stripe.checkout.sessions.retrieve(input.sessionId)).payment_intent;
      const id = typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
      if (!id) throw new Error("the checkout session has no payment to refund");
      const refund = await stripe.refunds.create(
        { payment_intent: id, amount: input.amount, metadata: { purchaseId: String(input.purchaseId) } },
        { idempotencyKey: input.idempotencyKey ?? `featuring-refund-${input.purchaseId}` },
      );
      return { refundId: refund.id };
    },
    verifyWebhook: (rawBody, signatureHeader) => verifyWith(Stripe, rawBody, signatureHeader, webhookSecret),
  };
}

function localProvider(Stripe: StripeModule, origin: string): PaymentProvider {
  return {
    id: "local",
    async createCheckout() {
      const sessionId = `${localSessionPrefix}${randomToken(18)}`;
      return { sessionId, url: new URL(`/dev/placilo/${sessionId}`, origin).toString() };
    },
    // The test checkout page only acts on an open purchase; closing the purchase is all there is to do.
    expireCheckout: async () => {},
    // The test checkout took no money: the refund is recorded like Stripe's would be.
    refund: async (input) => ({ refundId: `re_local_${input.purchaseId}_${randomToken(8)}` }),
    verifyWebhook: (rawBody, signatureHeader) => verifyWith(Stripe, rawBody, signatureHeader, localWebhookSecret),
  };
}

/**
 * The configured provider: Stripe with both keys; the local test checkout with DEV_OUTBOX and no
 * keys; otherwise (half-configured, or the library missing) null, and purchases answer "failed".
 */
export async function paymentProvider(env: PaymentEnv, origin: string): Promise<PaymentProvider | null> {
  const stripeConfigured = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET);
  if (!stripeConfigured && env.DEV_OUTBOX !== "1") return null;
  const Stripe = await loadStripe();
  if (!Stripe) return null;
  if (stripeConfigured)
    return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? stripeProvider(Stripe, env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET)
      : null;
  return localProvider(Stripe, origin);
}

/** Signs a local test event the way Stripe signs its webhooks (`t=…,v1=…`, HMAC-SHA256). */
export async function signLocalEvent(payload: string): Promise<string | null> {
  const Stripe = await loadStripe();
  if (!Stripe) return null;
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: localWebhookSecret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}
