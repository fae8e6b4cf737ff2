/**
 * The five price ratings and their bands (decision 088): where the asking price sits against the
 * estimated market value (mid), as price / mid − 1. Fixed bands, the same for every car and every
 * seller, so a rating means one thing and cannot be bought.
 */
export const priceRatings = ["GREAT", "GOOD", "FAIR", "HIGH", "TOO_HIGH", "NOT_ENOUGH_DATA"] as const;
export type PriceRating = (typeof priceRatings)[number];

/** The rated steps, best first (the order of the filter and the sort). */
export const ratedSteps = ["GREAT", "GOOD", "FAIR", "HIGH", "TOO_HIGH"] as const satisfies readonly PriceRating[];
export type RatedStep = (typeof ratedSteps)[number];

/** The labels buyers and sellers see (issue 28). */
export const priceRatingLabels: Record<PriceRating, string> = {
  GREAT: "Odlična cena",
  GOOD: "Dobra cena",
  FAIR: "Poštena cena",
  HIGH: "Visoka cena",
  TOO_HIGH: "Previsoka cena",
  NOT_ENOUGH_DATA: "Ni dovolj podatkov",
};

/** Upper bounds of price / mid − 1 for each step but the last (inclusive below, exclusive above). */
export const ratingBands = { GREAT: -0.12, GOOD: -0.05, FAIR: 0.05, HIGH: 0.12 } as const;

/**
 * Prices this far from the market are not a deal or a rip-off but a placeholder (1 €, 0 €) or a typo:
 * they are not rated at all, so they can neither top "Najboljša cena glede na trg" nor pass a filter.
 */
export const plausibleDeviation = { min: -0.4, max: 1 } as const;

/** The rating of a plausible asking price, or null for an implausible one. */
export function rateOrNull(deviation: number): Exclude<PriceRating, "NOT_ENOUGH_DATA"> | null {
  if (!Number.isFinite(deviation) || deviation <= plausibleDeviation.min || deviation >= plausibleDeviation.max)
    return null;
  return rateDeviation(deviation);
}

/** The rating of an asking price at `deviation` = price / mid − 1. */
export function rateDeviation(deviation: number): Exclude<PriceRating, "NOT_ENOUGH_DATA"> {
  if (deviation <= ratingBands.GREAT) return "GREAT";
  if (deviation <= ratingBands.GOOD) return "GOOD";
  if (deviation < ratingBands.FAIR) return "FAIR";
  if (deviation < ratingBands.HIGH) return "HIGH";
  return "TOO_HIGH";
}
