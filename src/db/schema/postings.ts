/** Drizzle mirror of migrations/*.sql: postings (decision 054: the schema by aggregate). */
import { sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, engineAndBodyColumns, id, json } from "./columns";
import { users } from "./users";
import type { RentalInterval } from "~/domain/enums/posting";
import { storedDraftSteps } from "~/domain/wizard-steps";

/** A vehicle chosen on /nov-oglas before signing in (decision 046): claimed once by the first signed-in user. */
export const wizardSelections = sqliteTable("wizard_selections", {
  tokenHash: text().primaryKey(),
  vin: text(),
  hiddenVin: bool(),
  isPartialVin: bool(),
  manufacturer: text(),
  model: text(),
  trimId: integer(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  postingId: integer(),
  expiresAt: text().notNull(),
  createdAt: createdAt(),
});

export type RentalPrice = { price: number; interval: RentalInterval };

/** Amounts in cents (decision 050); the rate (basis points) and financed amount are absent on offers written before issue 21. */
export type FinancingOffer = {
  downPayment: number;
  monthlyPayment: number;
  months: number;
  total: number;
  annualRateBasisPoints?: number | null;
  financedAmount?: number | null;
};

export type OdometerReading = { date: string; km: number };

export type OwnerPeriod = { from: string; to: string | null; ownerType: string };

export type RegistrationOutcome = { date: string; outcome: string; km: number | null };

export const postings = sqliteTable("postings", {
  id: id(),
  code: text().notNull(),
  userId: integer().notNull(),
  dealershipId: integer(),
  salespersonUserId: integer(),
  status: text({ enum: ["DRAFT", "PUBLISHED", "EXPIRED", "REMOVED", "SOLD"] })
    .notNull()
    .default("DRAFT"),
  postingSource: text({ enum: ["USER", "AI", "FE_AUTO"] })
    .notNull()
    .default("USER"),
  vin: text(),
  hiddenVin: bool(),
  hidePosting: bool(),
  privatePosting: integer({ mode: "boolean" }).notNull().default(true),
  manufacturerId: integer(),
  baseModelId: integer(),
  seriesId: integer(),
  trimId: integer(),
  trimName: text(),
  vehicleCondition: text({ enum: ["BRAND_NEW", "TESTING", "USED"] }),
  modelYear: integer(),
  firstRegistration: text(),
  slovenianVehicle: integer({ mode: "boolean" }).notNull().default(true),
  odometerKm: integer(),
  previousOwners: integer(),
  damage: text(),
  fuel: text(),
  powerKw: integer(),
  ...engineAndBodyColumns(),
  color: text(),
  metallic: bool(),
  interiorColor: text(),
  interiorMaterial: text(),
  roofType: text(),
  consumptionCity: real(),
  consumptionHighway: real(),
  consumptionCombined: real(),
  euroStandard: text(),
  batteryKwh: real(),
  serviceBook: bool(),
  safetyScore: integer(),
  score: integer(),
  priceType: text().notNull().default("NORMAL"),
  price: integer(),
  specialPrice: integer(),
  swap: bool(),
  searchPrice: integer(),
  /**
   * The amount a buyer is shown, for the price filter, the price sorts and the kept price bands: the search price,
   * none while "Po dogovoru" (migration 0039; the kept amount is the seller's and the history's, never a buyer's).
   */
  listedPrice: integer().generatedAlwaysAs(sql`CASE WHEN price_type IS 'NEGOTIABLE' THEN NULL ELSE search_price END`, {
    mode: "virtual",
  }),
  hasRentalOptions: bool(),
  rentalPrices: json<RentalPrice[]>().default([]),
  contactRegion: text(),
  arrivalState: text({ enum: ["ARRIVING", "READY"] }),
  badgeGoodBuy: bool(),
  badgeVerified: bool(),
  badgePromising: bool(),
  badgeFinancing: bool(),
  featuredUntil: text(),
  featuredPackage: text(),
  featuredCancelled: bool(),
  viewsTotal: integer().notNull().default(0),
  /** The market-value rating and price / mid − 1 in basis points (decision 088); null when not valued. */
  priceRating: text({ enum: ["GREAT", "GOOD", "FAIR", "HIGH", "TOO_HIGH", "NOT_ENOUGH_DATA"] }),
  marketDeviationBp: integer(),
  /** The last change of the asking price (new − old, cents) and when, kept by a trigger (migration 0032). */
  lastPriceChange: integer(),
  lastPriceChangeAt: text(),
  /** The last price buyers saw (published, not hidden, not "Po dogovoru"): a cut is told when the price shows again under it (0035). */
  shownPrice: integer(),
  publishedAt: text(),
  expiresAt: text(),
  soldAt: text(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/** 1:1 with postings: fields only the detail page, wizard and PDF read (D1 allows 100 columns a table). */
export const postingDetails = sqliteTable("posting_details", {
  postingId: integer().primaryKey(),
  postingType: text({ enum: ["NORMAL", "CORRECTED"] })
    .notNull()
    .default("NORMAL"),
  entryMode: text({ enum: ["VIN_ENTRY", "MANUAL_ENTRY"] }),
  isPartialVin: bool(),
  trimYear: integer(),
  firstRegistrationCountry: text(),
  co2: integer(),
  energyClass: text(),
  rangeKm: integer(),
  rimsMaterial: text(),
  rimsSize: integer(),
  airbags: integer(),
  financingPrice: integer(),
  priceWithoutVat: integer(),
  vatDeductible: bool(),
  cashDiscount: integer(),
  leaseTakeover: bool(),
  financingOffers: json<FinancingOffer[]>().default([]),
  description: text(),
  view360Url: text("view360_url"),
  externalUrl: text(),
  contactPlace: text(),
  contactEmail: text(),
  contactPhone: text(),
  warrantyType: text(),
  warrantyMonths: integer(),
  badgeVerifiedDescription: text(),
  badgeGoodBuyDescription: text(),
  verifiedAt: text(),
  historyOdometer: json<OdometerReading[]>().default([]),
  historyOwnerAge: json<OwnerPeriod[]>().default([]),
  historyRegistrationOutcomes: json<RegistrationOutcome[]>().default([]),
  registerCheckedAt: text(),
  registerStolen: bool(),
  registerPledged: bool(),
  wizardStep: text({ enum: storedDraftSteps }),
});

export const postingEquipment = sqliteTable(
  "posting_equipment",
  {
    postingId: integer().notNull(),
    code: text().notNull(),
    kind: text({ enum: ["SERIAL", "ADDITIONAL", "PACKAGE"] })
      .notNull()
      .default("SERIAL"),
    /** Only on a PACKAGE item (migration 0020, decision 051). */
    packageName: text(),
  },
  (t) => [primaryKey({ columns: [t.postingId, t.code] })],
);

export const postingFiles = sqliteTable("posting_files", {
  id: id(),
  postingId: integer().notNull(),
  objectKey: text().notNull(),
  fileType: text().notNull(),
  documentType: text({ enum: ["INVOICE", "REPORT", "SERVICE_BOOK", "OTHER"] }),
  /** The document's own date (YYYY-MM-DD) as the seller gives it; shown instead of the file name (migration 0021). */
  documentDate: text(),
  mimeType: text().notNull(),
  originalName: text(),
  sizeBytes: integer(),
  width: integer(),
  height: integer(),
  sortOrder: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const postingReviews = sqliteTable("posting_reviews", {
  id: id(),
  postingId: integer().notNull(),
  reviewerUserId: integer().notNull(),
  changes: json<Record<string, unknown>>().default({}),
  createdAt: createdAt(),
});
