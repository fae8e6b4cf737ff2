import { describe, expect, it } from "vitest";
import {
  endOfLjubljanaDay,
  ljubljanaDay,
  ljubljanaOffsetMs,
  ljubljanaParts,
  startOfLjubljanaDay,
} from "./ljubljana-time";

const at = (iso: string) => new Date(iso);
const hour = 3_600_000;

describe("ljubljanaDay", () => {
  it("is the local calendar day, which starts an hour (winter) or two (summer) before UTC's", () => {
    expect(ljubljanaDay(at("2026-01-15T22:59:59.999Z"))).toBe("2026-01-15");
    expect(ljubljanaDay(at("2026-01-15T23:00:00.000Z"))).toBe("2026-01-16");
    expect(ljubljanaDay(at("2026-07-15T21:59:59.999Z"))).toBe("2026-07-15");
    expect(ljubljanaDay(at("2026-07-15T22:00:00.000Z"))).toBe("2026-07-16");
  });

  it("turns the year at local midnight", () => {
    expect(ljubljanaDay(at("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
    expect(ljubljanaDay(at("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });
});

describe("ljubljanaOffsetMs across DST (last Sunday of March and of October)", () => {
  it("is +1 h before 01:00 UTC on 29 March 2026 and +2 h from then on", () => {
    expect(ljubljanaOffsetMs(at("2026-03-29T00:59:59Z").getTime())).toBe(hour);
    expect(ljubljanaOffsetMs(at("2026-03-29T01:00:00Z").getTime())).toBe(2 * hour);
  });

  it("is +2 h before 01:00 UTC on 25 October 2026 and +1 h from then on", () => {
    expect(ljubljanaOffsetMs(at("2026-10-25T00:59:59Z").getTime())).toBe(2 * hour);
    expect(ljubljanaOffsetMs(at("2026-10-25T01:00:00Z").getTime())).toBe(hour);
  });
});

describe("ljubljanaParts", () => {
  it("reads the wall clock: 02:00 local jumps to 03:00 on the spring change", () => {
    expect(ljubljanaParts(at("2026-03-29T00:59:00Z"))).toMatchObject({ day: 29, hour: 1, minute: 59, weekday: "Sun" });
    expect(ljubljanaParts(at("2026-03-29T01:00:00Z"))).toMatchObject({ day: 29, hour: 3, minute: 0 });
  });

  it("reads midnight as hour 0 (not 24)", () => {
    expect(ljubljanaParts(at("2026-06-09T22:00:00Z"))).toMatchObject({ month: 6, day: 10, hour: 0, weekday: "Wed" });
  });
});

describe("startOfLjubljanaDay and endOfLjubljanaDay", () => {
  it("bound an ordinary winter and summer day", () => {
    expect(startOfLjubljanaDay(at("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(endOfLjubljanaDay(at("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-15T23:00:00.000Z");
    expect(startOfLjubljanaDay(at("2026-06-10T12:00:00Z")).toISOString()).toBe("2026-06-09T22:00:00.000Z");
    expect(endOfLjubljanaDay(at("2026-06-10T12:00:00Z")).toISOString()).toBe("2026-06-10T22:00:00.000Z");
  });

  it("make the spring-change day 23 hours long", () => {
    const now = at("2026-03-29T09:00:00Z");
    expect(startOfLjubljanaDay(now).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(endOfLjubljanaDay(now).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(endOfLjubljanaDay(now).getTime() - startOfLjubljanaDay(now).getTime()).toBe(23 * hour);
  });

  it("make the autumn-change day 25 hours long", () => {
    const now = at("2026-10-25T09:00:00Z");
    expect(startOfLjubljanaDay(now).toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(endOfLjubljanaDay(now).toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(endOfLjubljanaDay(now).getTime() - startOfLjubljanaDay(now).getTime()).toBe(25 * hour);
  });

  it("treat local midnight as the start of the new day", () => {
    const midnight = at("2026-01-15T23:00:00Z");
    expect(startOfLjubljanaDay(midnight).toISOString()).toBe("2026-01-15T23:00:00.000Z");
    expect(endOfLjubljanaDay(midnight).toISOString()).toBe("2026-01-16T23:00:00.000Z");
    expect(startOfLjubljanaDay(at("2026-01-15T22:59:59.999Z")).toISOString()).toBe("2026-01-14T23:00:00.000Z");
  });
});
