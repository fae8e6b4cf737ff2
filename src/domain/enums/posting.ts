// Enumerations of a posting (status, price, files, badges), with Slovenian labels (decision 054: src/domain/enums/ by subject).
// Values mirror the backend/API wire format exactly, so they must never be "fixed"
// (e.g. MALFUCTIONING is misspelled on purpose).
import { isOneOf } from "./labels";

export const postingStatuses = ["DRAFT", "PUBLISHED", "EXPIRED", "REMOVED", "SOLD"] as const;
export type PostingStatus = (typeof postingStatuses)[number];
export const postingStatusLabels: Record<PostingStatus, string> = {
  DRAFT: "Osnutek",
  PUBLISHED: "Aktiven",
  EXPIRED: "Potekel",
  REMOVED: "Neaktiven",
  SOLD: "Prodan",
};
/** Status changes a seller may make (spec leaves them open; decision 012): the server enforces them, lists offer them. */
export const postingTransitions: Record<PostingStatus, PostingStatus[]> = {
  DRAFT: [],
  PUBLISHED: ["SOLD", "REMOVED"],
  SOLD: ["PUBLISHED"],
  REMOVED: ["PUBLISHED"],
  EXPIRED: ["PUBLISHED"],
};
export const arrivalStates = ["ARRIVING", "READY"] as const;
export type ArrivalState = (typeof arrivalStates)[number];
export const arrivalStateLabels: Record<ArrivalState, string> = {
  ARRIVING: "V prihodu",
  READY: "Takoj na voljo",
};
export const badgeTypes = ["PROMISING", "VERIFIED", "GOOD_BUY", "FINANCING"] as const;
export type BadgeType = (typeof badgeTypes)[number];
export const badgeTypeLabels: Record<BadgeType, string> = {
  PROMISING: "Obetavno",
  VERIFIED: "Preverjeno",
  GOOD_BUY: "Dober nakup",
  FINANCING: "Financiranje",
};

export const periodUnits = ["DAY", "MONTH", "YEAR"] as const;
export type PeriodUnit = (typeof periodUnits)[number];
export const periodUnitLabels: Record<PeriodUnit, string> = {
  DAY: "Dan",
  MONTH: "Mesec",
  YEAR: "Leto",
};
export const rentalIntervals = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type RentalInterval = (typeof rentalIntervals)[number];
// Lower-case because they are appended to a price ("45 € na dan").
export const rentalIntervalLabels: Record<RentalInterval, string> = {
  DAILY: "na dan",
  WEEKLY: "na teden",
  MONTHLY: "na mesec",
  YEARLY: "na leto",
};

export const fieldErrorKinds = ["MISSING", "INVALID"] as const;
export type FieldErrorKind = (typeof fieldErrorKinds)[number];
export const fieldErrorKindLabels: Record<FieldErrorKind, string> = {
  MISSING: "Manjka",
  INVALID: "Neveljavno",
};
export const inspectionProducts = ["SUMMIT_PREVERJENO", "SUMMIT_PREVERJENO_PLUS"] as const;
export type InspectionProduct = (typeof inspectionProducts)[number];
export const inspectionProductLabels: Record<InspectionProduct, string> = {
  SUMMIT_PREVERJENO: "Summit Preverjeno",
  SUMMIT_PREVERJENO_PLUS: "Summit Preverjeno Plus",
};

export const postingTypes = ["NORMAL", "CORRECTED"] as const;
export type PostingType = (typeof postingTypes)[number];
export const postingTypeLabels: Record<PostingType, string> = {
  NORMAL: "Običajen",
  CORRECTED: "Popravljen",
};
export const advertisingStates = ["ADVERTISED", "ADVERTISED_NON_CANCELLABLE", "NOT_ADVERTISED"] as const;
export type AdvertisingState = (typeof advertisingStates)[number];
export const advertisingStateLabels: Record<AdvertisingState, string> = {
  ADVERTISED: "Oglaševano",
  ADVERTISED_NON_CANCELLABLE: "Oglaševano (preklic ni mogoč)",
  NOT_ADVERTISED: "Ni oglaševano",
};

export const postingFileTypes = [
  "SERVICE_BOOKLET",
  "INVOICE",
  "VEHICLE_INSPECTION_REPORT",
  "DAMAGE_PICTURE",
  "EXTERIOR_PICTURE",
  "INTERIOR_PICTURE",
  "AMZS_WARRANTY",
  "EXTENDED_WARRANTY",
  "FACTORY_WARRANTY",
  "OTHER_WARRANTY",
  "BADGE_PROMISING",
  "BADGE_VERIFIED",
  "BADGE_GOOD_BUY",
] as const;
export type PostingFileType = (typeof postingFileTypes)[number];
export const postingFileTypeLabels: Record<PostingFileType, string> = {
  SERVICE_BOOKLET: "Servisna knjižica",
  INVOICE: "Račun",
  VEHICLE_INSPECTION_REPORT: "Poročilo o pregledu vozila",
  DAMAGE_PICTURE: "Slika poškodbe",
  EXTERIOR_PICTURE: "Slika zunanjosti",
  INTERIOR_PICTURE: "Slika notranjosti",
  AMZS_WARRANTY: "Garancija AMZS",
  EXTENDED_WARRANTY: "Podaljšana garancija",
  FACTORY_WARRANTY: "Tovarniška garancija",
  OTHER_WARRANTY: "Druga garancija",
  BADGE_PROMISING: "Značka Obetavno",
  BADGE_VERIFIED: "Značka Preverjeno",
  BADGE_GOOD_BUY: "Značka Dober nakup",
};
// Older records were stored with "SERVICEBOOKLET"; accept it so those files still resolve.
const legacyPostingFileTypes: Readonly<Record<string, PostingFileType>> = {
  SERVICEBOOKLET: "SERVICE_BOOKLET",
};
export function normalizePostingFileType(v: string): PostingFileType | null {
  const key = v.trim().toUpperCase();
  if (isOneOf(postingFileTypes, key)) return key;
  return Object.hasOwn(legacyPostingFileTypes, key) ? (legacyPostingFileTypes[key] ?? null) : null;
}
export const inspectionDocumentTypes = ["INVOICE", "REPORT", "SERVICE_BOOK", "OTHER"] as const;
export type InspectionDocumentType = (typeof inspectionDocumentTypes)[number];
export const inspectionDocumentTypeLabels: Record<InspectionDocumentType, string> = {
  INVOICE: "Račun",
  REPORT: "Poročilo o pregledu",
  SERVICE_BOOK: "Servisna knjiga",
  OTHER: "Drugo",
};
export const priceTypes = [
  "NORMAL",
  "SPECIAL_OFFER",
  "WITH_FINANCING",
  "NEGOTIABLE",
  "FINAL_PRICE",
  "RENTAL_ONLY",
] as const;
export type PriceType = (typeof priceTypes)[number];
export const priceTypeLabels: Record<PriceType, string> = {
  NORMAL: "Redna cena",
  SPECIAL_OFFER: "Akcijska cena",
  WITH_FINANCING: "Cena s financiranjem",
  NEGOTIABLE: "Cena po dogovoru",
  FINAL_PRICE: "Končna cena",
  RENTAL_ONLY: "Samo najem",
};

export const postingSources = ["USER", "AI", "FE_AUTO"] as const;
export type PostingSource = (typeof postingSources)[number];
export const postingSourceLabels: Record<PostingSource, string> = {
  USER: "Uporabnik",
  AI: "Umetna inteligenca",
  FE_AUTO: "Samodejno",
};

export const warrantyTypes = ["AMZS_WARRANTY", "EXTENDED_WARRANTY", "FACTORY_WARRANTY", "OTHER_WARRANTY"] as const;
export type WarrantyType = (typeof warrantyTypes)[number];
export const warrantyTypeLabels: Record<WarrantyType, string> = {
  AMZS_WARRANTY: "Garancija AMZS",
  EXTENDED_WARRANTY: "Podaljšana garancija",
  FACTORY_WARRANTY: "Tovarniška garancija",
  OTHER_WARRANTY: "Druga garancija",
};

/** Sort orders of the posting lists (my postings, the dealer's stock). */
export const postingListSorts = [
  "updated",
  "published",
  "price-asc",
  "price-desc",
  "views",
  "featured",
  "market",
] as const;
export type PostingListSort = (typeof postingListSorts)[number];
