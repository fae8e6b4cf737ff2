/**
 * Cookie consent: which optional categories the visitor allowed. Necessary cookies (session,
 * locale, the terms notice, this choice itself) need no consent and are not recorded here.
 * Stored as a small URL-encoded value, e.g. "v=1&a=1&m=0&t=2025-08-01".
 */
import { ljubljanaDay } from "./ljubljana-time";

export type ConsentChoice = { analytics: boolean; marketing: boolean };
export type Consent = ConsentChoice & { decidedOn: string };
export type ConsentCategory = keyof ConsentChoice;

/** Raised when the categories or their meaning change: older choices are asked again. */
export const consentVersion = 1;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The day of the choice in Slovenia (a choice at 00:30 local time belongs to that day, not UTC's previous one). */
const dayOf = (now: Date) => ljubljanaDay(now);

/** The stored value of a choice made on `now`. */
export function serializeConsent(choice: ConsentChoice, now: Date): string {
  return new URLSearchParams({
    v: String(consentVersion),
    a: choice.analytics ? "1" : "0",
    m: choice.marketing ? "1" : "0",
    t: dayOf(now),
  }).toString();
}

/** The choice in a stored value; null when missing, malformed or of another version (ask again). */
export function parseConsent(raw: string | null | undefined): Consent | null {
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  if (params.get("v") !== String(consentVersion)) return null;
  const flag = (key: string) => {
    const value = params.get(key);
    return value === "1" ? true : value === "0" ? false : null;
  };
  const analytics = flag("a");
  const marketing = flag("m");
  const decidedOn = params.get("t") ?? "";
  if (analytics === null || marketing === null || !isoDay.test(decidedOn)) return null;
  return { analytics, marketing, decidedOn };
}

export const acceptAllChoice: ConsentChoice = { analytics: true, marketing: true };
export const necessaryOnlyChoice: ConsentChoice = { analytics: false, marketing: false };

/** True when a stored choice allows the category (no choice yet means no). */
export const allows = (consent: ConsentChoice | null, category: ConsentCategory) => consent?.[category] === true;

/** True when going from `before` to `after` withdraws a category that was allowed (its scripts are already running). */
export function withdrawsConsent(before: ConsentChoice | null, after: ConsentChoice): boolean {
  return (allows(before, "analytics") && !after.analytics) || (allows(before, "marketing") && !after.marketing);
}
