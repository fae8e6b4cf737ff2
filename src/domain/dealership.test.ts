import { describe, expect, it } from "vitest";
import { isOpenNow } from "./dealership";

const hours = { weekdays: { from: "08:00", to: "18:00" }, saturday: { from: "09:00", to: "12:00" } };

describe("open now", () => {
  it("follows Ljubljana time on weekdays, Saturdays and Sundays", () => {
    expect(isOpenNow(hours, new Date("2026-11-23T08:30:00Z"))).toBe(true); // Monday 9.30
    expect(isOpenNow(hours, new Date("2026-11-23T17:30:00Z"))).toBe(false); // Monday 18.30
    expect(isOpenNow(hours, new Date("2026-11-28T10:00:00Z"))).toBe(true); // Saturday 11.00
    expect(isOpenNow(hours, new Date("2026-11-28T11:30:00Z"))).toBe(false); // Saturday 12.30
    expect(isOpenNow(hours, new Date("2026-11-29T10:00:00Z"))).toBe(false); // Sunday
    expect(isOpenNow({ weekdays: null, saturday: null }, new Date("2026-11-23T08:30:00Z"))).toBe(false);
  });
});
