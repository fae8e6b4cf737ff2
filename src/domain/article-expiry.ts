import { endOfLjubljanaDay } from "./ljubljana-time";
import { ljubljanaDay } from "./ljubljana-time";

/**
 * A news article's expiry date is the last day it is shown (Europe/Ljubljana): it disappears at the
 * following local midnight. The database keeps that instant (`articles.expires_at`, ISO), so the search
 * page's filter is a plain comparison with now.
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  if (!dayPattern.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day);
}

/** The instant an article whose expiry date is `day` stops being shown: the end of that Ljubljana day. */
export function articleExpiresAt(day: string): string {
  // Noon UTC is the same calendar day in Ljubljana (UTC+1/+2) all year round.
  return endOfLjubljanaDay(new Date(`${day}T12:00:00Z`)).toISOString();
}

/** The expiry date (last day shown) of a stored instant, for the form. */
export function articleExpiryDay(expiresAt: string): string {
  return ljubljanaDay(new Date(new Date(expiresAt).getTime() - 1));
}

/** Expired: the stored instant has passed (no expiry date never expires). */
export function isArticleExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}
