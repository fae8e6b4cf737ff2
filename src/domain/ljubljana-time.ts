// Ljubljana time (Europe/Ljubljana, UTC+1, UTC+2 from the last Sunday of March to the last Sunday of
// October): the one place that turns instants into the local calendar days and hours the product speaks
// of (views per day, "today" in the search, featuring and article ends, opening hours, inspections).

export const ljubljanaTimeZone = "Europe/Ljubljana";

export type LjubljanaParts = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** "Mon" … "Sun" */
  weekday: string;
};

const hourMs = 3_600_000;
const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** 01:00 UTC on the last Sunday of a month (0-based): when the EU's clocks change. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

// The EU's rule (summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
// October), which Slovenia has kept since 1996, is plain arithmetic. Reading the zone through
// Intl.DateTimeFormat instead cost a phone's main thread 100–120 ms (4× throttled Chromium) the first time,
// at every page's start (docs/performance.md, round 7). Instants outside those years go through Intl, made
// the first time one is asked for; `ljubljana-time.test.ts` compares the rule with Intl's zone data hour by
// hour over years, so a change of the rule in the zone data fails the test.
const ruleFrom = Date.UTC(1996, 0, 1);
const ruleUntil = Date.UTC(2100, 0, 1);

let zoneFormatter: Intl.DateTimeFormat | undefined;
function zonePartsFromIntl(at: Date): LjubljanaParts {
  zoneFormatter ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: ljubljanaTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "short",
    hourCycle: "h23",
  });
  const parts = zoneFormatter.formatToParts(at);
  const text = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? "";
  const num = (t: Intl.DateTimeFormatPartTypes) => Number(text(t) || 0);
  return {
    year: num("year"),
    month: num("month"),
    day: num("day"),
    hour: num("hour"),
    minute: num("minute"),
    second: num("second"),
    weekday: text("weekday"),
  };
}

/** Offset of Europe/Ljubljana from UTC at an instant, in milliseconds (+1 h or +2 h). */
export function ljubljanaOffsetMs(at: number): number {
  if (!(at >= ruleFrom && at < ruleUntil)) {
    const p = zonePartsFromIntl(new Date(at));
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return asUtc - Math.floor(at / 1000) * 1000;
  }
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSundayAt1Utc(year, 2) && at < lastSundayAt1Utc(year, 9);
  return summer ? 2 * hourMs : hourMs;
}

/** The wall-clock reading in Ljubljana at an instant. */
export function ljubljanaParts(at: Date): LjubljanaParts {
  const ms = at.getTime();
  if (!(ms >= ruleFrom && ms < ruleUntil)) return zonePartsFromIntl(at);
  const local = new Date(ms + ljubljanaOffsetMs(ms));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: weekdays[local.getUTCDay()] as string,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Day key of Europe/Ljubljana, 'YYYY-MM-DD': views are counted per local day. */
export function ljubljanaDay(at: Date): string {
  const p = ljubljanaParts(at);
  return `${String(p.year).padStart(4, "0")}-${pad(p.month)}-${pad(p.day)}`;
}

// The instant of local midnight at the start of a calendar day. The offset at midnight may differ from
// the one at the moment asked about (DST changes at 02:00/03:00 local, never at midnight).
function ljubljanaMidnight(year: number, month: number, day: number): Date {
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  const guess = midnightAsUtc - ljubljanaOffsetMs(midnightAsUtc);
  return new Date(midnightAsUtc - ljubljanaOffsetMs(guess));
}

/** Start of "today" in Ljubljana as an instant (posting age TODAY); 23 or 25 hours before its end on DST days. */
export function startOfLjubljanaDay(now: Date): Date {
  const p = ljubljanaParts(now);
  return ljubljanaMidnight(p.year, p.month, p.day);
}

/** The next midnight in Ljubljana: the end of the current local day (23 or 25 hours long on DST days). */
export function endOfLjubljanaDay(now: Date): Date {
  const p = ljubljanaParts(now);
  return ljubljanaMidnight(p.year, p.month, p.day + 1);
}
