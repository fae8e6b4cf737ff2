import { describe, expect, it } from "vitest";
import { inspectionDueDates, inspectionsWithin, isInspectionAge, nextInspection } from "./inspections";

/** Mid-month noon UTC, far from any month boundary in Ljubljana. */
const day = (month: string) => new Date(`${month}-15T12:00:00Z`);

describe("isInspectionAge", () => {
  it("is due at 4, 6, 8 and every year after", () => {
    const due = Array.from({ length: 13 }, (_, age) => age).filter(isInspectionAge);
    expect(due).toEqual([4, 6, 8, 9, 10, 11, 12]);
    expect(isInspectionAge(8.5)).toBe(false);
  });
});

describe("inspectionDueDates", () => {
  it("a brand new car has no inspections yet", () => {
    expect(inspectionDueDates("2026-03", day("2026-03"))).toEqual([]);
    expect(inspectionDueDates("2026-03", day("2030-02"))).toEqual([]);
  });

  it("includes the month of `until`", () => {
    expect(inspectionDueDates("2026-03", day("2030-03"))).toEqual(["2030-03"]);
  });

  it("a 5-year-old car has had one inspection", () => {
    expect(inspectionDueDates("2021-05", day("2026-06"))).toEqual(["2025-05"]);
  });

  it("a 12-year-old car: 4, 6, 8, then yearly", () => {
    expect(inspectionDueDates("2014-01", day("2026-05"))).toEqual([
      "2018-01",
      "2020-01",
      "2022-01",
      "2023-01",
      "2024-01",
      "2025-01",
      "2026-01",
    ]);
  });

  it("is empty when `until` is before the first registration", () => {
    expect(inspectionDueDates("2020-06", day("2019-01"))).toEqual([]);
  });

  it("counts the month of `until` in Ljubljana time", () => {
    // 23:30 UTC on 30 April is already 1 May in Ljubljana (UTC+2).
    expect(inspectionDueDates("2022-05", new Date("2026-04-30T23:30:00Z"))).toEqual(["2026-05"]);
    expect(inspectionDueDates("2022-05", new Date("2026-04-30T21:30:00Z"))).toEqual([]);
  });

  it.each(["2020-13", "2020-00", "2020-5", "20-05", "2020-05-01", "", "abcd-ef"])("throws RangeError for %j", (reg) => {
    expect(() => inspectionDueDates(reg, day("2026-01"))).toThrow(RangeError);
    expect(() => nextInspection(reg, day("2026-01"))).toThrow(RangeError);
  });

  it("throws RangeError for an invalid Date", () => {
    expect(() => inspectionDueDates("2020-05", new Date("nope"))).toThrow(RangeError);
    expect(() => nextInspection("2020-05", new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("nextInspection", () => {
  it("a brand new car is first due at 4 years", () => {
    expect(nextInspection("2026-03", day("2026-03"))).toBe("2030-03");
  });

  it("a car registered in the future is due 4 years after registration", () => {
    expect(nextInspection("2027-01", day("2026-03"))).toBe("2031-01");
  });

  it("a 5-year-old car is next due at 6 years", () => {
    expect(nextInspection("2021-03", day("2026-06"))).toBe("2027-03");
    // Its 5th anniversary month is not an inspection month.
    expect(nextInspection("2021-03", day("2026-03"))).toBe("2027-03");
  });

  it("an inspection due this month is still next", () => {
    expect(nextInspection("2020-06", day("2026-06"))).toBe("2026-06");
    expect(nextInspection("2022-06", day("2026-06"))).toBe("2026-06");
  });

  it("a 12-year-old car is due every year", () => {
    expect(nextInspection("2014-01", day("2026-05"))).toBe("2027-01");
    expect(nextInspection("2014-09", day("2026-05"))).toBe("2026-09");
  });

  it("between 6 and 8 years the next one is at 8", () => {
    expect(nextInspection("2019-02", day("2025-03"))).toBe("2027-02");
  });

  it("agrees with inspectionDueDates", () => {
    for (const today of ["2024-01", "2026-06", "2031-12"]) {
      const next = nextInspection("2017-07", day(today));
      const upTo = inspectionDueDates("2017-07", day(next));
      expect(upTo.at(-1)).toBe(next);
      expect(upTo.filter((m) => m >= today)).toEqual([next]);
    }
  });
});

describe("inspectionsWithin (the running-cost period)", () => {
  it("a new, unregistered car over 5 years: only the inspection at 4 years", () => {
    expect(inspectionsWithin(null, day("2026-11"), 5)).toEqual(["2030-11"]);
    expect(inspectionsWithin(null, day("2026-11"), 3)).toEqual([]);
  });

  it("a car first registered 2023-06, from 2026-11 over 3 years: at 4 and 6 years", () => {
    expect(inspectionsWithin("2023-06", day("2026-11"), 3)).toEqual(["2027-06", "2029-06"]);
  });

  it("a car of almost 7 over 4 years: at 8, 9 and 10 years; at 11 it falls after the period", () => {
    expect(inspectionsWithin("2019-12", day("2026-11"), 4)).toEqual(["2027-12", "2028-12", "2029-12"]);
    expect(inspectionsWithin("2019-11", day("2026-11"), 4)).toEqual(["2027-11", "2028-11", "2029-11"]);
    expect(inspectionsWithin("2019-10", day("2026-11"), 4)).toEqual(["2027-10", "2028-10", "2029-10", "2030-10"]);
  });

  it("an inspection due this month counts; one due the month after the period does not", () => {
    expect(inspectionsWithin("2010-11", day("2026-11"), 1)).toEqual(["2026-11"]);
    expect(inspectionsWithin("2010-12", day("2026-11"), 1)).toEqual(["2026-12"]);
    expect(inspectionsWithin("2011-11", day("2026-12"), 1)).toEqual(["2027-11"]);
  });

  it("refuses a period outside 1..50 years and a malformed month", () => {
    expect(() => inspectionsWithin("2020-01", day("2026-11"), 0)).toThrow(RangeError);
    expect(() => inspectionsWithin("2020-13", day("2026-11"), 3)).toThrow(RangeError);
  });
});
