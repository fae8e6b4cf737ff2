import type { BadgeType } from "~/domain/enums/posting";
import { centsSchema } from "~/domain/money-schema";
import { z } from "~/domain/zod-locale";

export const postingReviewMessages = {
  badgeDescription: "Manjka kratek opis značke!",
  goodBuyNeedsVerified: "Značko Dober nakup lahko dodelite le skupaj z značko Preverjeno.",
} as const;

export const postingReviewTabs = ["newest", "promising"] as const;
export type PostingReviewTab = (typeof postingReviewTabs)[number];

/** `GET posting-review`: tab, text search (make, model, trim, VIN, code) and page. Bad values fall back to defaults. */
export const postingReviewQuerySchema = z.object({
  tab: z.enum(postingReviewTabs).optional().catch(undefined),
  q: z.string().trim().max(60).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

/** Corrected prices are integer cents (decision 050). */
const euros = centsSchema;
const description = z.string().trim().max(200, "Opis značke je predolg (največ 200 znakov).").nullable().optional();

/**
 * `POST posting-review/{code}`: an editor's corrections and badges. Verified and Good buy need a short
 * description; Good buy only together with Verified (spec section 5).
 */
export const postingReviewSchema = z
  .object({
    price: euros.nullable().optional(),
    specialPrice: euros.nullable().optional(),
    odometerKm: z.number().int().min(0).max(2_000_000).nullable().optional(),
    modelYear: z.number().int().min(1900).max(2100).nullable().optional(),
    description: z.string().max(10_000).nullable().optional(),
    badgeVerified: z.boolean(),
    badgeVerifiedDescription: description,
    badgeGoodBuy: z.boolean(),
    badgeGoodBuyDescription: description,
    badgePromising: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.badgeVerified && !v.badgeVerifiedDescription)
      ctx.addIssue({
        code: "custom",
        path: ["badgeVerifiedDescription"],
        message: postingReviewMessages.badgeDescription,
      });
    if (v.badgeGoodBuy && !v.badgeGoodBuyDescription)
      ctx.addIssue({
        code: "custom",
        path: ["badgeGoodBuyDescription"],
        message: postingReviewMessages.badgeDescription,
      });
    if (v.badgeGoodBuy && !v.badgeVerified)
      ctx.addIssue({ code: "custom", path: ["badgeGoodBuy"], message: postingReviewMessages.goodBuyNeedsVerified });
  });
export type PostingReviewInput = z.input<typeof postingReviewSchema>;
export type PostingReview = z.output<typeof postingReviewSchema>;

/** A published posting as the review list shows it, with its badges. */
export type ReviewItem = {
  postId: number;
  code: string;
  title: string;
  vin: string | null;
  modelYear: number | null;
  odometerKm: number | null;
  priceType: string;
  price: number | null;
  specialPrice: number | null;
  publishedAt: string | null;
  seller: string | null;
  dealer: boolean;
  imageUrl: string | null;
  /** Every picture's URL (`/media/…`), cover first: the review dialog's thumbnails (admins and editors only). */
  photos: string[];
  description: string | null;
  badges: BadgeType[];
  badgeVerifiedDescription: string | null;
  badgeGoodBuyDescription: string | null;
  corrected: boolean;
};
