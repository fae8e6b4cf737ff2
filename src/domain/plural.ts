// Slovenian has four plural forms chosen by the last two digits (1 vozilo, 2 vozili,
// 3–4 vozila, 5+ vozil; 101 behaves like 1 but 111 like 5).
import { formatNumber } from "./format";

export type PluralCategory = "one" | "two" | "few" | "other";

export interface PluralForms {
  one: string;
  two: string;
  few: string;
  other: string;
}

export function pluralCategory(n: number): PluralCategory {
  if (!Number.isFinite(n)) return "other";
  const mod100 = Math.trunc(Math.abs(n)) % 100;
  if (mod100 === 1) return "one";
  if (mod100 === 2) return "two";
  if (mod100 === 3 || mod100 === 4) return "few";
  return "other";
}

function displayNumber(n: number): string {
  if (Number.isInteger(n)) return formatNumber(n);
  // Keep the significant decimals (up to 2) instead of silently rounding 1,5 to 2.
  const decimals = Number.isInteger(n * 10) ? 1 : 2;
  return formatNumber(n, decimals);
}

export function plural(n: number, forms: PluralForms): string {
  const text = displayNumber(n);
  return forms[pluralCategory(n)].replace(/\{(?:n|count)\}/g, text);
}
