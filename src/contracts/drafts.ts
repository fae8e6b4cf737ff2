import {
  type ArrivalState,
  type PostingStatus,
  type VehicleCondition,
  bodyColors,
  bodyTypes,
  damageStates,
  driveWheels,
  euroStandards,
  fuels,
  interiorColors,
  interiorMaterials,
  postingListSorts,
  postingStatuses,
  priceTypes,
  regions,
  rentalIntervals,
  rimsMaterials,
  roofTypes,
  transmissions,
  vehicleConditions,
  warrantyTypes,
} from "~/domain/enums";
import { equipmentFieldSchema } from "~/domain/equipment-input";
import { isWebAddress } from "~/domain/web-address";
import { normalizeVin, validationMessages } from "~/domain/validators";
import { type FinancingOffer, financingMessages } from "~/domain/financing";
import type { EquipmentItem } from "~/domain/equipment";
import type { PostingFile } from "~/domain/posting-detail";
import { centsFieldSchema, centsSchema } from "~/domain/money-schema";
import { z } from "~/domain/zod-locale";

export const draftMessages = {
  partialVinInvalid: "Delna številka šasije mora imeti vsaj 11 znakov (črke brez I, O, Q in številke).",
  vinOrModel: "Vnesite številko šasije ali izberite znamko in model.",
  wholeNumber: "Vnesite celo število.",
  number: "Vnesite število.",
  tooLarge: "Vrednost je prevelika.",
  tooSmall: "Vrednost ne sme biti negativna.",
  month: "Vnesite mesec in leto (MM/LLLL).",
  text: "Besedilo je predolgo.",
  email: "Neveljaven naslov elektronske pošte",
  phone: "Neveljavna telefonska številka.",
  url: "Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
  choose: "Izberite vrednost s seznama.",
  duplicateVin: "Vozilo s to številko šasije že imate objavljeno.",
} as const;

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

const int = (max: number) =>
  z
    .number({ error: draftMessages.wholeNumber })
    .int({ error: draftMessages.wholeNumber })
    .min(0, { error: draftMessages.tooSmall })
    .max(max, { error: draftMessages.tooLarge })
    .nullable()
    .optional();
const decimal = (max: number) =>
  z
    .number({ error: draftMessages.number })
    .min(0, { error: draftMessages.tooSmall })
    .max(max, { error: draftMessages.tooLarge })
    .nullable()
    .optional();
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: draftMessages.choose }).nullable().optional();
const text = (max: number) => z.string().trim().max(max, { error: draftMessages.text }).nullable().optional();
/** Money: integer euro cents in the API as in storage (decision 050); the form converts what people type with parseEuroInput. */
const euros = centsFieldSchema;

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
  trimName: text(120),
  vin: z.string().max(40).nullable().optional(),
  hiddenVin: z.boolean().optional(),
  condition: oneOf(vehicleConditions),
  modelYear: int(2100),
  firstRegistration: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: draftMessages.month })
    .nullable()
    .optional(),
  firstRegistrationCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: draftMessages.choose })
    .nullable()
    .optional(),
  odometerKm: int(3_000_000),
  previousOwners: int(99),
  damage: oneOf(damageStates),
  fuel: oneOf(fuels),
  powerKw: int(2_000),
  displacementCcm: int(20_000),
  transmission: oneOf(transmissions),
  driveWheels: oneOf(driveWheels),
  bodyType: oneOf(bodyTypes),
  doors: int(9),
  seats: int(99),
  color: oneOf(bodyColors),
  metallic: z.boolean().optional(),
  interiorColor: oneOf(interiorColors),
  interiorMaterial: oneOf(interiorMaterials),
  roofType: oneOf(roofTypes),
  consumptionCity: decimal(100),
  consumptionHighway: decimal(100),
  consumptionCombined: decimal(100),
  co2: int(2_000),
  euroStandard: oneOf(euroStandards),
  batteryKwh: decimal(500),
  rangeKm: int(3_000),
  rimsMaterial: oneOf(rimsMaterials),
  rimsSize: int(30),
  airbags: int(30),
  serviceBook: z.boolean().optional(),
  priceType: oneOf(priceTypes),
  price: euros,
  specialPrice: euros,
  financingPrice: euros,
  priceWithoutVat: euros,
  vatDeductible: z.boolean().optional(),
  cashDiscount: euros,
  leaseTakeover: z.boolean().optional(),
  swap: z.boolean().optional(),
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
  description: text(10_000),
  contactRegion: oneOf(regions),
  contactPlace: text(80),
  contactEmail: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/, { error: draftMessages.email })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  contactPhone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s/-]{6,20}$/, { error: draftMessages.phone })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  salespersonUserId: z.number().int().positive().nullable().optional(),
  arrivalState: z.enum(["ARRIVING", "READY"], { error: draftMessages.choose }).nullable().optional(),
  equipment: equipmentFieldSchema.optional(),
  view360Url: z
    .string()
    .trim()
    .max(500, { error: draftMessages.url })
    .refine(isWebAddress, { error: draftMessages.url })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  warrantyType: oneOf(warrantyTypes),
  warrantyMonths: int(120),
  wizardStep: z.enum(["details", "pictures", "warranty", "advertising"]).optional(),
});
export type DraftUpdateInput = z.input<typeof draftUpdateSchema>;

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
export type RentalPrice = { price: number; interval: string };

/** `GET draft/{code}` and every draft write: the draft as the wizard edits it. */
export type DraftView = {
  id: number;
  code: string;
  status: PostingStatus;
  manufacturer: string | null;
  manufacturerName: string | null;
  model: string | null;
  modelName: string | null;
  trimId: number | null;
  trimName: string | null;
  vin: string | null;
  hiddenVin: boolean;
  isPartialVin: boolean;
  condition: VehicleCondition | null;
  modelYear: number | null;
  firstRegistration: string | null;
  firstRegistrationCountry: string | null;
  odometerKm: number | null;
  previousOwners: number | null;
  damage: string | null;
  fuel: string | null;
  powerKw: number | null;
  displacementCcm: number | null;
  transmission: string | null;
  driveWheels: string | null;
  bodyType: string | null;
  doors: number | null;
  seats: number | null;
  color: string | null;
  metallic: boolean;
  interiorColor: string | null;
  interiorMaterial: string | null;
  roofType: string | null;
  consumptionCity: number | null;
  consumptionHighway: number | null;
  consumptionCombined: number | null;
  co2: number | null;
  euroStandard: string | null;
  batteryKwh: number | null;
  rangeKm: number | null;
  rimsMaterial: string | null;
  rimsSize: number | null;
  airbags: number | null;
  serviceBook: boolean;
  priceType: string;
  price: number | null;
  specialPrice: number | null;
  financingPrice: number | null;
  priceWithoutVat: number | null;
  vatDeductible: boolean;
  cashDiscount: number | null;
  leaseTakeover: boolean;
  swap: boolean;
  rentalPrices: RentalPrice[];
  financingOffers: FinancingOffer[];
  description: string | null;
  contactRegion: string | null;
  contactPlace: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  salespersonUserId: number | null;
  arrivalState: ArrivalState | null;
  equipment: string[];
  equipmentItems: EquipmentItem[];
  view360Url: string | null;
  warrantyType: string | null;
  warrantyMonths: number | null;
  wizardStep: string | null;
  pictures: PostingFile[];
  documents: PostingFile[];
};

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
    wizardStep: string | null;
    priceType: string;
    price: number | null;
    specialPrice: number | null;
    rentalPrices: RentalPrice[];
    views: number;
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
