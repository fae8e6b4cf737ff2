import { describe, expect, it } from "vitest";
import {
  type DayHours,
  dayHoursProblems,
  formatDayHours,
  groupWeek,
  legacyHours,
  openingHoursSpecification,
  openingStatus,
  toDayHours,
  type WeekHours,
  weekFromLegacy,
} from "./opening-hours";

const workday: DayHours = { from: "08:00", to: "17:00", breakFrom: "12:00", breakTo: "13:00" };
const week: WeekHours = {
  mon: workday,
  tue: workday,
  wed: workday,
  thu: workday,
  fri: workday,
  sat: { from: "08:00", to: "12:00", breakFrom: null, breakTo: null },
  sun: null,
};
const at = (iso: string) => openingStatus(week, new Date(iso));

describe("open now in Ljubljana time", () => {
  it("winter time (UTC+1): inside, in the break, just before and at closing", () => {
    expect(at("2026-11-23T07:30:00Z").open).toBe(true); // Monday 8.30
    expect(at("2026-11-23T06:59:00Z").open).toBe(false); // Monday 7.59
    expect(at("2026-11-23T07:00:00Z").open).toBe(true); // Monday 8.00
    expect(at("2026-11-23T11:30:00Z").open).toBe(false); // Monday 12.30, the break
    expect(at("2026-11-23T12:00:00Z").open).toBe(true); // Monday 13.00, after the break
    expect(at("2026-11-23T15:59:00Z").open).toBe(true); // Monday 16.59
    expect(at("2026-11-23T16:00:00Z").open).toBe(false); // Monday 17.00, closed
  });
  it("summer time (UTC+2)", () => {
    expect(at("2026-07-06T06:30:00Z").open).toBe(true); // Monday 8.30
    expect(at("2026-07-06T05:30:00Z").open).toBe(false); // Monday 7.30
    expect(at("2026-07-06T14:59:00Z").open).toBe(true); // Monday 16.59
    expect(at("2026-07-06T15:00:00Z").open).toBe(false); // Monday 17.00
  });
  it("a closed day: Sunday, all day", () => {
    expect(at("2026-11-29T10:00:00Z").open).toBe(false);
    expect(at("2026-03-29T09:00:00Z").open).toBe(false);
  });
  it("around the March change (Sunday 29 March 2026 → Monday 30 March)", () => {
    // Saturday 28 March is still UTC+1: 11.59 open, 12.00 closed.
    expect(at("2026-03-28T10:59:00Z").open).toBe(true);
    expect(at("2026-03-28T11:00:00Z").open).toBe(false);
    // Monday 30 March is UTC+2: 8.00 local is 06:00 UTC.
    expect(at("2026-03-30T05:59:00Z").open).toBe(false);
    expect(at("2026-03-30T06:00:00Z").open).toBe(true);
    expect(at("2026-03-30T14:59:00Z").open).toBe(true);
    expect(at("2026-03-30T15:00:00Z").open).toBe(false);
  });
  it("around the October change (Sunday 25 October 2026 → Monday 26 October)", () => {
    expect(at("2026-10-24T09:59:00Z").open).toBe(true); // Saturday 11.59, UTC+2
    expect(at("2026-10-24T10:00:00Z").open).toBe(false); // Saturday 12.00
    expect(at("2026-10-25T10:00:00Z").open).toBe(false); // Sunday
    expect(at("2026-10-26T06:59:00Z").open).toBe(false); // Monday 7.59, UTC+1
    expect(at("2026-10-26T07:00:00Z").open).toBe(true); // Monday 8.00
  });
  it("says when it opens next: today after the break, tomorrow, or on Monday", () => {
    expect(at("2026-11-23T11:30:00Z").next).toEqual({ inDays: 0, day: "mon", time: "13:00" });
    expect(at("2026-11-23T17:00:00Z").next).toEqual({ inDays: 1, day: "tue", time: "08:00" });
    expect(at("2026-11-28T12:00:00Z").next).toEqual({ inDays: 2, day: "mon", time: "08:00" }); // Saturday 13.00
    expect(at("2026-11-29T10:00:00Z").next).toEqual({ inDays: 1, day: "mon", time: "08:00" }); // Sunday
    const closed = weekFromLegacy({ from: null, to: null }, { from: null, to: null });
    expect(openingStatus(closed, new Date("2026-11-23T08:00:00Z"))).toEqual({ open: false, next: null });
  });
});

describe("a day's validation", () => {
  const problems = (d: Parameters<typeof dayHoursProblems>[0]) => dayHoursProblems(d).map((p) => p.field);
  it("accepts a closed day, a plain day and a day with a break", () => {
    expect(problems({ closed: true, from: "25:00" })).toEqual([]);
    expect(problems({ from: "08:00", to: "16:00" })).toEqual([]);
    expect(problems({ from: "08:00", to: "17:00", breakFrom: "12:00", breakTo: "13:00" })).toEqual([]);
  });
  it("refuses bad times, a reversed day and a break outside the hours", () => {
    expect(problems({ from: "25:00", to: "16:00" })).toEqual(["from"]);
    expect(problems({ from: "8:00", to: "16:00" })).toEqual(["from"]);
    expect(problems({ from: "", to: "" })).toEqual(["from"]);
    expect(problems({ from: "08:00", to: "" })).toEqual(["to"]);
    expect(problems({ from: "16:00", to: "08:00" })).toEqual(["to"]);
    expect(problems({ from: "08:00", to: "16:00", breakFrom: "12:00" })).toEqual(["breakTo"]);
    expect(problems({ from: "08:00", to: "16:00", breakFrom: "13:00", breakTo: "12:00" })).toEqual(["breakTo"]);
    expect(problems({ from: "08:00", to: "16:00", breakFrom: "07:00", breakTo: "09:00" })).toEqual(["breakFrom"]);
    expect(problems({ from: "08:00", to: "16:00", breakFrom: "15:00", breakTo: "16:00" })).toEqual(["breakTo"]);
    expect(dayHoursProblems({ from: "08:00", to: "16:00", breakFrom: "15:00", breakTo: "17:00" })[0]?.message).toBe(
      "Odmor mora biti znotraj delovnega časa.",
    );
  });
  it("stores a closed day as null and drops a half break", () => {
    expect(toDayHours({ closed: true, from: "08:00", to: "16:00" })).toBeNull();
    expect(toDayHours({ from: " 08:00", to: "16:00", breakFrom: "", breakTo: "" })).toEqual({
      from: "08:00",
      to: "16:00",
      breakFrom: null,
      breakTo: null,
    });
  });
});

describe("formatting and the spec's weekly/Saturday fields", () => {
  it("groups equal days and writes times the Slovenian way", () => {
    expect(formatDayHours(workday)).toBe("8.00–12.00, 13.00–17.00");
    expect(groupWeek(week).map((g) => [g.first, g.last, formatDayHours(g.hours)])).toEqual([
      ["mon", "fri", "8.00–12.00, 13.00–17.00"],
      ["sat", "sat", "8.00–12.00"],
      ["sun", "sun", ""],
    ]);
  });
  it("derives weekly = Monday's, Saturday = Saturday's, and back (Sunday closed)", () => {
    expect(legacyHours(week)).toEqual({
      weekdayFrom: "08:00",
      weekdayTo: "17:00",
      saturdayFrom: "08:00",
      saturdayTo: "12:00",
    });
    const back = weekFromLegacy({ from: "08:00", to: "17:00" }, { from: null, to: null });
    expect(back.fri).toEqual({ from: "08:00", to: "17:00", breakFrom: null, breakTo: null });
    expect(back.sat).toBeNull();
    expect(back.sun).toBeNull();
  });
});

describe("AutoDealer JSON-LD openingHoursSpecification", () => {
  it("has the schema.org shape: a break as two entries, closed days left out", () => {
    const spec = openingHoursSpecification(week);
    expect(spec).toHaveLength(11);
    for (const entry of spec) {
      expect(Object.keys(entry).sort()).toEqual(["@type", "closes", "dayOfWeek", "opens"]);
      expect(entry["@type"]).toBe("OpeningHoursSpecification");
      expect(entry.dayOfWeek).toMatch(/^https:\/\/schema\.org\/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)$/);
      expect(entry.opens).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(entry.closes).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(entry.opens < entry.closes).toBe(true);
    }
    expect(spec.slice(0, 2)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "08:00", closes: "12:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "13:00", closes: "17:00" },
    ]);
    expect(spec.some((e) => e.dayOfWeek.endsWith("Sunday"))).toBe(false);
  });
});
