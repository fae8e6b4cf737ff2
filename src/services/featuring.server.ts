import type { SessionUser } from "~/domain/session";
import {
  clearExpiredFeaturing,
  closePendingPurchase,
  featuredStateOf,
  findPostingForFeaturing,
  hasOpenCheckout,
  insertCardPurchase,
  insertPurchase,
  latestPaidPurchase,
  latestPurchaseBy,
  listActivePricingItems,
  setPurchaseSession,
  cancelFeaturing as storeCancelledFeaturing,
  type PostingForFeaturing,
} from "~/db/featuring.server";
import { redeemFree, redeemWithCreditDays } from "~/db/featuring-fulfilment.server";
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
import { dayForms, plural } from "~/domain/plural";
import type { PaymentProvider } from "./providers/payment.server";
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
