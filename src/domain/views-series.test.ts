import { describe, expect, it } from "vitest";
import { dayRange, denseViews, formatDayShort } from "./views-series";

describe("views series", () => {
  it("lists calendar days across a month end and a DST change", () => {
    expect(dayRange("2026-10-24", 4)).toEqual(["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"]);
    expect(dayRange("2026-02-27", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
  it("fills days without views with zero and ignores days outside the range", () => {
    expect(denseViews("2026-11-01", 3, [{ day: "2026-11-02", views: 5 }, { day: "2026-10-31", views: 9 }])).toEqual([
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
