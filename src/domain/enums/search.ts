// Enumerations of the search filters, with Slovenian labels (decision 054: src/domain/enums/ by subject).
// Values mirror the backend/API wire format exactly, so they must never be "fixed"
// (e.g. MALFUCTIONING is misspelled on purpose).
import { priceTypeLabels, priceTypes } from "./posting";

export const postingAges = ["TODAY", "P1D", "P3D", "P7D"] as const;
export type PostingAge = (typeof postingAges)[number];
export const postingAgeLabels: Record<PostingAge, string> = {
  TODAY: "Danes",
  P1D: "Zadnji dan",
  P3D: "Zadnji 3 dnevi",
  P7D: "Zadnjih 7 dni",
};

// WITH_RENTAL_OPTIONS is a search filter only; a posting can never carry it as its price type.
export const searchPriceTypes = [...priceTypes, "WITH_RENTAL_OPTIONS"] as const;
export type SearchPriceType = (typeof searchPriceTypes)[number];
export const searchPriceTypeLabels: Record<SearchPriceType, string> = {
  ...priceTypeLabels,
  WITH_RENTAL_OPTIONS: "Z možnostjo najema",
};

export const sellerTypes = ["dealer", "person"] as const;
export type SellerType = (typeof sellerTypes)[number];
export const sellerTypeLabels: Record<SellerType, string> = {
  dealer: "Trgovec",
  person: "Zasebnik",
};

// Numeric because they are compared as thresholds ("score above n").
export const scoreLevels = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ScoreLevel = (typeof scoreLevels)[number];
export const scoreLevelLabels: Record<ScoreLevel, string> = {
  1: "nad 1",
  2: "nad 2",
  3: "nad 3",
  4: "nad 4",
  5: "nad 5",
  6: "nad 6",
  7: "nad 7",
  8: "nad 8",
};
