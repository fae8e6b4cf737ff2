import { describe, expect, it } from "vitest";
import { addDays, dayRange, denseViews, formatDayShort, lastDaysFrom } from "./views-series";

describe("views series", () => {
  it("ends a 30-day window today in Ljubljana, also within a month after a daylight-saving change", () => {
    // 23:30 on 22 November in Ljubljana (CET); 29 × 24 h earlier is already 25 October (CEST).
    const from = lastDaysFrom(new Date("2026-11-22T22:30:00Z"), 30);
    expect(from).toBe("2026-10-24");
    expect(dayRange(from, 30).at(-1)).toBe("2026-11-22");
    // 00:30 on 20 April (CEST), a month after the spring change.
    expect(dayRange(lastDaysFrom(new Date("2027-04-19T22:30:00Z"), 30), 30).at(-1)).toBe("2027-04-20");
  });

  it("adds and subtracts calendar days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-10-25", 0)).toBe("2026-10-25");
  });

  it("lists calendar days across a month end and a DST change", () => {
    expect(dayRange("2026-10-24", 4)).toEqual(["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"]);
    expect(dayRange("2026-02-27", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
  it("fills days without views with zero and ignores days outside the range", () => {
    expect(
      denseViews("2026-11-01", 3, [
        { day: "2026-11-02", views: 5 },
        { day: "2026-10-31", views: 9 },
      ]),
    ).toEqual([
      { day: "2026-11-01", views: 0 },
      { day: "2026-11-02", views: 5 },
      { day: "2026-11-03", views: 0 },
    ]);
  });
});

describe("formatDayShort", () => {
  it("writes day and month with Slovenian ordinal dots", () => {
    expect(formatDayShort("2026-11-03")).toBe("3. 11.");
    expect(formatDayShort("2026-01-30")).toBe("30. 1.");
  });
});
