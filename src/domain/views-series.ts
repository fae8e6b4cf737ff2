import { ljubljanaDay } from "./ljubljana-time";

/** Calendar days (YYYY-MM-DD) from `from` for `count` days; plain date arithmetic in UTC, no time zones involved. */
export function dayRange(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** The calendar day `n` days after `day` (negative: before); plain date arithmetic. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The first day of the `count` Ljubljana days ending today. Counted in calendar days: subtracting
 * 24-hour periods from now would shift the window by a day across a daylight-saving change.
 */
export function lastDaysFrom(now: Date, count: number): string {
  return addDays(ljubljanaDay(now), 1 - count);
}

/** A views series with every day present (days without views are 0), so a chart's x axis is time, not rows. */
export function denseViews(
  from: string,
  count: number,
  rows: { day: string; views: number }[],
): { day: string; views: number }[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.views)]));
  return dayRange(from, count).map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

/** "3. 11." — a calendar day (YYYY-MM-DD) the short Slovenian way, for chart axes. */
export function formatDayShort(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date}. ${month}.`;
}
