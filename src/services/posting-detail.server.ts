import { weekOf } from "~/domain/opening-hours";
import { weekLine } from "~/domain/opening-hours-labels";
import type { SessionInBatch, SessionUser } from "~/domain/session";
import { toSessionInfo } from "~/db/users.server";
import { normalizeOffer, offerTermsOnly } from "~/domain/financing";
import { shownSpecialPrice } from "~/domain/price-display";
import type { Db } from "~/db/client.server";
import { denseViews, lastDaysFrom } from "~/domain/views-series";
import {
  countVisitorViews,
  findPostingAccess,
  publishedPostingIds,
  findPostingDetail,
  findPostingPageWithSession,
  type PostingDetailRow,
  viewsPerDay,
} from "~/db/posting-detail.server";
import type { BadgeType } from "~/domain/enums/posting";
import { AppError, notFound } from "~/domain/errors";
import { type DescriptorScope, pickDescriptor } from "~/domain/equipment-descriptor";
import { postingLevelFieldKeys, readFields, vehicleFieldKeys } from "~/domain/posting-field-table/table";
import { bySection } from "~/domain/photo-order";
import { pictureFileTypes, type PostingDetail, toPostingFile } from "~/domain/posting-detail";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { ownFeaturing } from "~/domain/featuring";
import { sha256Hex } from "~/lib/crypto";
import { similarShown } from "~/db/search.server";
import type { PostingCard } from "~/domain/posting-card";
import { toPostingCard } from "./marketplace.server";

/** Each equipment item once, with the descriptor for the posting's make (a make's own before a general one). */
function postingEquipment(row: PostingDetailRow): PostingDetail["equipment"] {
  const make = row.manufacturerCode ?? null;
  const items = new Map<
    string,
    {
      kind: PostingDetail["equipment"][number]["kind"];
      packageName: string | null;
      candidates: (PostingDetailRow["equipment"][number] & DescriptorScope)[];
    }
  >();
  for (const e of row.equipment) {
    const item = items.get(e.code) ?? {
      kind: e.kind,
      packageName: e.kind === "PACKAGE" ? e.packageName : null,
      candidates: [],
    };
    if (e.descriptorId !== null)
      item.candidates.push({
        ...e,
        id: e.descriptorId,
        equipmentCode: e.code,
        limitedToMakes: e.descriptorMakes ?? [],
      });
    items.set(e.code, item);
  }
  return [...items].map(([code, { kind, packageName, candidates }]) => {
    const d = pickDescriptor(candidates, code, make);
    return {
      code,
      kind,
      packageName,
      descriptor: d?.descriptorName
        ? {
            name: d.descriptorName,
            link: d.descriptorLink,
            videoId: d.descriptorVideoId,
            text: d.descriptorText,
            articleLink: d.descriptorArticleLink,
          }
        : null,
    };
  });
}

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ") || null;
const hours = (from: string | null, to: string | null) => (from && to ? `${from}–${to}` : null);

/** Owner, a colleague in the posting's dealership, an editor or an admin. */
export function canManagePosting(
  user: SessionUser | null | undefined,
  posting: { userId: number; dealershipId: number | null },
) {
  if (!user) return false;
  return (
    user.id === posting.userId ||
    (posting.dealershipId !== null && user.dealershipId === posting.dealershipId) ||
    user.amzsAdmin ||
    user.amzsPostingEditor
  );
}

/**
 * The seller's side of a posting: its owner or a colleague in its dealership. Editors and admins manage
 * postings but act for a seller only by impersonating, so featuring and the owner bar are not theirs.
 */
export function isSellerSide(
  user: SessionUser | null | undefined,
  posting: { userId: number; dealershipId: number | null },
) {
  if (!user) return false;
  return user.id === posting.userId || (posting.dealershipId !== null && user.dealershipId === posting.dealershipId);
}

/** The posting is gone for the public: sold, expired or removed (410, with similar vehicles). */
export const goneStatuses = new Set(["SOLD", "EXPIRED", "REMOVED"]);

export function postingGone() {
  return new AppError(410, "Ta avto je bil tako dober, da je že prodan. Oglas ni več na voljo.", {
    code: "POSTING_GONE",
  });
}

/** The amounts of a price "Po dogovoru" (decision 088, session 23): a buyer reads none of them. */
const keptAmounts = { price: null, specialPrice: null, priceWithoutVat: null, financingPrice: null } as const;

type PriceChangeRow = PostingDetailRow["priceChanges"][number];

/**
 * The price history as buyers saw it (decision 088, session 23), from the latest changes (newest first): an amount
 * typed while the price could not be seen ("Po dogovoru", hidden) is left out, and the change is from the last price
 * shown before it to the next one shown, dated when that one was set. A change's old amount was shown when its row
 * says so (`oldShown`; unknown before migration 0036, counted as shown); its new amount when the next change's old
 * one was, or, for the latest, when it is the posting's last shown price (`shownPrice`; unknown: counted as shown). A
 * change whose shown price is not known (its stretch begins before the latest rows) or that ends where it began is
 * left out.
 */
export function shownPriceHistory(
  changes: readonly PriceChangeRow[],
  shownPrice: number | null,
): PostingDetail["priceHistory"] {
  const out: PostingDetail["priceHistory"] = [];
  let from: number | null | undefined;
  for (let i = changes.length - 1; i >= 0; i--) {
    const c = changes[i] as PriceChangeRow;
    const next = changes[i - 1];
    if (c.oldShown !== 0) from = c.oldPrice;
    const newShown = next ? next.oldShown !== 0 : shownPrice === null || shownPrice === c.newPrice;
    if (!newShown) continue;
    if (from !== undefined && from !== c.newPrice)
      out.push({ oldPrice: from, newPrice: c.newPrice, changedAt: c.changedAt });
    from = c.newPrice;
  }
  return out.reverse();
}

export function toPostingDetail(
  row: PostingDetailRow,
  viewerCanEdit: boolean,
  now: Date,
  sellerSide = false,
): PostingDetail {
  const article = row.article;
  const p = row.posting;
  const d = row.details;
  const badges: BadgeType[] = [];
  if (p.badgeVerified) badges.push("VERIFIED");
  if (p.badgeGoodBuy) badges.push("GOOD_BUY");
  if (p.badgePromising) badges.push("PROMISING");
  if (p.badgeFinancing) badges.push("FINANCING");
  const dealer = row.dealership?.id ? row.dealership : null;
  const kept = p.priceType === "NEGOTIABLE" && !viewerCanEdit;
  const contactName = dealer ? (dealer.publicName ?? dealer.name) : fullName(row.seller);
  return {
    postId: p.id,
    code: p.code,
    status: p.status,
    sold: p.status === "SOLD",
    vin: p.hiddenVin ? null : p.vin,
    hiddenVin: p.hiddenVin,
    manufacturerCode: row.manufacturerCode,
    manufacturerName: row.manufacturerName,
    modelName: row.baseModelName,
    modelCode: row.baseModelCode,
    seriesName: row.seriesName,
    priceType: p.priceType,
    // The posting-level fields of the posting-field table (decision 055); the amounts a seller keeps "Po dogovoru"
    // only for those who edit the posting (decision 088, session 23).
    ...readFields(postingLevelFieldKeys, { postings: p, details: d }),
    // A special price the page does not show (kept beside a normal price) neither (session 24).
    ...(viewerCanEdit ? {} : { specialPrice: shownSpecialPrice(p) }),
    ...(kept ? keptAmounts : {}),
    hasRentalOptions: p.hasRentalOptions,
    rentalPrices: p.rentalPrices,
    // A "Po dogovoru" car's offer: the seller's terms only, not the amounts worked out from the kept price (session 24).
    financingOffers: (d?.financingOffers ?? []).map((o) =>
      kept ? offerTermsOnly(normalizeOffer(o)) : normalizeOffer(o),
    ),
    badges,
    badgeVerifiedDescription: d?.badgeVerifiedDescription ?? null,
    badgeGoodBuyDescription: d?.badgeGoodBuyDescription ?? null,
    verifiedAt: d?.verifiedAt ?? null,
    arrivalState: p.arrivalState,
    views: p.viewsTotal,
    publishedAt: p.publishedAt,
    featured: p.featuredUntil !== null && p.featuredUntil > now.toISOString(),
    vehicle: {
      ...readFields(vehicleFieldKeys, { postings: p, details: d }),
      slovenianVehicle: p.slovenianVehicle,
      energyClass: d?.energyClass ?? null,
    },
    warranty: d?.warrantyType ? { type: d.warrantyType, months: d.warrantyMonths } : null,
    equipment: postingEquipment(row),
    externalUrl: d?.externalUrl ?? null,
    // Exterior pictures first, so the gallery opens on the cover (decision 058).
    pictures: bySection(
      row.files.filter((f) => pictureFileTypes.has(f.fileType) && f.mimeType.startsWith("image/")),
    ).map(toPostingFile),
    // Buyers read a document by its type and date, never its file name.
    documents: row.files
      .filter((f) => !pictureFileTypes.has(f.fileType) && !f.fileType.startsWith("BADGE_"))
      .map((f) => ({ ...toPostingFile(f), name: null })),
    history: {
      odometer: d?.historyOdometer ?? [],
      ownerAge: d?.historyOwnerAge ?? [],
      registrationOutcomes: d?.historyRegistrationOutcomes ?? [],
    },
    register: d?.registerCheckedAt
      ? { checkedAt: d.registerCheckedAt, stolen: d.registerStolen, pledged: d.registerPledged }
      : null,
    seller: {
      type: dealer ? "dealer" : "person",
      dealer: dealer
        ? {
            code: dealer.code,
            name: dealer.publicName ?? dealer.name,
            address: dealer.address,
            postalCode: dealer.postalCode,
            city: dealer.city,
            logoUrl: dealer.logoKey ? `/media/${dealer.logoKey}` : null,
            webPage: dealer.webPage,
            hours: {
              weekdays: hours(dealer.weekdayFrom, dealer.weekdayTo),
              saturday: hours(dealer.saturdayFrom, dealer.saturdayTo),
              week: weekOf(dealer),
              summary: weekLine(weekOf(dealer)),
            },
          }
        : null,
      contact: {
        name: contactName,
        phone: d?.contactPhone ?? (dealer ? dealer.phone : row.seller.phoneNumber),
        // No private seller's address is ever published (issue 24, decision 065): buyers write through the inquiry
        // form, which delivers to the address the seller entered without showing it. Only the seller's own view has
        // it; a dealership's business address stays public.
        email: dealer ? (d?.contactEmail ?? dealer.email) : sellerSide ? (d?.contactEmail ?? null) : null,
      },
      region: p.contactRegion,
      place: d?.contactPlace ?? dealer?.city ?? null,
      salesperson: row.salesperson ? { name: fullName(row.salesperson), phone: row.salesperson.phoneNumber } : null,
      contacts: dealer
        ? row.contacts.map((c) => ({ name: c.name, phone: c.phone, email: c.email, comment: c.comment }))
        : [],
    },
    article: article
      ? {
          title: article.title,
          summary: article.summary,
          link: article.moreLink,
          imageUrl: article.imageKey ? `/media/${article.imageKey}` : null,
        }
      : null,
    marketValue:
      p.priceRating && row.market
        ? {
            rating: p.priceRating,
            low: row.market.low,
            mid: row.market.mid,
            high: row.market.high,
            deviationBp: p.marketDeviationBp,
            comparables: row.market.comparables,
            scope: row.market.scope,
            yearFrom: row.market.yearFrom,
            yearTo: row.market.yearTo,
            factors: row.market.factors,
            computedAt: row.market.computedAt,
          }
        : null,
    // A price "Po dogovoru" is the seller's to keep: its past amounts are not shown either.
    priceHistory: p.priceType === "NEGOTIABLE" ? [] : shownPriceHistory(row.priceChanges, p.shownPrice),
    viewerCanEdit,
    // Only its seller learns until when the posting is featured and which days are at stake (decision 062).
    owner: sellerSide ? { featuring: ownFeaturing(p, now) } : null,
  };
}

/**
 * `GET postings/{code}` (code or numeric id). Drafts and hidden postings exist only for those who
 * manage them (404 for the rest); sold, expired and removed ones answer 410 for the public. Each
 * public view is counted for the day, handed to `later` (after the response) when given. With `similar`
 * (the posting page), the answer also has the similar vehicles' cards, read in the same D1 round trip
 * (decision 089): the same cards as `GET marketplace/similar-vehicles/{code}`.
 */
export async function getPostingDetail(
  db: Db,
  codeOrId: string,
  caller: SessionUser | null,
  options: {
    countView: boolean;
    client?: string;
    later?: (work: () => Promise<unknown>) => void;
    similar?: boolean;
    /** The signed-in page's call (decision 089): `caller` is ignored, the session is read first in the batch. */
    sessionInBatch?: SessionInBatch;
  },
  now = new Date(),
): Promise<PostingDetail & { similar?: PostingCard[] }> {
  const similar = options.similar ? { similar: similarShown } : {};
  let row: PostingDetailRow | null;
  let viewer = caller;
  if (options.sessionInBatch) {
    const page = await findPostingPageWithSession(db, codeOrId, now, options.sessionInBatch.hash, similar);
    // The same statement and the same mapping as the session middleware's lookup, as of the same instant.
    const session = toSessionInfo(page.session, true);
    options.sessionInBatch.settle(session);
    viewer = session?.user ?? null;
    row = page.detail;
  } else row = await findPostingDetail(db, codeOrId, now, similar);
  if (!row) throw notFound("Oglas ne obstaja.");
  const p = row.posting;
  const manager = canManagePosting(viewer, p);
  if (!manager && (p.status === "DRAFT" || p.hidePosting)) throw notFound("Oglas ne obstaja.");
  if (!manager && goneStatuses.has(p.status)) throw postingGone();
  if (options.countView && !manager && p.status === "PUBLISHED") {
    const day = ljubljanaDay(now);
    const who = viewer ? `user:${viewer.id}` : `client:${options.client ?? "unknown"}`;
    const counting = () =>
      visitorKey(day, who).then((visitor) => countVisitorViews(db, new Map([[p.id, [visitor]]]), day));
    // The route counts after the response (decisions 081, 089); without `later` the count is awaited here.
    if (options.later) options.later(counting);
    else await counting();
  }
  const detail = toPostingDetail(row, manager, now, isSellerSide(viewer, p));
  return row.similar ? { ...detail, similar: row.similar.map((card) => toPostingCard(card, now)) } : detail;
}

/**
 * A visitor as stored for view counting: a one-way hash of the day and the account or client, so
 * the table holds no addresses and a visitor of one day cannot be followed to the next.
 */
const visitorKey = (day: string, who: string) => sha256Hex(`view:${day}:${who}`).then((h) => h.slice(0, 32));

/**
 * Writes the views of posting pages served from the response cache (decision 026), as of today:
 * `views` maps a posting's id or code to the clients that opened it (anonymous visitors only).
 */
export async function countCachedPageViews(db: Db, views: ReadonlyMap<string, ReadonlySet<string>>, now = new Date()) {
  const day = ljubljanaDay(now);
  const ids = await publishedPostingIds(db, [...views.keys()]);
  const perPosting = new Map<number, Set<string>>();
  for (const [key, clients] of views) {
    const id = ids.get(key);
    if (id === undefined) continue;
    const visitors = perPosting.get(id) ?? new Set<string>();
    for (const client of clients) visitors.add(await visitorKey(day, `client:${client}`));
    perPosting.set(id, visitors);
  }
  await countVisitorViews(db, new Map([...perPosting].map(([id, v]) => [id, [...v]])), day);
}

/** Days in the views charts (today included). */
export const statisticsDays = 30;

/** `GET postings/{code}/statistics`: views on each of the last 30 days (zeros included), for those who manage the posting. */
export async function postingStatistics(db: Db, code: string, viewer: SessionUser, now = new Date()) {
  const access = await findPostingAccess(db, code);
  if (!access) throw notFound("Oglas ne obstaja.");
  if (!canManagePosting(viewer, access))
    throw new AppError(403, "Statistika oglasa je na voljo le prodajalcu.", { code: "FORBIDDEN" });
  const from = lastDaysFrom(now, statisticsDays);
  const days = denseViews(from, statisticsDays, await viewsPerDay(db, access.id, from));
  return { code: access.code, total: access.viewsTotal, days };
}
