import { m } from "~/paraglide/messages";
import { rentalIntervalLabels } from "./enums/posting";
import { labelOf } from "./enums/labels";
import { formatPrice } from "./format";

export type PriceDisplayInput = {
  priceType: string | null | undefined;
  price: number | null | undefined;
  specialPrice: number | null | undefined;
  rentalPrices?: { price: number; interval: string }[] | null;
};

export type PriceDisplay = {
  /** Struck-through old price, when a special price replaces it. */
  oldPrice: string | null;
  /** The main price line: an amount, the negotiable word, "Cena ni navedena"; null only when a rental stands instead. */
  main: string | null;
  negotiable: boolean;
  /** No amount and no rental: `main` says the price is not given (issue 25). */
  missing: boolean;
  /** First rental price only, with its interval code. */
  rental: { price: string; interval: string } | null;
};

export const negotiableLabel = "Po dogovoru";

/** Price display by priceType exactly as spec section 4; a posting without any price reads "Cena ni navedena". */
export function priceDisplay(input: PriceDisplayInput): PriceDisplay {
  const shown = shownPrice(input);
  if (shown.main !== null || shown.rental !== null) return { ...shown, missing: false };
  return { ...shown, main: m.price_not_given(), missing: true };
}

function shownPrice(input: PriceDisplayInput): Omit<PriceDisplay, "missing"> {
  const { priceType, price, specialPrice } = input;
  const firstRental = input.rentalPrices?.[0];
  const rental = firstRental ? { price: formatPrice(firstRental.price), interval: firstRental.interval } : null;
  const amount = (v: number | null | undefined) => (v === null || v === undefined ? null : formatPrice(v));

  if (priceType === "NEGOTIABLE") return { oldPrice: null, main: negotiableLabel, negotiable: true, rental };
  const hasBoth = price !== null && price !== undefined && specialPrice !== null && specialPrice !== undefined;
  if (priceType === "SPECIAL_OFFER" || (priceType === "WITH_FINANCING" && hasBoth)) {
    if (hasBoth) return { oldPrice: amount(price), main: amount(specialPrice), negotiable: false, rental };
    return { oldPrice: null, main: amount(specialPrice ?? price), negotiable: false, rental };
  }
  if (priceType === "RENTAL_ONLY") return { oldPrice: null, main: null, negotiable: false, rental };
  return { oldPrice: null, main: amount(price), negotiable: false, rental };
}

/**
 * A posting's price as one line of a list, an e-mail or a sheet: the main price, else the first rental
 * ("Najem: 30 € na dan"), else "Cena ni navedena". Never empty, so no list starts with a bare separator.
 */
export function priceText(input: PriceDisplayInput): string {
  const d = priceDisplay(input);
  if (d.main !== null) return d.main;
  return d.rental
    ? m.card_rental({ price: d.rental.price, interval: labelOf(rentalIntervalLabels, d.rental.interval) })
    : m.price_not_given();
}

/**
 * The special price a buyer is shown, by the same rules as `priceDisplay`: only where the page shows it (an "Akcijska
 * cena", or a financing price with both amounts). A special price the wizard keeps beside a normal price, or one typed
 * while the price is normal or "Po dogovoru", is the seller's and reaches no buyer (decision 088, session 24).
 */
export function shownSpecialPrice(input: PriceDisplayInput): number | null {
  const { priceType, price, specialPrice } = input;
  if (specialPrice === null || specialPrice === undefined) return null;
  if (priceType === "SPECIAL_OFFER") return specialPrice;
  if (priceType === "WITH_FINANCING" && price !== null && price !== undefined) return specialPrice;
  return null;
}

/**
 * The amounts (cents) a buyer sees, by the same rules as `priceDisplay`: the regular price and, where the
 * page strikes it through, the special price a buyer pays. null when the page shows no amount (negotiable,
 * rental only, none given). For feeds that must say exactly what the page says.
 */
export function shownPriceCents(input: PriceDisplayInput): { regular: number; sale: number | null } | null {
  const { priceType, price, specialPrice } = input;
  if (priceType === "NEGOTIABLE" || priceType === "RENTAL_ONLY") return null;
  const hasBoth = price !== null && price !== undefined && specialPrice !== null && specialPrice !== undefined;
  if (priceType === "SPECIAL_OFFER" || (priceType === "WITH_FINANCING" && hasBoth)) {
    if (hasBoth)
      return specialPrice < price ? { regular: price, sale: specialPrice } : { regular: specialPrice, sale: null };
    const only = specialPrice ?? price;
    return only === null || only === undefined ? null : { regular: only, sale: null };
  }
  return price === null || price === undefined ? null : { regular: price, sale: null };
}
