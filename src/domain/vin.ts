// Offline VIN decoding (ISO 3779): the World Manufacturer Identifier and the model year.
// Pure: shared by the server (decoding against the catalog) and client forms.
import { isValidVin, normalizeVin, validationMessages } from "./validators";
import { z } from "./zod-locale";

// Normalisation and full-VIN validity live in validators.ts (one rule for forms and API).
export { isValidVin, normalizeVin };

/** Shown when a VIN is malformed. */
export const vinInvalidMessage = validationMessages.vinInvalid;
/** The spec's noVinResults: the VIN is well-formed but its manufacturer is not in the catalog. */
export const noVinResultsMessage = "Številke šasije ni v sistemu. Nadaljujte z ročnim vnosom.";

/** Characters a VIN may contain: digits and Latin capitals without I, O and Q. */
const vinCharPattern = /^[A-HJ-NPR-Z0-9]+$/;
/** Fewest characters a partial VIN (WMI + VDS + model year + plant) must have. */
export const partialVinMinLength = 11;
export const vinLength = 17;

/** Model-year codes of the 10th character in cycle order: index 0 = 1980/2010, 29 = 2009/2039. */
const modelYearCodes = "ABCDEFGHJKLMNPRSTVWXY123456789";
const modelYearCycleStart = 1980;
const modelYearCycleLength = 30;

/** The World Manufacturer Identifier: the first three characters of the normalised VIN. */
export function vinWmi(vin: string): string {
  return normalizeVin(vin).slice(0, 3);
}

/**
 * The model year encoded in the 10th character. The code repeats every 30 years, so the most
 * recent candidate year not after next year (`now.getUTCFullYear() + 1`, cars are sold as next
 * year's model) wins. null when the VIN is too short, the character is one the standard never
 * uses for the year (I, O, Q, U, Z, 0) or no candidate year is old enough.
 */
export function vinModelYear(vin: string, now: Date): number | null {
  const code = normalizeVin(vin).charAt(9);
  if (code === "") return null;
  const index = modelYearCodes.indexOf(code);
  if (index < 0) return null;
  const first = modelYearCycleStart + index;
  const latestAllowed = now.getUTCFullYear() + 1;
  if (first > latestAllowed) return null;
  return first + Math.floor((latestAllowed - first) / modelYearCycleLength) * modelYearCycleLength;
}

/**
 * A partial VIN as printed on some papers (the serial tail missing): after normalisation at
 * least 11 and at most 17 characters, all of them allowed VIN characters.
 */
export function isPartialVinValid(vin: string): boolean {
  const v = normalizeVin(vin);
  return v.length >= partialVinMinLength && v.length <= vinLength && vinCharPattern.test(v);
}

/** What a write path stores for a VIN: the normalised value and whether it is partial; or why not. */
export type VinParse = { ok: true; vin: string | null; isPartialVin: boolean } | { ok: false; message: string };

/**
 * The one VIN rule of every path that stores a VIN (spec section 5, issue 21): spaces and dashes
 * removed and upper-cased; a whole VIN is exactly 17 characters without I, O and Q. A partial VIN
 * is allowed only when the caller flags it, and only shorter than 17 (at least 11 allowed
 * characters); 17 characters sent as partial are a whole VIN. Empty means "no VIN" (null).
 */
export function parseVin(raw: string | null | undefined, partial = false): VinParse {
  const vin = raw ? normalizeVin(raw) : "";
  if (vin === "") return { ok: true, vin: null, isPartialVin: false };
  if (vin.length === vinLength)
    return isValidVin(vin) ? { ok: true, vin, isPartialVin: false } : { ok: false, message: vinInvalidMessage };
  if (partial && vin.length >= partialVinMinLength && vin.length < vinLength && vinCharPattern.test(vin))
    return { ok: true, vin, isPartialVin: true };
  return { ok: false, message: vinInvalidMessage };
}

/** A whole VIN in a path or body (campaign look-ups, claims): parseVin without the partial form. */
export const wholeVinSchema = z
  .string({ error: vinInvalidMessage })
  .max(40, { error: vinInvalidMessage })
  .transform((raw, ctx) => {
    const parsed = parseVin(raw);
    if (parsed.ok && parsed.vin) return parsed.vin;
    ctx.addIssue({ code: "custom", message: vinInvalidMessage });
    return z.NEVER;
  });

/** Whether a stored VIN is a whole one (the only kind a campaign claim may record). */
export const isWholeVin = (vin: string | null | undefined) => {
  const parsed = parseVin(vin);
  return parsed.ok && parsed.vin !== null && parsed.vin === vin;
};
