import { ljubljanaDay } from "./ljubljana-time";

/** Whole calendar days between two YYYY-MM-DD days (`to` minus `from`). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/**
 * Days a posting has been online (decision 070): whole Ljubljana calendar days from the day it was
 * first published to today, or to the day it was sold or expired. 0 on the day of publication, 1 the
 * next day, whatever the hour; never negative.
 */
export function daysOnline(
  p: { status: string; publishedAt: string | null; soldAt?: string | null; expiresAt?: string | null },
  now: Date,
): number | null {
  if (!p.publishedAt || p.status === "DRAFT") return null;
  const endedAt = p.status === "SOLD" ? p.soldAt : p.status === "EXPIRED" ? p.expiresAt : null;
  const end = endedAt && Date.parse(endedAt) < now.getTime() ? new Date(endedAt) : now;
  return Math.max(0, calendarDaysBetween(ljubljanaDay(new Date(p.publishedAt)), ljubljanaDay(end)));
}

/**
 * `total` split over `weights` in whole numbers that add up to exactly `total` (largest remainders
 * first): the seed's daily views for a posting's total, so the two never disagree.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  const shares = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const parts = shares.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}
