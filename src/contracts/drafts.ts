import type { PriceRating } from "~/domain/market-value/rating";
import {
  type PostingStatus,
  postingListSorts,
  postingStatuses,
  type RentalInterval,
  rentalIntervals,
} from "~/domain/enums/posting";
import { equipmentFieldSchema } from "~/domain/equipment-input";
import { normalizeVin, validationMessages } from "~/domain/validators";
import { type FinancingOffer, financingMessages } from "~/domain/financing";
import type { EquipmentItem } from "~/domain/equipment";
import type { PostingFile } from "~/domain/posting-detail";
import { centsSchema } from "~/domain/money-schema";
import { z } from "~/domain/zod-locale";
import { draftSteps, type StoredDraftStep } from "~/domain/wizard-steps";
import { draftMessages } from "~/domain/posting-field-table/define";
import { postingFieldShape } from "~/domain/posting-field-table/schema";
import type { PostingFieldValues } from "~/domain/posting-field-table/table";

export { draftMessages };

/** Step 1: a draft from a VIN (whole or partial) or from a manual make and model. */
export const createDraftShape = {
  vin: z
    .string()
    .max(40)
    .optional()
    .nullable()
    .transform((v) => (v ? normalizeVin(v) : null)),
  hiddenVin: z.boolean().default(false),
  isPartialVin: z.boolean().default(false),
  manufacturer: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional()
    .nullable(),
  model: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .nullable(),
  trimId: z.number().int().positive().optional().nullable(),
};

/** A start needs a valid VIN (whole or partial) or a make. */
export function checkDraftStart(
  v: { vin: string | null; isPartialVin: boolean; manufacturer?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.vin) {
    const ok = v.isPartialVin ? /^[A-HJ-NPR-Z0-9]{11,17}$/.test(v.vin) : /^[A-HJ-NPR-Z0-9]{17}$/.test(v.vin);
    if (!ok)
      ctx.addIssue({
        code: "custom",
        path: ["vin"],
        message: v.isPartialVin ? draftMessages.partialVinInvalid : validationMessages.vinInvalid,
      });
  } else if (!v.manufacturer) {
    ctx.addIssue({ code: "custom", path: ["vin"], message: draftMessages.vinOrModel });
  }
}

export const createDraftSchema = z.object(createDraftShape).superRefine(checkDraftStart);
export type CreateDraftInput = z.input<typeof createDraftSchema>;

/**
 * Every field of the details step (spec section 3). All optional: the wizard saves partial drafts
 * on every step; publishing checks what a complete posting needs.
 */
export const draftUpdateSchema = z.object({
  manufacturer: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .nullable()
    .optional(),
  model: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .nullable()
    .optional(),
  trimId: z.number().int().positive().nullable().optional(),
  vin: z.string().max(40).nullable().optional(),
  hiddenVin: z.boolean().optional(),
  ...postingFieldShape,
  rentalPrices: z
    .array(z.object({ price: centsSchema, interval: z.enum(rentalIntervals, { error: draftMessages.choose }) }))
    .max(4)
    .optional(),
  /**
   * Financing offers (decision 050). The server computes `total` (down payment + instalments; a total sent is ignored)
   * and, when a rate is given, checks the monthly payment against the annuity of the financed amount (sent, or the
   * financing price / buyer's price minus the down payment) within 1 €; without a monthly payment it derives it.
   */
  financingOffers: z
    .array(
      z.object({
        downPayment: centsSchema,
        monthlyPayment: centsSchema.optional(),
        months: z
          .number({ error: draftMessages.wholeNumber })
          .int({ error: draftMessages.wholeNumber })
          .min(1, { error: financingMessages.months })
          .max(120, { error: financingMessages.months }),
        total: centsSchema.optional(),
        annualRateBasisPoints: z
          .number({ error: financingMessages.rate })
          .int({ error: financingMessages.rate })
          .min(0, { error: financingMessages.rate })
          .max(5_000, { error: financingMessages.rate })
          .nullable()
          .optional(),
        financedAmount: centsSchema.nullable().optional(),
      }),
    )
    .max(5)
    .optional(),
  salespersonUserId: z.number().int().positive().nullable().optional(),
  equipment: equipmentFieldSchema.optional(),
  wizardStep: z.enum(draftSteps).optional(),
});
export type DraftUpdateInput = z.input<typeof draftUpdateSchema>;

/**
 * The quick edit (price, mileage, description on one page, one "Shrani"): a part of `POST draft/{code}`,
 * so the wizard's rules and messages hold; the server also refuses to clear what a published posting needs.
 */
const quickEditFields = { price: true, specialPrice: true, odometerKm: true, description: true } as const;
export const quickEditSchema = draftUpdateSchema.pick(quickEditFields);
export type QuickEditInput = z.input<typeof quickEditSchema>;

/** The enumerated vehicle fields of spec section 3 that `POST draft` also takes as first values (issue 21). */
export const draftEnumFields = {
  condition: true,
  damage: true,
  fuel: true,
  transmission: true,
  driveWheels: true,
  bodyType: true,
  color: true,
  interiorColor: true,
  interiorMaterial: true,
  roofType: true,
  euroStandard: true,
  firstRegistrationCountry: true,
  rimsMaterial: true,
  priceType: true,
  contactRegion: true,
  arrivalState: true,
  warrantyType: true,
} as const satisfies Partial<Record<keyof DraftUpdateInput, true>>;
export type DraftEnumFieldName = keyof typeof draftEnumFields;
export type DraftUpdate = z.output<typeof draftUpdateSchema>;

export const postingStatusSchema = z.object({ status: z.enum(postingStatuses, { error: draftMessages.choose }) });

/** `GET draft`: whose postings, status (or featured), text search over make, model, trim, VIN and code, sort and page. Bad values fall back to defaults. */
export const draftListQuerySchema = z.object({
  includeDealership: z.enum(["true", "false"]).optional().catch(undefined),
  status: z.enum(postingStatuses).optional().catch(undefined),
  featured: z.enum(["true", "false"]).optional().catch(undefined),
  q: z.string().trim().max(60).optional().catch(undefined),
  sort: z.enum(postingListSorts).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  size: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});
export type DraftListQuery = z.output<typeof draftListQuerySchema>;

// ---------------------------------------------------------------------------
// Responses

/** A rental price of a posting (price in cents, decision 050). */
export type RentalPrice = { price: number; interval: RentalInterval };

/**
 * `GET draft/{code}` and every draft write: the draft as the wizard edits it. Every vehicle and posting
 * attribute comes from the posting-field table (decision 055); only the draft's own frame is listed here.
 */
export type DraftView = {
  id: number;
  code: string;
  status: PostingStatus;
  manufacturer: string | null;
  manufacturerName: string | null;
  model: string | null;
  modelName: string | null;
  trimId: number | null;
  vin: string | null;
  hiddenVin: boolean;
  /** No dealership: the dealer-only fields are neither shown nor taken (issue 23). */
  privatePosting: boolean;
  isPartialVin: boolean;
  rentalPrices: RentalPrice[];
  financingOffers: FinancingOffer[];
  salespersonUserId: number | null;
  equipment: string[];
  equipmentItems: EquipmentItem[];
  wizardStep: StoredDraftStep | null;
  pictures: PostingFile[];
  documents: PostingFile[];
} & PostingFieldValues;

/** `GET draft` (my postings): one page of the seller's postings with counts per status and the cap. */
export type MyPostings = {
  cap: { active: number; max: number } | null;
  total: number;
  page: number;
  size: number;
  counts: Partial<Record<PostingStatus | "FEATURED", number>>;
  postings: {
    postId: number;
    code: string;
    status: PostingStatus;
    vin: string | null;
    title: string;
    modelYear: number | null;
    hasTrim: boolean;
    wizardStep: StoredDraftStep | null;
    priceType: string;
    price: number | null;
    specialPrice: number | null;
    rentalPrices: RentalPrice[];
    views: number;
    /** The market-value rating and price / mid − 1 in basis points (decision 088); null when not valued. */
    priceRating: PriceRating | null;
    marketDeviationBp: number | null;
    imageUrl: string | null;
    publishedAt: string | null;
    expiresAt: string | null;
    daysOnline: number | null;
    featured: boolean;
    featuredUntil: string | null;
    featuredDaysLeft: number | null;
    featuredCancelled: boolean;
    salesperson: { name: string; phoneNumber: string | null } | null;
  }[];
};

/** `POST draft-selection`, `GET draft-selection/{token}`: a signed-out seller's kept choice, described. */
export type WizardSelectionView = {
  vin: string | null;
  hiddenVin: boolean;
  isPartialVin: boolean;
  manufacturer: string | null;
  manufacturerName: string | null;
  model: string | null;
  modelName: string | null;
  trimId: number | null;
  trimName: string | null;
};
