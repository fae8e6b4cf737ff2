/**
 * Drizzle mirror of migrations/*.sql (the SQL is the source of truth; tests/schema.test.ts checks
 * that every column here exists in D1). Keys are camelCase; the client maps them to snake_case.
 */
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

const id = () => integer().primaryKey();
const createdAt = () =>
  text()
    .notNull()
    .$defaultFn(() => new Date().toISOString());
const bool = () => integer({ mode: "boolean" }).notNull().default(false);
const json = <T>() => text({ mode: "json" }).$type<T>().notNull();

export const manufacturers = sqliteTable("manufacturers", {
  id: id(),
  code: text().notNull(),
  name: text().notNull(),
  country: text(),
  popular: bool(),
});

export const baseModels = sqliteTable("base_models", {
  id: id(),
  manufacturerId: integer().notNull(),
  code: text().notNull(),
  name: text().notNull(),
});

export const modelSeries = sqliteTable("model_series", {
  id: id(),
  manufacturerId: integer().notNull(),
  baseModelId: integer().notNull(),
  code: text().notNull(),
  name: text().notNull(),
  yearFrom: integer(),
  yearTo: integer(),
  bodyTypes: json<string[]>().default([]),
});

export const trims = sqliteTable("trims", {
  id: id(),
  seriesId: integer().notNull(),
  name: text().notNull(),
  yearFrom: integer(),
  yearTo: integer(),
  powerKw: integer(),
  fuel: text(),
  displacementCcm: integer(),
  transmission: text(),
  driveWheels: text(),
  bodyType: text(),
  doors: integer(),
  seats: integer(),
  consumptionCombined: real(),
  co2: integer(),
  euroStandard: text(),
  batteryKwh: real(),
  rangeKm: integer(),
});

export const vinWmi = sqliteTable("vin_wmi", {
  wmi: text().primaryKey(),
  manufacturerId: integer().notNull(),
});

export const dealershipNetworks = sqliteTable("dealership_networks", {
  id: id(),
  code: text().notNull(),
  name: text().notNull(),
  address: text(),
  city: text(),
  email: text(),
  phone: text(),
  webPage: text(),
  logoKey: text(),
  bannerKey: text(),
  createdAt: createdAt(),
});

export const dealerships = sqliteTable("dealerships", {
  id: id(),
  code: text(),
  name: text().notNull(),
  publicName: text(),
  address: text(),
  postalCode: text(),
  city: text(),
  region: text(),
  email: text(),
  phone: text(),
  weekdayFrom: text(),
  weekdayTo: text(),
  saturdayFrom: text(),
  saturdayTo: text(),
  webPage: text(),
  facebook: text(),
  instagram: text(),
  tiktok: text(),
  youtube: text(),
  logoKey: text(),
  bannerKey: text(),
  brands: json<string[]>().default([]),
  networkId: integer(),
  advertisingDays: integer().notNull().default(0),
  subscriptionEndDate: text(),
  buyerNumber: text(),
  taxNumber: text(),
  registrationNumber: text(),
  responsibleFirstName: text(),
  responsibleLastName: text(),
  responsiblePhone: text(),
  responsibleEmail: text(),
  remark: text(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const users = sqliteTable("users", {
  id: id(),
  email: text(),
  firstName: text(),
  lastName: text(),
  phoneNumber: text(),
  phoneVerified: bool(),
  amzsMembershipNumber: text(),
  /** The membership number an admin verified (decision 039): verified only while it equals amzsMembershipNumber. */
  amzsMembershipVerifiedNumber: text(),
  amzsMembershipVerifiedAt: text(),
  amzsMembershipVerifiedBy: integer(),
  amzsAdmin: bool(),
  amzsPostingEditor: bool(),
  accountsWereMerged: bool(),
  acceptedTermsAt: text(),
  dealershipId: integer(),
  dealershipRole: text({ enum: ["HEAD", "SALESPERSON"] }),
  registeredAt: createdAt(),
  lastLoginAt: text(),
  disabled: bool(),
});

export const userIdentities = sqliteTable(
  "user_identities",
  {
    provider: text({ enum: ["google", "meta", "apple", "x"] }).notNull(),
    subject: text().notNull(),
    userId: integer().notNull(),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

export const sessions = sqliteTable("sessions", {
  id: text().primaryKey(),
  userId: integer().notNull(),
  impersonatorUserId: integer(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  rotatedAt: text(),
  revokedAt: text(),
  ip: text(),
  userAgent: text(),
});

export const loginTokens = sqliteTable("login_tokens", {
  tokenHash: text().primaryKey(),
  email: text().notNull(),
  redirectUrl: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  usedAt: text(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  provider: text(),
  subject: text(),
});

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

export const pinRequests = sqliteTable("pin_requests", {
  id: id(),
  phoneNumber: text().notNull(),
  purpose: text({ enum: ["login", "userUpdate", "dealerSignup"] })
    .notNull()
    .default("login"),
  userId: integer(),
  pinHash: text().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  usedAt: text(),
  /** Legacy sign-in (decision 036): sha256 of the nonce in the cookie of the browser that asked for the code. */
  browserHash: text(),
});

export const oauthStates = sqliteTable("oauth_states", {
  state: text().primaryKey(),
  provider: text().notNull(),
  codeVerifier: text().notNull(),
  redirectUrl: text().notNull(),
  emailHint: text(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  linkUserId: integer().references(() => users.id, { onDelete: "cascade" }),
});

export const pendingIdentityLinks = sqliteTable("pending_identity_links", {
  id: text().primaryKey(),
  provider: text().notNull(),
  subject: text().notNull(),
  identityEmail: text(),
  identityName: text(),
  email: text().notNull(),
  redirectUrl: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
});

export const mergeRequests = sqliteTable("merge_requests", {
  id: id(),
  legacyUserId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  targetUserId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUrl: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
});

export const rateLimits = sqliteTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: text().notNull(),
  count: integer().notNull(),
});

export const salespeople = sqliteTable("salespeople", {
  id: id(),
  dealershipId: integer().notNull(),
  phoneNumber: text().notNull(),
  firstName: text(),
  lastName: text(),
  userId: integer(),
  invitedAt: text(),
  /** SHA-256 of the invitation link's token while the invitation is open (migration 0011). */
  inviteTokenHash: text(),
  declinedAt: text(),
  createdAt: createdAt(),
});

export const dealerContacts = sqliteTable("dealer_contacts", {
  id: id(),
  dealershipId: integer().notNull(),
  name: text().notNull(),
  phone: text(),
  email: text(),
  comment: text(),
  addToAllPostings: bool(),
  createdAt: createdAt(),
});

export const dealerSignupRequests = sqliteTable("dealer_signup_requests", {
  id: id(),
  companyName: text().notNull(),
  taxNumber: text().notNull(),
  registrationNumber: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  phone: text().notNull(),
  email: text().notNull(),
  pinHash: text().notNull(),
  extractKey: text().notNull(),
  extractMimeType: text().notNull(),
  status: text({ enum: ["PENDING", "CONFIRMED", "REJECTED"] })
    .notNull()
    .default("PENDING"),
  userId: integer(),
  dealershipId: integer(),
  decidedBy: integer(),
  decidedAt: text(),
  /** SHA-256 of the e-mail confirmation link's token until the applicant opens it (migration 0011). */
  emailTokenHash: text(),
  /** Set when the applicant confirmed the e-mail: only then is a PENDING request shown to admins. */
  emailVerifiedAt: text(),
  createdAt: createdAt(),
});

export type RentalPrice = { price: number; interval: string };
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
  displacementCcm: integer(),
  transmission: text(),
  driveWheels: text(),
  bodyType: text(),
  doors: integer(),
  seats: integer(),
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
  wizardStep: text(),
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
  mimeType: text().notNull(),
  originalName: text(),
  sizeBytes: integer(),
  width: integer(),
  height: integer(),
  sortOrder: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const favorites = sqliteTable(
  "favorites",
  {
    userId: integer().notNull(),
    postingId: integer().notNull(),
    priceAtLike: integer(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postingId] })],
);

export const postingViewsDaily = sqliteTable(
  "posting_views_daily",
  { postingId: integer().notNull(), day: text().notNull(), views: integer().notNull().default(0) },
  (t) => [primaryKey({ columns: [t.postingId, t.day] })],
);

/** One row per visitor per posting per day (migration 0012): a view counts once (decision 037). */
export const postingViewVisitors = sqliteTable(
  "posting_view_visitors",
  {
    postingId: integer().notNull(),
    day: text().notNull(),
    visitor: text().notNull(),
    counted: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postingId, t.day, t.visitor] })],
);

/** Legacy PIN sign-in backoff (migration 0012, decision 036): key "<phone>|<client>" or "<phone>|*". */
export const pinAttemptBackoff = sqliteTable("pin_attempt_backoff", {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastAttemptAt: integer().notNull(),
  lockedUntil: integer().notNull(),
});

export const postingReviews = sqliteTable("posting_reviews", {
  id: id(),
  postingId: integer().notNull(),
  reviewerUserId: integer().notNull(),
  changes: json<Record<string, unknown>>().default({}),
  createdAt: createdAt(),
});

export const savedSearches = sqliteTable("saved_searches", {
  id: id(),
  userId: integer().notNull(),
  name: text().notNull(),
  query: text().notNull(),
  alertsEnabled: integer({ mode: "boolean" }).notNull().default(true),
  unsubscribeToken: text().notNull(),
  lastSeenAt: text(),
  lastNotifiedAt: text(),
  createdAt: createdAt(),
});

export const articles = sqliteTable("articles", {
  id: id(),
  code: text(),
  title: text().notNull(),
  subtitle: text(),
  summary: text(),
  body: text(),
  moreLink: text(),
  position: integer().notNull().default(0),
  imageKey: text(),
  expiresAt: text(),
  createdAt: createdAt(),
});

export const equipmentDescriptors = sqliteTable("equipment_descriptors", {
  id: id(),
  equipmentCode: text().notNull(),
  displayName: text().notNull(),
  videoId: text(),
  description: text(),
  category: text(),
  link: text(),
  articleLink: text(),
  limitedToMakes: json<string[]>().default([]),
  createdAt: createdAt(),
});

export const vehicleCostPrices = sqliteTable("vehicle_cost_prices", {
  key: text().primaryKey(),
  label: text().notNull(),
  value: real().notNull(),
  unit: text().notNull(),
  updatedAt: createdAt(),
});

export const pricingItems = sqliteTable("pricing_items", {
  id: id(),
  package: text({ enum: ["STANDARD", "EXPOSED", "EXPOSED_MEMBERS"] }).notNull(),
  days: integer().notNull(),
  pricePerDay: integer().notNull(),
  requiresMembership: bool(),
  active: integer({ mode: "boolean" }).notNull().default(true),
});

export const featuringPurchases = sqliteTable("featuring_purchases", {
  id: id(),
  postingId: integer().notNull(),
  userId: integer().notNull(),
  pricingItemId: integer(),
  package: text().notNull(),
  days: integer().notNull(),
  amount: integer().notNull(),
  status: text({ enum: ["PENDING", "PAID", "REDEEMED", "FAILED", "CANCELLED"] })
    .notNull()
    .default("PENDING"),
  provider: text().notNull(),
  providerSessionId: text(),
  successUrl: text(),
  cancelUrl: text(),
  createdAt: createdAt(),
  fulfilledAt: text(),
  /** Decision 038: days delivered when paid, days that no longer fitted under the ceiling, and their refund. */
  deliveredDays: integer(),
  surplusDays: integer().notNull().default(0),
  refundAmount: integer().notNull().default(0),
  refundStatus: text({ enum: ["PENDING", "REFUNDED", "FAILED"] }),
  refundId: text(),
  fulfilledEventId: text(),
});

export const paymentEvents = sqliteTable("payment_events", {
  eventId: text().primaryKey(),
  type: text().notNull(),
  purchaseId: integer(),
  receivedAt: createdAt(),
});

export const creditDayLedger = sqliteTable("credit_day_ledger", {
  id: id(),
  dealershipId: integer().notNull(),
  amount: integer().notNull(),
  reason: text().notNull(),
  purchaseId: integer(),
  actorUserId: integer(),
  createdAt: createdAt(),
});

export const campaignTransfers = sqliteTable("campaign_transfers", {
  id: id(),
  postingId: integer().notNull(),
  vin: text().notNull(),
  sellerUserId: integer(),
  buyerUserId: integer(),
  buyerEmail: text(),
  amount: integer().notNull().default(1000),
  status: text({ enum: ["CLAIMED", "TRANSFERRED", "REJECTED"] })
    .notNull()
    .default("CLAIMED"),
  createdAt: createdAt(),
  transferredAt: text(),
});

export const partnerApplications = sqliteTable("partner_applications", {
  id: id(),
  code: text().notNull(),
  name: text().notNull(),
  redirectUris: json<string[]>().default([]),
  clientSecretHash: text().notNull(),
  createdAt: createdAt(),
});

export const oauthConsentSessions = sqliteTable("oauth_consent_sessions", {
  id: text().primaryKey(),
  partnerId: integer().notNull(),
  redirectUrl: text().notNull(),
  state: text(),
  codeChallenge: text(),
  codeChallengeMethod: text(),
  userId: integer(),
  status: text({ enum: ["PENDING", "ALLOWED", "DENIED", "CANCELLED", "EXPIRED"] })
    .notNull()
    .default("PENDING"),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
});

export const oauthCodes = sqliteTable("oauth_codes", {
  codeHash: text().primaryKey(),
  sessionId: text().notNull(),
  partnerId: integer().notNull(),
  userId: integer().notNull(),
  dealershipId: integer().notNull(),
  redirectUri: text().notNull(),
  codeChallenge: text(),
  expiresAt: text().notNull(),
  usedAt: text(),
});

export const oauthTokens = sqliteTable("oauth_tokens", {
  tokenHash: text().primaryKey(),
  partnerId: integer().notNull(),
  userId: integer().notNull(),
  dealershipId: integer().notNull(),
  scope: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  revokedAt: text(),
  /** The authorization code it was issued for (migration 0009): a replayed code revokes it. */
  codeHash: text(),
});

export const outbox = sqliteTable("outbox", {
  id: id(),
  channel: text({ enum: ["email", "sms"] }).notNull(),
  toAddress: text().notNull(),
  subject: text(),
  text: text().notNull(),
  html: text(),
  link: text(),
  pin: text(),
  status: text({ enum: ["PENDING", "SENT", "FAILED"] })
    .notNull()
    .default("PENDING"),
  attempts: integer().notNull().default(0),
  createdAt: createdAt(),
  sentAt: text(),
});

export const auditLog = sqliteTable("audit_log", {
  id: id(),
  actorUserId: integer(),
  impersonatedUserId: integer(),
  action: text().notNull(),
  entity: text().notNull(),
  entityId: text(),
  beforeJson: text(),
  afterJson: text(),
  createdAt: createdAt(),
});

export const seedMeta = sqliteTable("seed_meta", { key: text().primaryKey(), value: text().notNull() });

export const leasingClicks = sqliteTable(
  "leasing_clicks",
  { postingId: integer().notNull(), day: text().notNull(), clicks: integer().notNull().default(0) },
  (t) => [primaryKey({ columns: [t.postingId, t.day] })],
);

/** Migration 0018: one row whose `n` SQLite triggers bump on every write a search can count (issue 21). */
export const searchGeneration = sqliteTable("search_generation", {
  id: integer().primaryKey(),
  n: integer().notNull(),
});
