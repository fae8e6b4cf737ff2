import { describe, expect, it } from "vitest";
import { articleExpiresAt, articleExpiryDay, isArticleExpired, isCalendarDay } from "./article-expiry";

describe("article expiry", () => {
  it("keeps an article through its expiry date in Ljubljana (winter and summer time)", () => {
    expect(articleExpiresAt("2026-01-15")).toBe("2026-01-15T23:00:00.000Z");
    expect(articleExpiresAt("2026-07-15")).toBe("2026-07-15T22:00:00.000Z");
    // The night summer time starts: the day is 23 hours long, midnight is still 22:00 UTC.
    expect(articleExpiresAt("2026-03-29")).toBe("2026-03-29T22:00:00.000Z");
    expect(articleExpiresAt("2026-10-25")).toBe("2026-10-25T23:00:00.000Z");
  });
  it("gives the form back the same date", () => {
    for (const day of ["2026-01-15", "2026-03-29", "2026-07-15", "2026-10-25", "2026-12-31"])
      expect(articleExpiryDay(articleExpiresAt(day))).toBe(day);
  });
  it("is expired from the following midnight on, never without a date", () => {
    const at = articleExpiresAt("2026-01-15");
    expect(isArticleExpired(at, new Date("2026-01-15T22:59:59Z"))).toBe(false);
    expect(isArticleExpired(at, new Date("2026-01-15T23:00:00Z"))).toBe(true);
    expect(isArticleExpired(null, new Date("2100-01-01T00:00:00Z"))).toBe(false);
  });
  it("accepts only real dates", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("15. 1. 2026")).toBe(false);
  });
});
