import type { SessionUser } from "~/domain/session";
import type { Db } from "~/db/client.server";
import { closePendingPurchase, findOpenCheckoutBy, findPurchase, findPurchaseBySession } from "~/db/featuring.server";
import { fulfilPaidPurchase, recordPaymentEvent } from "~/db/featuring-fulfilment.server";
import { AppError, forbidden, notFound } from "~/domain/errors";
import { isFeaturingPackage, type FeaturingPackage } from "~/domain/featuring";
import { featuringMessages as msg } from "~/contracts/featuring";
import { randomToken } from "~/lib/crypto";
import {
  PaymentSignatureError,
  signLocalEvent,
  type PaymentEvent,
  type PaymentProvider,
} from "./providers/payment.server";
import { refundAndRecord } from "./featuring-refunds.server";
import { type ReceiptChannel, sendFeaturingReceipt } from "./featuring-receipt.server";

/** The Checkout Session fields fulfilment reads. */
type CheckoutSessionObject = {
  id?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  client_reference_id?: unknown;
  payment_intent?: unknown;
};

async function purchaseOfSession(db: Db, session: CheckoutSessionObject) {
  if (typeof session.id !== "string") return undefined;
  const bySession = await findPurchaseBySession(db, session.id);
  if (bySession) return bySession;
  // The session was opened but its id never got stored (the write after the provider's answer failed).
  const ref =
    typeof session.client_reference_id === "string" && /^\d{1,12}$/.test(session.client_reference_id)
      ? Number(session.client_reference_id)
      : null;
  const byRef = ref === null ? undefined : await findPurchase(db, ref);
  return byRef && byRef.providerSessionId === null ? byRef : undefined;
}

export type WebhookOutcome = { received: true; fulfilled: boolean };

/**
 * `POST payments/webhook`: verifies the signature (PaymentSignatureError → 400), then fulfils a
 * paid checkout once and sends its receipt once (decision 062). Every event id is stored; replays and
 * duplicate deliveries add nothing.
 */
export async function handlePaymentWebhook(
  db: Db,
  provider: PaymentProvider,
  rawBody: string,
  signature: string | null | undefined,
  receipts: ReceiptChannel | null,
  now = new Date(),
): Promise<WebhookOutcome> {
  const event: PaymentEvent = await provider.verifyWebhook(rawBody, signature);
  const session = (event.data?.object ?? {}) as CheckoutSessionObject;
  const isCheckout = typeof event.type === "string" && event.type.startsWith("checkout.session.");
  const purchase = isCheckout ? await purchaseOfSession(db, session) : undefined;
  const paid =
    (event.type === "checkout.session.completed" &&
      (session.payment_status === "paid" || session.payment_status === "no_payment_required")) ||
    event.type === "checkout.session.async_payment_succeeded";
  if (purchase && paid) {
    if (session.amount_total !== purchase.amount) {
      console.error("payment amount differs from the purchase", {
        purchaseId: purchase.id,
        amount: session.amount_total,
      });
      await recordPaymentEvent(db, event, purchase.id, now);
      return { received: true, fulfilled: false };
    }
    const done = await fulfilPaidPurchase(
      db,
      event,
      {
        id: purchase.id,
        postingId: purchase.postingId,
        days: purchase.days,
        amount: purchase.amount,
        package: purchase.package,
      },
      now,
    );
    if (done.fulfilled && done.refundAmount > 0 && typeof session.id === "string") {
      // Days that no longer fitted under the ceiling when the money arrived are paid back (decision 038).
      // A failed refund is recorded on the purchase for support; the webhook still answers 200 (the payment itself is settled).
      const sessionId = session.id;
      await refundAndRecord(
        db,
        purchase.id,
        () =>
          provider.refund({
            purchaseId: purchase.id,
            sessionId,
            paymentIntent: typeof session.payment_intent === "string" ? session.payment_intent : null,
            amount: done.refundAmount,
          }),
        "featuring refund failed",
      );
    }
    // Every paid delivery may send it: the claim on the purchase lets exactly one of them through, and a
    // delivery after a failed send (or a crash before it) still sends the receipt.
    if (receipts) await sendFeaturingReceipt(db, receipts, purchase.id, now);
    return { received: true, fulfilled: done.fulfilled };
  }
  const fresh = await recordPaymentEvent(db, event, purchase?.id ?? null, now);
  if (purchase && fresh && event.type === "checkout.session.expired")
    await closePendingPurchase(db, purchase.id, "CANCELLED");
  if (purchase && fresh && event.type === "checkout.session.async_payment_failed")
    await closePendingPurchase(db, purchase.id, "FAILED");
  return { received: true, fulfilled: false };
}

export { PaymentSignatureError };

/**
 * `DELETE postings/{code}/checkout`: the buyer came back from the checkout with "cancel" (decision 062). Their
 * open checkout of the posting is expired at the provider, so it can no longer be paid, and only then closed
 * here, which frees the posting for a new one (decision 038). A checkout the provider will not expire (paid
 * meanwhile) stays open and its webhook fulfils it. Answers whether one was cancelled.
 */
export async function abandonCheckout(
  db: Db,
  provider: PaymentProvider | null,
  postingId: number,
  viewer: SessionUser,
): Promise<{ cancelled: boolean }> {
  const open = await findOpenCheckoutBy(db, postingId, viewer.id);
  if (!open?.sessionId || !provider || provider.id !== open.provider) return { cancelled: false };
  try {
    await provider.expireCheckout(open.sessionId);
  } catch (error) {
    console.warn("checkout not expired", { purchaseId: open.id, error });
    return { cancelled: false };
  }
  await closePendingPurchase(db, open.id, "CANCELLED");
  return { cancelled: true };
}

// ---------------------------------------------------------------- local test checkout (DEV_OUTBOX)

export type LocalCheckout = {
  sessionId: string;
  postId: number;
  package: FeaturingPackage;
  days: number;
  amount: number;
  status: string;
  successUrl: string | null;
  cancelUrl: string | null;
};

async function localPurchase(db: Db, provider: PaymentProvider | null, sessionId: string, viewer: SessionUser) {
  if (provider?.id !== "local") throw notFound("Ta pot ne obstaja.");
  const purchase = await findPurchaseBySession(db, sessionId);
  if (!purchase) throw notFound("Plačilo ne obstaja.");
  if (purchase.userId !== viewer.id) throw forbidden();
  return purchase;
}

/** The test checkout page's data: what is being paid (only the buyer sees it). */
export async function getLocalCheckout(
  db: Db,
  provider: PaymentProvider | null,
  sessionId: string,
  viewer: SessionUser,
): Promise<LocalCheckout> {
  const p = await localPurchase(db, provider, sessionId, viewer);
  return {
    sessionId,
    postId: p.postingId,
    package: isFeaturingPackage(p.package) ? p.package : "STANDARD",
    days: p.days,
    amount: p.amount,
    status: p.status,
    successUrl: p.successUrl,
    cancelUrl: p.cancelUrl,
  };
}

/**
 * "Plačaj (test)" / "Prekliči" on the test checkout: the server writes the event Stripe would send,
 * signs it with the local secret and hands it to the same webhook handler. Answers where to go next.
 */
export async function completeLocalCheckout(
  db: Db,
  provider: PaymentProvider | null,
  sessionId: string,
  viewer: SessionUser,
  outcome: "paid" | "cancelled",
  receipts: ReceiptChannel | null,
  now = new Date(),
) {
  const p = await localPurchase(db, provider, sessionId, viewer);
  if (!provider) throw notFound("Ta pot ne obstaja.");
  const payload = JSON.stringify({
    id: `evt_local_${randomToken(18)}`,
    object: "event",
    type: outcome === "paid" ? "checkout.session.completed" : "checkout.session.expired",
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: outcome === "paid" ? "paid" : "unpaid",
        amount_total: p.amount,
        currency: "eur",
        client_reference_id: String(p.id),
        metadata: { purchaseId: String(p.id) },
      },
    },
  });
  const signature = await signLocalEvent(payload);
  if (!signature) throw new AppError(503, msg.paymentFailed, { code: "PAYMENT_UNAVAILABLE" });
  await handlePaymentWebhook(db, provider, payload, signature, receipts, now);
  return { redirectUrl: (outcome === "paid" ? p.successUrl : p.cancelUrl) ?? "/" };
}
