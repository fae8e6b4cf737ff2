// Slovenian technical inspection (tehnični pregled) schedule for passenger cars:
// first at 4 years of age, then at 6 and 8 years, and every year after that.
// Inspections fall in the month of first registration; months are 'YYYY-MM' strings.

import { ljubljanaParts } from "./ljubljana-time";
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True when a car of this age (whole years since first registration) is due for inspection. */
export function isInspectionAge(age: number): boolean {
  return Number.isInteger(age) && (age === 4 || age === 6 || age >= 8);
}

/** The inspection age following `age`: 4 for new cars, 4 → 6 → 8, then +1 each year. */
function nextInspectionAge(age: number): number {
  if (age < 4) return 4;
  if (age < 6) return 6;
  if (age < 8) return 8;
  return age + 1;
}

/** Month index counted from year 0 (year × 12 + month − 1), so months can be compared and added. */
type MonthIndex = number;

function parseMonth(value: string): MonthIndex {
  const m = MONTH_PATTERN.exec(value);
  if (m === null) throw new RangeError(`first registration must be 'YYYY-MM', got ${JSON.stringify(value)}`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

function formatMonth(index: MonthIndex): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** Calendar month of a Date in Ljubljana, so a date at 23:30 UTC on the 31st counts in the next month there. */
function monthOfDate(date: Date): MonthIndex {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new RangeError("date must be a valid Date");
  const { year, month } = ljubljanaParts(date);
  if (!Number.isInteger(year) || !Number.isInteger(month)) throw new RangeError("date is outside the supported range");
  return year * 12 + month - 1;
}

/**
 * All inspection months ('YYYY-MM') from first registration up to and including the month
 * of `until` (Ljubljana time). Empty when `until` is before the first inspection.
 * Throws RangeError for a malformed first registration or an invalid Date.
 */
export function inspectionDueDates(firstRegistration: string, until: Date): string[] {
  const start = parseMonth(firstRegistration);
  const end = monthOfDate(until);
  const result: string[] = [];
  for (let age = nextInspectionAge(0); start + age * 12 <= end; age = nextInspectionAge(age)) {
    result.push(formatMonth(start + age * 12));
  }
  return result;
}

/**
 * The next inspection month on or after the current month of `today` (Ljubljana time);
 * an inspection due this month is still "next". Throws RangeError like inspectionDueDates.
 */
export function nextInspection(firstRegistration: string, today: Date): string {
  const start = parseMonth(firstRegistration);
  const current = monthOfDate(today);
  let age = nextInspectionAge(0);
  while (start + age * 12 < current) age = nextInspectionAge(age);
  return formatMonth(start + age * 12);
}

/**
 * Inspection months ('YYYY-MM') due in the `years` years starting with the month of `from`
 * (Ljubljana time): months from, from + 1, …, from + years × 12 − 1. A car without a first
 * registration (new, not yet registered) counts as registered in the month of `from`.
 * Throws RangeError for a malformed first registration, an invalid Date or years outside 1..50.
 */
export function inspectionsWithin(firstRegistration: string | null, from: Date, years: number): string[] {
  if (!Number.isInteger(years) || years < 1 || years > 50)
    throw new RangeError(`years must be an integer 1..50, got ${years}`);
  const first = monthOfDate(from);
  const start = firstRegistration === null ? first : parseMonth(firstRegistration);
  const end = first + years * 12; // exclusive
  const result: string[] = [];
  for (let age = nextInspectionAge(0); start + age * 12 < end; age = nextInspectionAge(age)) {
    if (start + age * 12 >= first) result.push(formatMonth(start + age * 12));
  }
  return result;
}
