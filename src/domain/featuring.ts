import { appConfig } from "~/app.config";
import { endOfLjubljanaDay, ljubljanaDay } from "./ljubljana-time";

/**
 * Paid featuring of a posting (spec sections 1, 4, 7, 9): packages, day caps, totals and the
 * "featured until" arithmetic. Pure: the server, the pages and the tests share it.
 */
export const featuringPackages = ["STANDARD", "EXPOSED", "EXPOSED_MEMBERS"] as const;
export type FeaturingPackage = (typeof featuringPackages)[number];

/** Package names as the pages and the receipt show them. */
export const featuringPackageLabels: Record<FeaturingPackage, string> = {
  STANDARD: "Standard",
  EXPOSED: "Izpostavljeno",
  EXPOSED_MEMBERS: "Izpostavljeno (člani AMZS)",
};

/** What the seller picked: a package and a number of days. */
export type FeaturingChoice = { package: FeaturingPackage; days: number };

export const isFeaturingPackage = (v: unknown): v is FeaturingPackage =>
  (featuringPackages as readonly unknown[]).includes(v);

/** A posting is featured for at most this many days from now (spec section 9). */
export const featuringMaxDays = appConfig.limits.featuringMaxDays;

const dayMs = 86_400_000;

/** A price row as stored (pricing_items): price per day in cents. */
export type PricingItem = {
  id: number;
  package: FeaturingPackage;
  days: number;
  pricePerDay: number;
  requiresMembership: boolean;
};

/** One choice of days within a package (money in integer cents, as the API answers it: decision 050). */
export type PricingOption = {
  pricingItemId: number;
  package: FeaturingPackage;
  days: number;
  pricePerDay: number;
  total: number;
  free: boolean;
  /** False when the days would pass the 180-day cap (a top-up of a featured posting). */
  available: boolean;
  /** The dealership's advertising credit days pay for it: no card payment. */
  coveredByCreditDays: boolean;
};

export type PackageUnavailableReason = "MEMBERSHIP_REQUIRED" | "MEMBERSHIP_UNVERIFIED";

export type PackageOptions = {
  package: FeaturingPackage;
  requiresMembership: boolean;
  available: boolean;
  unavailableReason: PackageUnavailableReason | null;
  /** The lowest price per day among its options (cents), for "od 0,50 € na dan". */
  pricePerDayFrom: number;
  options: PricingOption[];
};

/** Spec section 3: advertising state of a posting. */
export type AdvertisingState = "ADVERTISED" | "ADVERTISED_NON_CANCELLABLE" | "NOT_ADVERTISED";

/** `GET postings/{code}/pricing-items`. */
export type PostingPricing = {
  postId: number;
  code: string;
  /** Make and model, for the page heading. */
  title: string | null;
  status: string;
  advertisingState: AdvertisingState;
  featuredUntil: string | null;
  /** The last calendar day (Europe/Ljubljana, YYYY-MM-DD) the posting is featured on: what "izpostavljen do" shows. */
  featuredUntilDay: string | null;
  featuredPackage: FeaturingPackage | null;
  featuredCancelled: boolean;
  /** Whole days left (a started day counts), 0 when not featured. */
  remainingDays: number;
  /** Days that can still be added without passing the cap. */
  maxDays: number;
  /** The dealership's advertising credit days; null for a private posting. */
  creditDays: number | null;
  /** Featuring is bought for published postings only (the wizard publishes first). */
  canBuy: boolean;
  packages: PackageOptions[];
  /** A card checkout is open for this posting: no second one until it is paid, cancelled or expired (decision 038). */
  openCheckout: boolean;
  /** The latest paid card purchase: days delivered, days that no longer fitted under the ceiling and their refund (cents). */
  lastPayment: {
    days: number;
    deliveredDays: number;
    surplusDays: number;
    refund: number;
    refundStatus: "PENDING" | "REFUNDED" | "FAILED" | null;
    paidAt: string | null;
  } | null;
  /**
   * The viewer's latest purchase for this posting (paid, redeemed, or a card payment awaiting the
   * provider): the days it bought, as the success page shows them; null when there is none.
   */
  lastPurchase: { days: number; status: "PAID" | "REDEEMED" | "PENDING" } | null;
};

/** `GET pricing-items`: the public price list for the advertising page. */
export type PublicPackage = {
  package: FeaturingPackage;
  requiresMembership: boolean;
  pricePerDayFrom: number;
  days: number[];
};

/** `POST postings/{code}/buy-pricing-item` (spec section 4: payment redirect, redeemed, or failed). */
export type BuyResult =
  | { result: "payment"; sessionId: string; url: string }
  | { result: "redeemed"; days: number; featuredUntil: string | null }
  | { result: "failed"; message: string };

/** Total of an option in cents (integer maths: no float drift on 0,90 € × 7). */
export const optionTotalCents = (pricePerDayCents: number, days: number) => pricePerDayCents * days;

const time = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** The order number a receipt and support use for a featuring purchase: "IZP-000042" (decision 062). */
export const featuringOrderNumber = (purchaseId: number) => `IZP-${String(purchaseId).padStart(6, "0")}`;

/** True while `featuredUntil` lies in the future. */
export function isFeatured(featuredUntil: string | null, now: Date): boolean {
  return featuredUntil !== null && time(featuredUntil) > now.getTime();
}

/** Whole days of featuring left; a started day counts as one. */
export function remainingFeaturedDays(featuredUntil: string | null, now: Date): number {
  if (!isFeatured(featuredUntil, now)) return 0;
  return Math.ceil((time(featuredUntil) - now.getTime()) / dayMs);
}

/** How many days can still be bought: the cap minus what is left. */
export function maxPurchasableDays(featuredUntil: string | null, now: Date): number {
  return Math.max(0, featuringMaxDays - remainingFeaturedDays(featuredUntil, now));
}

/**
 * The new end after buying `days`: added to the current end (or to now when not featured), never
 * past 180 days from now. The fulfilment SQL in src/db/featuring.server.ts does the same sum.
 */
export function extendFeaturedUntil(featuredUntil: string | null, days: number, now: Date): string {
  const base = Math.max(isFeatured(featuredUntil, now) ? time(featuredUntil) : now.getTime(), now.getTime());
  const cap = now.getTime() + featuringMaxDays * dayMs;
  return new Date(Math.min(base + days * dayMs, cap)).toISOString();
}

/**
 * The last Ljubljana calendar day (YYYY-MM-DD) a featuring that ends at `featuredUntil` covers: an end at
 * local midnight (a cancelled featuring, "še tekoči dan") belongs to the day before it.
 */
export function featuredLastDay(featuredUntil: string): string {
  return ljubljanaDay(new Date(time(featuredUntil) - 1));
}

/** After a cancel the posting stays featured to the end of the current day (Europe/Ljubljana), no longer. */
export function cancelledFeaturedUntil(featuredUntil: string, now: Date): string {
  return new Date(Math.min(time(featuredUntil), endOfLjubljanaDay(now).getTime())).toISOString();
}

/** ADVERTISED can be cancelled; a cancelled one (or one ending today anyway) cannot. */
export function advertisingState(
  posting: { featuredUntil: string | null; featuredCancelled: boolean },
  now: Date,
): AdvertisingState {
  if (!isFeatured(posting.featuredUntil, now)) return "NOT_ADVERTISED";
  if (posting.featuredCancelled || time(posting.featuredUntil) <= endOfLjubljanaDay(now).getTime())
    return "ADVERTISED_NON_CANCELLABLE";
  return "ADVERTISED";
}

/**
 * A posting's featuring as its seller sees it ("Moji oglasi", the owner bar on the posting page), or null
 * when it is not featured. `atStake`: days beyond today are left (not cancelled), so marking the posting
 * sold or removing it asks first and says what happens to them (decision 062).
 */
export type OwnFeaturing = { untilDay: string; daysLeft: number; package: FeaturingPackage | null; atStake: boolean };

export function ownFeaturing(
  p: { featuredUntil: string | null; featuredPackage: string | null; featuredCancelled: boolean | null },
  now: Date,
): OwnFeaturing | null {
  if (p.featuredUntil === null || !isFeatured(p.featuredUntil, now)) return null;
  const state = advertisingState(
    { featuredUntil: p.featuredUntil, featuredCancelled: p.featuredCancelled === true },
    now,
  );
  return {
    untilDay: featuredLastDay(p.featuredUntil),
    daysLeft: remainingFeaturedDays(p.featuredUntil, now),
    package: isFeaturingPackage(p.featuredPackage) ? p.featuredPackage : null,
    atStake: state === "ADVERTISED",
  };
}

/** hasMembership: a verified AMZS membership (decision 039); membershipUnverified: a number is on the profile but not verified yet. */
export type PricingContext = {
  featuredUntil: string | null;
  now: Date;
  hasMembership: boolean;
  membershipUnverified?: boolean;
  creditDays: number | null;
};

/** The options a posting's manager sees: per package, each day count with price, total, free, cap and credit cover. */
export function pricingOptions(items: readonly PricingItem[], ctx: PricingContext): PackageOptions[] {
  const maxDays = maxPurchasableDays(ctx.featuredUntil, ctx.now);
  return featuringPackages.flatMap((pkg): PackageOptions[] => {
    const rows = items.filter((i) => i.package === pkg).sort((a, b) => a.days - b.days);
    if (rows.length === 0) return [];
    const requiresMembership = rows.some((r) => r.requiresMembership);
    const membershipMissing = requiresMembership && !ctx.hasMembership;
    return [
      {
        package: pkg,
        requiresMembership,
        available: !membershipMissing,
        unavailableReason: membershipMissing
          ? ctx.membershipUnverified
            ? "MEMBERSHIP_UNVERIFIED"
            : "MEMBERSHIP_REQUIRED"
          : null,
        pricePerDayFrom: Math.min(...rows.map((r) => r.pricePerDay)),
        options: rows.map((r) => ({
          pricingItemId: r.id,
          package: pkg,
          days: r.days,
          pricePerDay: r.pricePerDay,
          total: optionTotalCents(r.pricePerDay, r.days),
          free: r.pricePerDay === 0,
          available: r.days <= maxDays,
          coveredByCreditDays: r.pricePerDay > 0 && ctx.creditDays !== null && ctx.creditDays >= r.days,
        })),
      },
    ];
  });
}

/** The public price list: per package the day choices and the lowest price per day. */
export function publicPackages(items: readonly PricingItem[]): PublicPackage[] {
  return pricingOptions(items, { featuredUntil: null, now: new Date(0), hasMembership: true, creditDays: null }).map(
    (p) => ({
      package: p.package,
      requiresMembership: p.requiresMembership,
      pricePerDayFrom: p.pricePerDayFrom,
      days: p.options.map((o) => o.days),
    }),
  );
}

/**
 * A return address for the payment provider: a same-site path ("/oglasevanje/1/konec") or an
 * absolute URL on one of our origins. Anything else (other hosts, "//evil", backslashes) is null:
 * the checkout must never become an open redirect.
 */
export function sameSiteUrl(raw: string, origins: readonly string[]): string | null {
  const value = raw.trim();
  const home = origins[0];
  if (!home || value.includes("\\") || /[\u0000-\u001f]/.test(value)) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return new URL(value, home).toString();
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && origins.includes(url.origin)
      ? url.toString()
      : null;
  } catch {
    return null;
  }
}
