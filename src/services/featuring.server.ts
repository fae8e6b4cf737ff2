import type { SessionUser } from "~/domain/session";
import {
  clearExpiredFeaturing,
  closePendingPurchase,
  featuredStateOf,
  findPostingForFeaturing,
  findPurchase,
  findPurchaseBySession,
  fulfilPaidPurchase,
  hasOpenCheckout,
  insertCardPurchase,
  insertPurchase,
  latestPaidPurchase,
  latestPurchaseBy,
  listActivePricingItems,
  recordPaymentEvent,
  recordRefund,
  redeemFree,
  redeemWithCreditDays,
  setPurchaseSession,
  endFeaturingForHiddenVin,
  cancelFeaturing as storeCancelledFeaturing,
  type PostingForFeaturing,
} from "~/db/featuring.server";
import type { Db } from "~/db/client.server";
import { appConfig } from "~/app.config";
import { AppError, badRequest, forbidden, notFound } from "~/domain/errors";
import {
  advertisingState,
  cancelledFeaturedUntil,
  featuredLastDay,
  featuringPackageLabels,
  isFeaturingPackage,
  maxPurchasableDays,
  optionTotalCents,
  pricingOptions,
  publicPackages,
  remainingFeaturedDays,
  sameSiteUrl,
  type BuyResult,
  type FeaturingPackage,
  type PostingPricing,
  type PublicPackage,
} from "~/domain/featuring";
import { featuringMessages as msg, type BuyPricingItemInput } from "~/contracts/featuring";
import { randomToken } from "~/lib/crypto";
import { dayForms, plural } from "~/domain/plural";
import {
  PaymentSignatureError,
  signLocalEvent,
  type PaymentEvent,
  type PaymentProvider,
} from "./providers/payment.server";
import { canManagePosting } from "./posting-detail.server";

/** `GET pricing-items`: the public price list of the advertising page. */
export async function getPublicPackages(db: Db): Promise<PublicPackage[]> {
  return publicPackages(await listActivePricingItems(db));
}

async function managedPosting(db: Db, code: string, viewer: SessionUser): Promise<PostingForFeaturing> {
  const posting = await findPostingForFeaturing(db, code);
  if (!posting) throw notFound("Oglas ne obstaja.");
  if (!canManagePosting(viewer, posting)) throw forbidden(msg.forbidden);
  return posting;
}

const openMinutes = appConfig.limits.featuringCheckoutOpenMinutes;

/** A number is on the profile, but no admin has verified it (decision 039). */
const membershipUnverified = (viewer: SessionUser) =>
  Boolean(viewer.amzsMembershipNumber?.trim()) && viewer.amzsMembershipVerified !== true;

const featuredPackageOf = (p: { featuredPackage: string | null }): FeaturingPackage | null =>
  isFeaturingPackage(p.featuredPackage) ? p.featuredPackage : null;

/** `GET postings/{code}/pricing-items`: the options for the posting's manager (403 for anyone else). */
export async function getPostingPricing(
  db: Db,
  code: string,
  viewer: SessionUser,
  now = new Date(),
): Promise<PostingPricing> {
  const posting = await managedPosting(db, code, viewer);
  const items = await listActivePricingItems(db);
  const featured = remainingFeaturedDays(posting.featuredUntil, now) > 0;
  const creditDays = posting.dealershipId === null ? null : (posting.creditDays ?? 0);
  const [open, last, mine] = await Promise.all([
    hasOpenCheckout(db, posting.id, now, openMinutes),
    latestPaidPurchase(db, posting.id),
    latestPurchaseBy(db, posting.id, viewer.id),
  ]);
  return {
    postId: posting.id,
    code: posting.code,
    title: [posting.manufacturerName, posting.modelName].filter(Boolean).join(" ") || null,
    status: posting.status,
    advertisingState: advertisingState(posting, now),
    featuredUntil: featured ? posting.featuredUntil : null,
    featuredUntilDay: featured && posting.featuredUntil ? featuredLastDay(posting.featuredUntil) : null,
    featuredPackage: featured ? featuredPackageOf(posting) : null,
    featuredCancelled: featured && posting.featuredCancelled,
    remainingDays: remainingFeaturedDays(posting.featuredUntil, now),
    maxDays: maxPurchasableDays(posting.featuredUntil, now),
    creditDays,
    canBuy: posting.status === "PUBLISHED",
    packages: pricingOptions(items, {
      featuredUntil: posting.featuredUntil,
      now,
      hasMembership: viewer.amzsMembershipVerified === true,
      membershipUnverified: membershipUnverified(viewer),
      creditDays,
    }),
    openCheckout: open,
    lastPayment: last
      ? {
          days: last.days,
          deliveredDays: last.deliveredDays ?? last.days,
          surplusDays: last.surplusDays,
          refund: last.refundAmount,
          refundStatus: last.refundStatus,
          paidAt: last.fulfilledAt,
        }
      : null,
    lastPurchase:
      mine && (mine.status === "PAID" || mine.status === "REDEEMED" || mine.status === "PENDING")
        ? { days: mine.status === "PAID" ? (mine.deliveredDays ?? mine.days) : mine.days, status: mine.status }
        : null,
  };
}

export type BuyContext = {
  /** Our origins: the first one builds absolute return addresses from paths. */
  origins: string[];
  /** Created only when a card payment is needed; null when none is configured. */
  provider: () => Promise<PaymentProvider | null>;
  now?: Date;
};

const field = (name: string, message: string) => badRequest(message, [{ field: name, kind: "INVALID", message }]);

/**
 * `POST postings/{code}/buy-pricing-item`: free options and dealer credit days are redeemed at
 * once; everything else opens a card checkout. Days are added only by a redemption here or by
 * the provider's signed webhook, never by the buyer's return to the success page.
 */
export async function buyPricingItem(
  db: Db,
  code: string,
  viewer: SessionUser,
  input: BuyPricingItemInput,
  ctx: BuyContext,
): Promise<BuyResult> {
  const now = ctx.now ?? new Date();
  const posting = await managedPosting(db, code, viewer);
  if (posting.status !== "PUBLISHED") throw new AppError(409, msg.notPublished, { code: "NOT_PUBLISHED" });
  // Spec section 5: a posting with a hidden VIN is not promoted.
  if (posting.hiddenVin) throw new AppError(409, hiddenVinNotPromoted, { code: "HIDDEN_VIN" });
  const featured = remainingFeaturedDays(posting.featuredUntil, now) > 0;
  const pkg = input.package ?? (featured ? featuredPackageOf(posting) : null) ?? "STANDARD";
  const item = (await listActivePricingItems(db)).find((i) => i.package === pkg && i.days === input.numberOfDays);
  if (!item) throw field("numberOfDays", msg.option);
  // The members' price needs a verified membership: a number typed into the profile is not enough.
  if (item.requiresMembership && viewer.amzsMembershipVerified !== true)
    throw field("package", membershipUnverified(viewer) ? msg.membershipUnverified : msg.membership);
  if (item.days > maxPurchasableDays(posting.featuredUntil, now)) throw field("numberOfDays", msg.cap);
  const successUrl = sameSiteUrl(input.successUrl, ctx.origins);
  if (!successUrl) throw field("successUrl", msg.url);
  const cancelUrl = sameSiteUrl(input.cancelUrl, ctx.origins);
  if (!cancelUrl) throw field("cancelUrl", msg.url);

  const amount = optionTotalCents(item.pricePerDay, item.days);
  const base = {
    postingId: posting.id,
    userId: viewer.id,
    pricingItemId: item.id,
    package: pkg,
    days: item.days,
    successUrl,
    cancelUrl,
  };
  const redeemed = async () =>
    ({
      result: "redeemed",
      days: item.days,
      featuredUntil: (await featuredStateOf(db, posting.id))?.featuredUntil ?? null,
    }) as const;

  if (amount === 0) {
    const id = await insertPurchase(db, { ...base, amount: 0, provider: "free" });
    if (await redeemFree(db, { id, postingId: posting.id, days: item.days, package: pkg }, now)) return redeemed();
    return { result: "failed", message: msg.paymentFailed };
  }
  if (posting.dealershipId !== null && (posting.creditDays ?? 0) >= item.days) {
    const id = await insertPurchase(db, { ...base, amount: 0, provider: "credit-days" });
    const reason = `Izpostavitev oglasa ${posting.code} (${plural(item.days, dayForms)})`;
    if (
      await redeemWithCreditDays(
        db,
        { id, postingId: posting.id, days: item.days, package: pkg },
        posting.dealershipId,
        viewer.id,
        reason,
        now,
      )
    )
      return redeemed();
    // The balance was spent meanwhile: this purchase ends, the buyer may choose again.
    await closePendingPurchase(db, id, "FAILED");
    return { result: "failed", message: msg.paymentFailed };
  }

  const provider = await ctx.provider().catch(() => null);
  if (!provider) {
    const id = await insertPurchase(db, { ...base, amount, provider: "none" });
    await closePendingPurchase(db, id, "FAILED");
    return { result: "failed", message: msg.paymentFailed };
  }
  // One open checkout per posting, held by the insert itself: two checkouts paid for the same
  // free days would sell days that cannot be delivered (decision 038).
  const id = await insertCardPurchase(db, { ...base, amount, provider: provider.id }, now, openMinutes);
  if (id === null) throw new AppError(409, msg.checkoutOpen, { code: "CHECKOUT_OPEN" });
  try {
    const title = [posting.manufacturerName, posting.modelName].filter(Boolean).join(" ") || posting.code;
    const expiresAt = new Date(now.getTime() + openMinutes * 60_000);
    const session = await provider.createCheckout({
      purchaseId: id,
      amount,
      description: `Izpostavitev oglasa ${title}: ${featuringPackageLabels[pkg]}, ${plural(item.days, dayForms)}`,
      successUrl,
      cancelUrl,
      expiresAt,
    });
    await setPurchaseSession(db, id, session.sessionId);
    return { result: "payment", sessionId: session.sessionId, url: session.url };
  } catch (error) {
    console.error("checkout failed", error);
    await closePendingPurchase(db, id, "FAILED");
    return { result: "failed", message: msg.paymentFailed };
  }
}

/** Why featuring is refused for a posting whose VIN is hidden (spec section 5). */
export const hiddenVinNotPromoted =
  "Oglasa s skrito številko šasije ni mogoče izpostaviti. Prikažite številko šasije in poskusite znova.";

/**
 * A featured posting whose VIN became hidden stops being featured at once; the whole days after
 * today are credited as decision 038 credits a surplus (card share refunded through the provider,
 * dealer credit days returned). Refund failures are recorded as FAILED for support.
 */
export async function endFeaturingForHiddenVinPosting(
  db: Db,
  posting: { id: number; dealershipId: number | null; featuredUntil: string | null },
  actorUserId: number,
  provider: () => Promise<PaymentProvider | null>,
  now = new Date(),
) {
  if (!posting.featuredUntil || posting.featuredUntil <= now.toISOString()) return;
  const owed = await endFeaturingForHiddenVin(
    db,
    { ...posting, featuredUntil: posting.featuredUntil },
    actorUserId,
    now,
  );
  if (!owed?.length) return;
  const payments = await provider().catch(() => null);
  for (const r of owed) {
    try {
      if (!payments || !r.sessionId) throw new Error("no payment provider or session to refund through");
      const { refundId } = await payments.refund({
        purchaseId: r.purchaseId,
        sessionId: r.sessionId,
        paymentIntent: null,
        amount: r.amount,
        idempotencyKey: `featuring-refund-${r.purchaseId}-hidden-vin-${posting.featuredUntil}`,
      });
      await recordRefund(db, r.purchaseId, { status: "REFUNDED", refundId });
    } catch (error) {
      console.error("featuring refund for a hidden VIN failed", { purchaseId: r.purchaseId, error });
      await recordRefund(db, r.purchaseId, { status: "FAILED" });
    }
  }
}

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
 * paid checkout once. Every event id is stored; replays and duplicate deliveries add nothing.
 */
export async function handlePaymentWebhook(
  db: Db,
  provider: PaymentProvider,
  rawBody: string,
  signature: string | null | undefined,
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
      try {
        const { refundId } = await provider.refund({
          purchaseId: purchase.id,
          sessionId: session.id,
          paymentIntent: typeof session.payment_intent === "string" ? session.payment_intent : null,
          amount: done.refundAmount,
        });
        await recordRefund(db, purchase.id, { status: "REFUNDED", refundId });
      } catch (error) {
        // Recorded on the purchase for support; the webhook still answers 200 (the payment itself is settled).
        console.error("featuring refund failed", { purchaseId: purchase.id, error });
        await recordRefund(db, purchase.id, { status: "FAILED" });
      }
    }
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
 * `DELETE postings/{code}/buy-pricing-item`: the posting stays featured to the end of the current
 * day (Europe/Ljubljana) and is marked cancelled. Not featured, or already ending today: 400.
 */
export async function cancelPostingFeaturing(db: Db, code: string, viewer: SessionUser, now = new Date()) {
  const posting = await managedPosting(db, code, viewer);
  if (advertisingState(posting, now) !== "ADVERTISED" || !posting.featuredUntil)
    throw new AppError(400, msg.cancelFailed, { code: "NOT_CANCELLABLE" });
  const until = cancelledFeaturedUntil(posting.featuredUntil, now);
  if (!(await storeCancelledFeaturing(db, posting.id, until, now)))
    throw new AppError(400, msg.cancelFailed, { code: "NOT_CANCELLABLE" });
  // The date the answer names is today's (Europe/Ljubljana): the same day the message's "še tekoči dan" means.
  return { message: msg.cancelled, featuredUntil: until, featuredUntilDay: featuredLastDay(until) };
}

/** The daily cron: featured state whose end has passed is cleared. */
export function expireFeaturing(db: Db, now = new Date()) {
  return clearExpiredFeaturing(db, now);
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
  await handlePaymentWebhook(db, provider, payload, signature, now);
  return { redirectUrl: (outcome === "paid" ? p.successUrl : p.cancelUrl) ?? "/" };
}
