// Money is stored in euro cents (integers) and travels in the API as euros.

/** Euros to cents; null and undefined pass through (undefined means "not sent", null "cleared"). */
export function toCents<T extends number | null | undefined>(euros: T): T extends number ? number : T {
  return (typeof euros === "number" ? Math.round(euros * 100) : euros) as T extends number ? number : T;
}

/** Cents to euros (null when absent). */
export function toEuros(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}

/** What the buyer pays, for the price filter and sort: the special price when one is shown; none for rental-only postings. */
export function searchPriceOf(p: { priceType: string | null; price: number | null; specialPrice: number | null }): number | null {
  if (p.priceType === "RENTAL_ONLY") return null;
  return p.specialPrice ?? p.price;
}
