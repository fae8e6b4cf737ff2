import { hoursMessages, hoursProblem } from "./dealership";
import { ljubljanaParts } from "./ljubljana-time";

/** The days of the week in the order the product lists them (Monday first, as in Slovenia). */
export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

/** One day's hours ("HH:MM", 24-hour): open from–to, with an optional break inside them. */
export type DayHours = { from: string; to: string; breakFrom: string | null; breakTo: string | null };
/** A dealership's week (decision 072): each day its hours, or null when it is closed. */
export type WeekHours = Record<Weekday, DayHours | null>;

/** A day as the forms send it: closed, or the times (empty meaning not given). */
export type DayHoursInput = {
  closed?: boolean | null;
  from?: string | null;
  to?: string | null;
  breakFrom?: string | null;
  breakTo?: string | null;
};
export type DayField = "from" | "to" | "breakFrom" | "breakTo";

export const openingHoursMessages = {
  ...hoursMessages,
  required: "Vnesite uri odprtja in zaprtja ali označite, da je ta dan zaprto.",
  breakBoth: "Vnesite začetek in konec odmora ali nobenega.",
  breakOrder: "Odmor se mora začeti pred svojim koncem.",
  breakInside: "Odmor mora biti znotraj delovnega časa.",
  week: "Delovni čas mora imeti natanko sedem dni (od ponedeljka do nedelje).",
  day: "Za vsak dan vnesite delovni čas ali označite, da je zaprto.",
} as const;

const blank = (v: string | null | undefined) => v?.trim() ?? "";

/** A day as a form holds it (every time a string, "" when not given). */
export type DayForm = { closed: boolean; from: string; to: string; breakFrom: string; breakTo: string };
export type WeekForm = Record<Weekday, DayForm>;

/** The form's values for a stored week. */
export function weekForm(week: WeekHours): WeekForm {
  const day = (d: DayHours | null): DayForm => ({
    closed: d === null,
    from: d?.from ?? "",
    to: d?.to ?? "",
    breakFrom: d?.breakFrom ?? "",
    breakTo: d?.breakTo ?? "",
  });
  return Object.fromEntries(weekdays.map((d) => [d, day(week[d])])) as WeekForm;
}

/** What is wrong with one day, each problem at its field; empty when the day is fine (or closed). */
export function dayHoursProblems(day: DayHoursInput): { field: DayField; message: string }[] {
  if (day.closed) return [];
  const from = blank(day.from);
  const to = blank(day.to);
  const breakFrom = blank(day.breakFrom);
  const breakTo = blank(day.breakTo);
  const problems: { field: DayField; message: string }[] = [];
  if (!from && !to) problems.push({ field: "from", message: openingHoursMessages.required });
  else {
    const open = hoursProblem(from, to);
    if (open) problems.push({ field: open.side, message: open.message });
  }
  const pause = hoursProblem(breakFrom, breakTo);
  if (pause) {
    const message =
      pause.message === hoursMessages.both
        ? openingHoursMessages.breakBoth
        : pause.message === hoursMessages.order
          ? openingHoursMessages.breakOrder
          : pause.message;
    problems.push({ field: pause.side === "from" ? "breakFrom" : "breakTo", message });
  } else if (breakFrom && problems.length === 0) {
    // Zero-padded 24-hour times compare correctly as strings; the break lies strictly inside the day.
    if (breakFrom <= from) problems.push({ field: "breakFrom", message: openingHoursMessages.breakInside });
    else if (breakTo >= to) problems.push({ field: "breakTo", message: openingHoursMessages.breakInside });
  }
  return problems;
}

/** A valid day input as stored: null when closed. */
export function toDayHours(day: DayHoursInput): DayHours | null {
  if (day.closed) return null;
  const breakFrom = blank(day.breakFrom) || null;
  return { from: blank(day.from), to: blank(day.to), breakFrom, breakTo: breakFrom ? blank(day.breakTo) : null };
}

/** The week a dealership had before per-day hours: Monday–Friday and Saturday, Sunday closed. */
export function weekFromLegacy(
  weekday: { from: string | null; to: string | null },
  saturday: { from: string | null; to: string | null },
): WeekHours {
  const day = (s: { from: string | null; to: string | null }): DayHours | null =>
    s.from && s.to ? { from: s.from, to: s.to, breakFrom: null, breakTo: null } : null;
  const w = day(weekday);
  return { mon: w, tue: w, wed: w, thu: w, fri: w, sat: day(saturday), sun: null };
}

/** A dealership row's week: its per-day hours, or (a row written without them) its weekly and Saturday hours. */
export function weekOf(row: {
  openingHours: WeekHours | null;
  weekdayFrom: string | null;
  weekdayTo: string | null;
  saturdayFrom: string | null;
  saturdayTo: string | null;
}): WeekHours {
  return (
    row.openingHours ??
    weekFromLegacy({ from: row.weekdayFrom, to: row.weekdayTo }, { from: row.saturdayFrom, to: row.saturdayTo })
  );
}

/** The spec's "weekly and Saturday hours": Monday's and Saturday's opening and closing (decision 072). */
export function legacyHours(week: WeekHours) {
  return {
    weekdayFrom: week.mon?.from ?? null,
    weekdayTo: week.mon?.to ?? null,
    saturdayFrom: week.sat?.from ?? null,
    saturdayTo: week.sat?.to ?? null,
  };
}

/** The open stretches of a day: one, or two around the break. */
export function dayIntervals(day: DayHours | null): { from: string; to: string }[] {
  if (!day) return [];
  if (day.breakFrom && day.breakTo)
    return [
      { from: day.from, to: day.breakFrom },
      { from: day.breakTo, to: day.to },
    ];
  return [{ from: day.from, to: day.to }];
}

const ljubljanaWeekday: Record<string, Weekday> = {
  Mon: "mon",
  Tue: "tue",
  Wed: "wed",
  Thu: "thu",
  Fri: "fri",
  Sat: "sat",
  Sun: "sun",
};

/** Today's day of the week in Ljubljana. */
export function ljubljanaWeekdayOf(now: Date): Weekday {
  return ljubljanaWeekday[ljubljanaParts(now).weekday] ?? "mon";
}

export type OpeningStatus = {
  open: boolean;
  /** When it opens next: in how many days (0 today, 1 tomorrow), which day, at what time; null if never. */
  next: { inDays: number; day: Weekday; time: string } | null;
};

/** Open or closed at an instant by the wall clock in Europe/Ljubljana (summer and winter time alike). */
export function openingStatus(week: WeekHours, now: Date): OpeningStatus {
  const p = ljubljanaParts(now);
  const time = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
  const todayIndex = weekdays.indexOf(ljubljanaWeekdayOf(now));
  const today = dayIntervals(week[weekdays[todayIndex] ?? "mon"]);
  const open = today.some((s) => time >= s.from && time < s.to);
  let next: OpeningStatus["next"] = null;
  for (let inDays = 0; inDays <= 7 && !next; inDays++) {
    const day = weekdays[(todayIndex + inDays) % 7] ?? "mon";
    const start = dayIntervals(week[day]).find((s) => inDays > 0 || s.from > time);
    if (start) next = { inDays, day, time: start.from };
  }
  return { open, next };
}

/** "08:00" → "8.00": the site's Slovenian time style (as formatDateTime writes it). */
export function formatTime(hhmm: string): string {
  const [h, min] = hhmm.split(":");
  return `${Number(h)}.${min ?? "00"}`;
}

/** A day's hours as text: "8.00–12.00, 13.00–17.00"; "" when closed. */
export function formatDayHours(day: DayHours | null): string {
  return dayIntervals(day)
    .map((s) => `${formatTime(s.from)}–${formatTime(s.to)}`)
    .join(", ");
}

/** Consecutive days with the same hours as one group (Mon–Fri, Sat, Sun), for the short week line. */
export function groupWeek(week: WeekHours): { first: Weekday; last: Weekday; hours: DayHours | null }[] {
  const groups: { first: Weekday; last: Weekday; hours: DayHours | null }[] = [];
  for (const day of weekdays) {
    const last = groups.at(-1);
    if (last && formatDayHours(last.hours) === formatDayHours(week[day])) last.last = day;
    else groups.push({ first: day, last: day, hours: week[day] });
  }
  return groups;
}

// schema.org day names in the order of `weekdays`.
const schemaDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** schema.org `openingHoursSpecification`: one entry per open stretch (a break makes two), closed days left out. */
export type OpeningHoursSpecification = {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string;
  opens: string;
  closes: string;
};
export function openingHoursSpecification(week: WeekHours): OpeningHoursSpecification[] {
  return weekdays.flatMap((day, i) =>
    dayIntervals(week[day]).map((s) => ({
      "@type": "OpeningHoursSpecification" as const,
      dayOfWeek: `https://schema.org/${schemaDays[i]}`,
      opens: s.from,
      closes: s.to,
    })),
  );
}
