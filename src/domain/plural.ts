// Slovenian plurals through the platform's CLDR rules (Intl.PluralRules('sl')): four forms chosen by
// the last two digits of whole numbers (1 vozilo, 2 vozili, 3–4 vozila, 5+ vozil; 101 like 1, 111 like 5),
// and the "few" form for any number shown with decimals ("1,5 vozila", "0,5 vozila").
import { formatNumber } from "./format";

export type PluralCategory = "one" | "two" | "few" | "other";

export interface PluralForms {
  one: string;
  two: string;
  few: string;
  other: string;
}

const rulesByDecimals = new Map<number, Intl.PluralRules>();

/** Rules that see the number exactly as it is shown (0–2 decimals), so "1,50" and "1,5" pick the same form as their text. */
function rules(decimals: number): Intl.PluralRules {
  let r = rulesByDecimals.get(decimals);
  if (r === undefined) {
    r = new Intl.PluralRules("sl", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    rulesByDecimals.set(decimals, r);
  }
  return r;
}

/** Decimals shown for a number: none for whole numbers, otherwise the significant ones up to 2. */
function shownDecimals(n: number): number {
  if (Number.isInteger(n)) return 0;
  if (Number.isInteger(Math.round(n * 100) / 10)) return 1;
  // 1,999 is shown as "2,00": still a fraction in CLDR terms (v = 2), which is the "few" form.
  return 2;
}

function toCategory(c: Intl.LDMLPluralRule): PluralCategory {
  return c === "one" || c === "two" || c === "few" ? c : "other";
}

/** The Slovenian plural category of `n` as it is displayed. */
export function pluralCategory(n: number): PluralCategory {
  if (!Number.isFinite(n)) return "other";
  return toCategory(rules(shownDecimals(n)).select(n));
}

function displayNumber(n: number): string {
  const decimals = shownDecimals(n);
  return decimals === 0 ? formatNumber(n) : formatNumber(n, decimals);
}

/** "{n} vozil" with the right form; {n} and {count} are replaced by the number in Slovenian format. */
export function plural(n: number, forms: PluralForms): string {
  const text = Number.isFinite(n) ? displayNumber(n) : String(n);
  return forms[pluralCategory(n)].replace(/\{(?:n|count)\}/g, text);
}

/** Days as counted on a price list or cookie table: "1 dan", "2 dneva", "3 dni", "30 dni". */
export const dayForms: PluralForms = { one: "{n} dan", two: "{n} dneva", few: "{n} dni", other: "{n} dni" };
/** Minutes after "velja": "1 minuto", "2 minuti", "3 minute", "15 minut". */
export const minuteForms: PluralForms = { one: "{n} minuto", two: "{n} minuti", few: "{n} minute", other: "{n} minut" };
