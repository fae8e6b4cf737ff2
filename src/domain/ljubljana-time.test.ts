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

describe("the EU rule against the zone data (Intl, Europe/Ljubljana)", () => {
  const intl = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Ljubljana",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "short",
    hourCycle: "h23",
  });
  const fromIntl = (d: Date) => {
    const parts = intl.formatToParts(d);
    const text = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? "";
    return {
      year: Number(text("year")),
      month: Number(text("month")),
      day: Number(text("day")),
      hour: Number(text("hour")),
      minute: Number(text("minute")),
      second: Number(text("second")),
      weekday: text("weekday"),
    };
  };

  it("reads the same wall clock every 7 hours and 13 minutes from 1996 to 2045", () => {
    const step = 7 * hour + 13 * 60_000 + 17_000;
    let compared = 0;
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2046, 0, 1); t += step) {
      expect(ljubljanaParts(new Date(t))).toEqual(fromIntl(new Date(t)));
      compared++;
    }
    expect(compared).toBeGreaterThan(60_000);
  });

  it("changes the clock at the same second as the zone data, both ways, every year to 2045", () => {
    for (let year = 1996; year <= 2045; year++)
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const t of [change - 1000, change, change + 1000]) {
          expect(ljubljanaParts(new Date(t))).toEqual(fromIntl(new Date(t)));
          const p = fromIntl(new Date(t));
          const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
          expect(ljubljanaOffsetMs(t)).toBe(wall - t);
        }
      }
  });

  it("reads instants outside the rule's years from the zone data (1995's September change, far future)", () => {
    // Until 1995 summer time ended on the last Sunday of September.
    for (const iso of ["1995-09-24T00:30:00Z", "1995-09-24T01:30:00Z", "1995-10-20T12:00:00Z", "2150-07-01T12:00:00Z"])
      expect(ljubljanaParts(at(iso))).toEqual(fromIntl(at(iso)));
    expect(ljubljanaOffsetMs(at("1995-10-20T12:00:00Z").getTime())).toBe(hour);
  });
});
