import { type PriceRating, priceRatingLabels } from "~/domain/market-value/rating";

/** Colours with enough contrast on white (WCAG AA at 12 px bold); the word carries the meaning, not the colour. */
const tone: Record<PriceRating, string> = {
  GREAT: "bg-green-700 text-white",
  GOOD: "bg-green-50 text-green-800 ring-1 ring-green-700/30",
  FAIR: "bg-slate-100 text-slate-800",
  HIGH: "bg-amber-50 text-amber-900 ring-1 ring-amber-700/30",
  TOO_HIGH: "bg-red-50 text-red-800 ring-1 ring-red-700/30",
  NOT_ENOUGH_DATA: "bg-white text-slate-600 ring-1 ring-slate-300",
};

/**
 * The market-value rating as a small label (issue 28, decision 088). `hideUnrated` leaves out "Ni dovolj
 * podatkov" where a list would only be cluttered by it (cards); the posting page says it.
 */
export function PriceRatingLabel({
  rating,
  hideUnrated = false,
  className = "",
}: {
  rating: PriceRating | null | undefined;
  hideUnrated?: boolean;
  className?: string;
}) {
  if (!rating || (hideUnrated && rating === "NOT_ENOUGH_DATA")) return null;
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold ${tone[rating]} ${className}`}
      data-testid="price-rating"
      data-rating={rating}
    >
      {priceRatingLabels[rating]}
    </span>
  );
}
