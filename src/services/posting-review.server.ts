import type { Db } from "~/db/client.server";
import {
  findForReview,
  listForReview,
  picturesOfPostings,
  saveReview,
  type ReviewRow,
} from "~/db/posting-review.server";
import type { BadgeType } from "~/domain/enums/posting";
import { badRequest, notFound } from "~/domain/errors";
import { searchPriceOf } from "~/domain/money";
import type { PostingReview, PostingReviewTab, ReviewItem } from "~/contracts/admin-posting-review";

export const postingReviewPageSize = 20;

export const promisingHiddenVin = "Značke Obetavno ni mogoče dodeliti oglasu s skrito številko šasije.";

/** The rows with their pictures (cover first), as the review list and its dialog show them. */
async function toItems(db: Db, rows: ReviewRow[]): Promise<ReviewItem[]> {
  const pictures = await picturesOfPostings(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toItem(
      r,
      pictures.filter((p) => p.postingId === r.id).map((p) => `/media/${p.key}`),
    ),
  );
}

const toItem = (r: ReviewRow, photos: string[]): ReviewItem => ({
  postId: r.id,
  code: r.code,
  title: [r.manufacturerName, r.modelName, r.trimName].filter(Boolean).join(" "),
  vin: r.vin,
  modelYear: r.modelYear,
  odometerKm: r.odometerKm,
  priceType: r.priceType,
  price: r.price,
  specialPrice: r.specialPrice,
  publishedAt: r.publishedAt,
  seller: r.dealershipName ?? ([r.sellerFirstName, r.sellerLastName].filter(Boolean).join(" ") || null),
  dealer: r.dealershipName !== null,
  imageUrl: r.coverKey ? `/media/${r.coverKey}` : null,
  photos,
  description: r.description,
  badges: (
    [
      [r.badgeVerified, "VERIFIED"],
      [r.badgeGoodBuy, "GOOD_BUY"],
      [r.badgePromising, "PROMISING"],
      [r.badgeFinancing, "FINANCING"],
    ] as const
  ).flatMap(([on, badge]) => (on ? [badge as BadgeType] : [])),
  badgeVerifiedDescription: r.badgeVerifiedDescription,
  badgeGoodBuyDescription: r.badgeGoodBuyDescription,
  corrected: r.postingType === "CORRECTED",
});

/** `GET posting-review`: published postings for editors, newest first or only the Promising ones. */
export async function listPostingReview(db: Db, query: { tab?: PostingReviewTab; q?: string; page?: number }) {
  const page = query.page ?? 1;
  const { rows, total } = await listForReview(db, {
    promising: query.tab === "promising",
    q: query.q || undefined,
    page,
    size: postingReviewPageSize,
  });
  return { total, page, size: postingReviewPageSize, postings: await toItems(db, rows) };
}

/**
 * `POST posting-review/{code}`: an editor corrects fields and sets badges. A changed field marks the
 * posting CORRECTED; granting Verified stamps when (the report is valid 30 days from then).
 */
export async function savePostingReview(
  db: Db,
  actor: { actorUserId: number; impersonatedUserId: number | null },
  code: string,
  input: PostingReview,
  now = new Date(),
) {
  const current = await findForReview(db, code);
  if (!current) throw notFound("Oglas ne obstaja.");
  // Spec section 5: a posting with a hidden VIN cannot carry the Promising badge, not even from an editor.
  if (input.badgePromising && current.hiddenVin)
    throw badRequest(promisingHiddenVin, [{ field: "badgePromising", kind: "INVALID", message: promisingHiddenVin }]);
  const posting: Record<string, unknown> = {
    badgeVerified: input.badgeVerified,
    badgeGoodBuy: input.badgeGoodBuy,
    badgePromising: input.badgePromising,
    updatedAt: now.toISOString(),
  };
  const details: Record<string, unknown> = {
    badgeVerifiedDescription: input.badgeVerified ? (input.badgeVerifiedDescription ?? null) : null,
    badgeGoodBuyDescription: input.badgeGoodBuy ? (input.badgeGoodBuyDescription ?? null) : null,
    verifiedAt: input.badgeVerified ? (current.badgeVerified ? current.verifiedAt : now.toISOString()) : null,
  };
  const corrections: Record<string, unknown> = {};
  const correct = (
    field: "price" | "specialPrice" | "odometerKm" | "modelYear",
    value: number | null | undefined,
    stored: number | null,
  ) => {
    if (value === undefined || value === stored) return;
    posting[field] = value;
    corrections[field] = { from: stored, to: value };
  };
  correct("price", input.price, current.price);
  correct("specialPrice", input.specialPrice, current.specialPrice);
  correct("odometerKm", input.odometerKm, current.odometerKm);
  correct("modelYear", input.modelYear, current.modelYear);
  if ("price" in corrections || "specialPrice" in corrections) {
    const price = (posting.price as number | null | undefined) ?? current.price;
    const specialPrice = "specialPrice" in posting ? (posting.specialPrice as number | null) : current.specialPrice;
    posting.searchPrice = searchPriceOf({ priceType: current.priceType, price, specialPrice });
  }
  if (input.description !== undefined && input.description !== current.description) {
    details.description = input.description;
    corrections.description = { changed: true };
  }
  if (Object.keys(corrections).length) details.postingType = "CORRECTED";
  const badges = { verified: input.badgeVerified, goodBuy: input.badgeGoodBuy, promising: input.badgePromising };
  await saveReview(
    db,
    current.id,
    { posting, details, changes: { ...corrections, badges } },
    {
      ...actor,
      before: current,
      after: { ...posting, ...details },
    },
  );
  const [item] = await toItems(db, (await listForReview(db, { code })).rows);
  return item ?? null;
}
