// Display formatters in Slovenian conventions (dot thousands, comma decimals).
// Number grouping is done by hand instead of Intl.NumberFormat because ICU data
// differs between Node, browsers and workerd (e.g. sl-SI uses a non-breaking space
// or no grouping for 4-digit numbers), which would cause SSR hydration mismatches.

import { ljubljanaParts as zoneParts } from "./ljubljana-time";
import { toEuros } from "./money";

export type DateInput = Date | string | number;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** Rounds half away from zero on the decimal representation, avoiding 1.005 → 1.00 float artefacts. */
function toFixedDigits(abs: number, decimals: number): string {
  // Exponent shifting only works while the number prints without exponent notation.
  if (abs < 1e15) {
    const scaled = Math.round(Number(`${abs}e${decimals}`));
    if (Number.isFinite(scaled)) {
      const raw = String(scaled).padStart(decimals + 1, "0");
      return decimals === 0 ? raw : `${raw.slice(0, -decimals)}.${raw.slice(-decimals)}`;
    }
  }
  return abs.toFixed(decimals);
}

export function formatNumber(n: number, decimals = 0): string {
  if (!Number.isFinite(n)) return "";
  const places = Math.max(0, Math.min(20, Math.trunc(decimals)));
  const fixed = toFixedDigits(Math.abs(n), places);
  const [intPart = "0", fracPart] = fixed.split(".");
  // Rounding can turn a tiny negative into zero; "-0" would look like a bug to users.
  const isZero = /^[0.]*$/.test(fixed);
  const sign = n < 0 && !isZero ? "-" : "";
  const grouped = groupThousands(intPart);
  return fracPart === undefined ? `${sign}${grouped}` : `${sign}${grouped},${fracPart}`;
}

/** An amount of money in integer cents (decision 050) as "12.490 €" or "12.490,50 €". */
export function formatPrice(amountCents: number): string {
  if (!Number.isFinite(amountCents)) return "";
  const cents = Math.round(amountCents);
  const decimals = cents % 100 === 0 ? 0 : 2;
  return `${formatNumber(toEuros(cents) ?? 0, decimals)} €`;
}

export function formatMileage(km: number): string {
  if (!Number.isFinite(km)) return "";
  return `${formatNumber(km)} km`;
}

export function kwToHp(kw: number): number {
  return Math.round(kw * 1.3596216173039);
}

export function formatPower(kw: number): string {
  if (!Number.isFinite(kw)) return "";
  return `${formatNumber(kw)} kW (${formatNumber(kwToHp(kw))} KM)`;
}

export function formatConsumption(litresPer100Km: number): string {
  if (!Number.isFinite(litresPer100Km)) return "";
  return `${formatNumber(litresPer100Km, 1)} l/100 km`;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function toDate(input: DateInput | null | undefined): Date | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "string" && input.trim() === "") return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

function ljubljanaParts(input: DateInput | null | undefined): DateParts | null {
  const date = toDate(input);
  if (date === null) return null;
  try {
    // One reading of Ljubljana's clock for the whole product (src/domain/ljubljana-time.ts: the EU rule, no Intl
    // zone data on a phone's start).
    const { year, month, day, hour, minute } = zoneParts(date);
    const result: DateParts = { year, month, day, hour, minute };
    return Object.values(result).every(Number.isFinite) ? result : null;
  } catch {
    // Dates outside the representable range throw RangeError.
    return null;
  }
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** "03/2019" — the month/year of first registration as printed on Slovenian papers. */
export function formatDateMonthYear(d: DateInput | null | undefined): string {
  const p = ljubljanaParts(d);
  return p === null ? "" : `${pad2(p.month)}/${p.year}`;
}

export function formatYear(d: DateInput | null | undefined): string {
  const p = ljubljanaParts(d);
  return p === null ? "" : String(p.year);
}

/** "5. 3. 2026" — Slovenian orthography puts a space after each ordinal dot. */
export function formatDate(d: DateInput | null | undefined): string {
  const p = ljubljanaParts(d);
  return p === null ? "" : `${p.day}. ${p.month}. ${p.year}`;
}

/** "5. 3. 2026 9.05" — Slovenian uses a dot between hours and minutes. */
export function formatDateTime(d: DateInput | null | undefined): string {
  const p = ljubljanaParts(d);
  return p === null ? "" : `${p.day}. ${p.month}. ${p.year} ${p.hour}.${pad2(p.minute)}`;
}
