// Money: the one place where euros and cents meet (decision 050).
//
// Every amount of money is an integer number of euro cents: in storage, in every
// /internal-api/v1 request and response body (prices, special and financing prices, rental
// prices, financing offers, favourites' price at like and price drop, featuring prices, totals
// and refunds, campaign amounts, the running-cost calculator's result), and in the front end's
// state. Euros appear only at the edges a human reads or types:
//   - display: `formatPrice(cents)` in format.ts ("12.490,50 €"), which divides here (toEuros);
//   - form inputs: `parseEuroInput("12.500,50 €")` below → cents, with a Slovenian message on garbage;
//   - the search URL (`price=10000..20000`) stays in euros for people to read and share; the
//     filter is turned into cents where the query is built (db/search-conditions.server.ts, toCents);
//   - JSON-LD (schema.org wants euros) and the CSV export for people (euros with comma decimals).
// Request bodies are validated by `centsSchema` (money-schema.ts): a fraction of a cent or a
// negative amount is a 400 with a Slovenian field error.

/** The largest amount a request may carry: 100 million euros, in cents. */
export const MAX_CENTS = 10_000_000_000;

/** Euros to cents; null and undefined pass through (undefined means "not sent", null "cleared"). */
export function toCents<T extends number | null | undefined>(euros: T): T extends number ? number : T {
  return (typeof euros === "number" ? Math.round(euros * 100) : euros) as T extends number ? number : T;
}

/** Cents to euros (null when absent). */
export function toEuros(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}

/**
 * The VAT share of an amount that includes it (cents): 22 % VAT in 3,50 € is 0,63 €, the rest (2,87 €) is
 * the amount without VAT. Rounded to the cent once, so net + vat is always the amount.
 */
export function vatIncluded(grossCents: number, ratePercent: number): { net: number; vat: number } {
  const vat = Math.round((grossCents * ratePercent) / (100 + ratePercent));
  return { net: grossCents - vat, vat };
}

export const moneyMessages = {
  notAmount: "Vnesite znesek v evrih, npr. 12.500 ali 12.500,50.",
  wholeCents: "Znesek je v centih in mora biti celo število.",
  negative: "Znesek ne sme biti negativen.",
  tooLarge: "Znesek je prevelik.",
} as const;

export type EuroInput = { ok: true; cents: number | null } | { ok: false; message: string };

// "12.500", "12.500,50", "1.234.567" (dot thousands, comma decimals), "12500", "12500,5",
// "12500.50" (a dot before one or two final digits is a decimal point), with "€"/"EUR" and spaces anywhere.
const grouped = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
const plain = /^(\d+)(?:[,.](\d{1,2}))?$/;

/** What a person typed as euros → cents (empty → null); garbage, negatives and 3+ decimals → a Slovenian message. */
export function parseEuroInput(text: string): EuroInput {
  const s = text.replace(/€|eur[a-z]*/gi, "").replace(/[\s\u00a0\u202f]/g, "");
  if (s === "") return { ok: true, cents: null };
  if (s.startsWith("-")) return { ok: false, message: moneyMessages.negative };
  const m = grouped.exec(s) ?? plain.exec(s);
  if (!m || m[1] === undefined) return { ok: false, message: moneyMessages.notAmount };
  const whole = Number(m[1].replace(/\./g, ""));
  const cents = whole * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return { ok: false, message: moneyMessages.tooLarge };
  return { ok: true, cents };
}

/**
 * What a euro input sends to the API: cents, null when empty; garbage goes as typed (and a negative
 * amount as negative cents) so the API's one validation answers its Slovenian field error.
 */
export function euroInputValue(text: string): number | null | string {
  const parsed = parseEuroInput(text);
  if (parsed.ok) return parsed.cents;
  const positive = parseEuroInput(text.trim().replace(/^-/, ""));
  return text.trim().startsWith("-") && positive.ok && positive.cents !== null ? -positive.cents : text;
}

/** Cents as the text a euro input shows back: "12500,5" style without grouping, "" when absent. */
export function centsToEuroInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const whole = Math.trunc(cents / 100);
  const frac = cents % 100;
  return frac === 0 ? String(whole) : `${whole},${String(frac).padStart(2, "0")}`;
}

/** Cents rounded to whole euros, still in cents (an input that starts at a round amount): 1_249_950 → 1_250_000. */
export function roundToWholeEuros(cents: number): number {
  return Math.round(cents / 100) * 100;
}

/**
 * A unit price kept in euros (vehicle_cost_prices: 1.411 EUR/l) as cents per unit for the API: 141.1.
 * Fuel is priced to a tenth of a cent, so a per-unit rate keeps up to two decimals of a cent; whole amounts stay integers.
 */
export function toCentsPerUnit(euros: number): number {
  return Math.round(euros * 10_000) / 100;
}

/**
 * What the buyer pays, for the price filter, the sorts and the market rating: the amount the page shows as the main
 * price (`priceDisplay`). The special price only where the page shows it (an "Akcijska cena", or a financing price
 * with both); a NORMAL or final price is its own amount even with a special price kept beside it (the wizard keeps it
 * when the seller switches back; decision 088, session 23). None for rental-only postings. A "Po dogovoru" posting
 * keeps the amount it was entered with (never shown: decision 088, session 21); the filter and the sorts read it
 * through `listed_price`, which is none while "Po dogovoru" (migration 0039).
 */
export function searchPriceOf(p: {
  priceType: string | null;
  price: number | null;
  specialPrice: number | null;
}): number | null {
  if (p.priceType === "RENTAL_ONLY") return null;
  if (p.priceType === "SPECIAL_OFFER" || p.priceType === "NEGOTIABLE") return p.specialPrice ?? p.price;
  if (p.priceType === "WITH_FINANCING") return p.price !== null && p.specialPrice !== null ? p.specialPrice : p.price;
  return p.price;
}
