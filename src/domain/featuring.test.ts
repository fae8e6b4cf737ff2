import { describe, expect, it } from "vitest";
import {
  advertisingState,
  cancelledFeaturedUntil,
  featuredLastDay,
  extendFeaturedUntil,
  maxPurchasableDays,
  pricingOptions,
  publicPackages,
  remainingFeaturedDays,
  sameSiteUrl,
  type PricingItem,
} from "./featuring";
import { endOfLjubljanaDay } from "./ljubljana-time";

const day = 86_400_000;
const now = new Date("2026-06-10T10:00:00.000Z"); // 12:00 in Ljubljana (summer time)
const inDays = (n: number) => new Date(now.getTime() + n * day).toISOString();

const items: PricingItem[] = [
  { id: 1, package: "STANDARD", days: 7, pricePerDay: 50, requiresMembership: false },
  { id: 2, package: "STANDARD", days: 30, pricePerDay: 50, requiresMembership: false },
  { id: 3, package: "STANDARD", days: 180, pricePerDay: 40, requiresMembership: false },
  { id: 4, package: "EXPOSED", days: 7, pricePerDay: 100, requiresMembership: false },
  { id: 5, package: "EXPOSED_MEMBERS", days: 7, pricePerDay: 70, requiresMembership: true },
  { id: 6, package: "EXPOSED", days: 3, pricePerDay: 0, requiresMembership: false },
];

describe("featuring days", () => {
  it("counts a started day as a whole remaining day, and nothing once the end has passed", () => {
    expect(remainingFeaturedDays(null, now)).toBe(0);
    expect(remainingFeaturedDays(inDays(-0.1), now)).toBe(0);
    expect(remainingFeaturedDays(inDays(0.2), now)).toBe(1);
    expect(remainingFeaturedDays(inDays(10), now)).toBe(10);
    expect(remainingFeaturedDays(inDays(10.5), now)).toBe(11);
  });

  it("lets a top-up buy only what fits under the 180-day cap", () => {
    expect(maxPurchasableDays(null, now)).toBe(180);
    expect(maxPurchasableDays(inDays(30), now)).toBe(150);
    expect(maxPurchasableDays(inDays(179.5), now)).toBe(0);
  });

  it("adds days to the current end (or to now) and never past 180 days from now", () => {
    expect(extendFeaturedUntil(null, 7, now)).toBe(inDays(7));
    expect(extendFeaturedUntil(inDays(-3), 7, now)).toBe(inDays(7));
    expect(extendFeaturedUntil(inDays(20), 30, now)).toBe(inDays(50));
    expect(extendFeaturedUntil(inDays(170), 30, now)).toBe(inDays(180));
  });
});

describe("end of the day in Ljubljana", () => {
  it("is the next local midnight in summer (UTC+2) and winter (UTC+1)", () => {
    expect(endOfLjubljanaDay(now).toISOString()).toBe("2026-06-10T22:00:00.000Z");
    expect(endOfLjubljanaDay(new Date("2026-01-15T22:30:00.000Z")).toISOString()).toBe("2026-01-15T23:00:00.000Z");
    // 23:30 local on 15 January is still that day; 00:30 local on the 16th is the next one.
    expect(endOfLjubljanaDay(new Date("2026-01-15T23:30:00.000Z")).toISOString()).toBe("2026-01-16T23:00:00.000Z");
  });

  it("handles the days the clocks change (23 and 25 hours long)", () => {
    expect(endOfLjubljanaDay(new Date("2026-03-29T09:00:00.000Z")).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(endOfLjubljanaDay(new Date("2026-10-25T09:00:00.000Z")).toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("keeps a cancelled posting featured to the end of today, or to its own earlier end", () => {
    expect(cancelledFeaturedUntil(inDays(30), now)).toBe("2026-06-10T22:00:00.000Z");
    expect(cancelledFeaturedUntil(inDays(0.1), now)).toBe(inDays(0.1));
  });

  it("says whether featuring can still be cancelled", () => {
    expect(advertisingState({ featuredUntil: null, featuredCancelled: false }, now)).toBe("NOT_ADVERTISED");
    expect(advertisingState({ featuredUntil: inDays(-1), featuredCancelled: false }, now)).toBe("NOT_ADVERTISED");
    expect(advertisingState({ featuredUntil: inDays(5), featuredCancelled: false }, now)).toBe("ADVERTISED");
    expect(advertisingState({ featuredUntil: inDays(5), featuredCancelled: true }, now)).toBe(
      "ADVERTISED_NON_CANCELLABLE",
    );
    expect(advertisingState({ featuredUntil: "2026-06-10T22:00:00.000Z", featuredCancelled: false }, now)).toBe(
      "ADVERTISED_NON_CANCELLABLE",
    );
  });
});

describe("pricing options", () => {
  it("gives per-day price, total in cents and free, per package in package order", () => {
    const packages = pricingOptions(items, { featuredUntil: null, now, hasMembership: false, creditDays: null });
    expect(packages.map((p) => p.package)).toEqual(["STANDARD", "EXPOSED", "EXPOSED_MEMBERS"]);
    expect(packages[0]?.options.map((o) => [o.days, o.pricePerDay, o.total])).toEqual([
      [7, 50, 350],
      [30, 50, 1500],
      [180, 40, 7200],
    ]);
    expect(packages[0]?.pricePerDayFrom).toBe(40);
    expect(packages[1]?.options.map((o) => [o.days, o.free])).toEqual([
      [3, true],
      [7, false],
    ]);
  });

  it("shows the members' package as unavailable without a membership number", () => {
    const without = pricingOptions(items, { featuredUntil: null, now, hasMembership: false, creditDays: null });
    expect(without[2]).toMatchObject({ available: false, unavailableReason: "MEMBERSHIP_REQUIRED" });
    const withNumber = pricingOptions(items, { featuredUntil: null, now, hasMembership: true, creditDays: null });
    expect(withNumber[2]).toMatchObject({ available: true, unavailableReason: null });
  });

  it("marks top-ups past the cap unavailable and credit-covered options", () => {
    const packages = pricingOptions(items, { featuredUntil: inDays(40), now, hasMembership: true, creditDays: 10 });
    expect(packages[0]?.options.map((o) => [o.days, o.available, o.coveredByCreditDays])).toEqual([
      [7, true, true],
      [30, true, false],
      [180, false, false],
    ]);
  });

  it("lists the public packages", () => {
    expect(publicPackages(items)).toEqual([
      { package: "STANDARD", requiresMembership: false, pricePerDayFrom: 40, days: [7, 30, 180] },
      { package: "EXPOSED", requiresMembership: false, pricePerDayFrom: 0, days: [3, 7] },
      { package: "EXPOSED_MEMBERS", requiresMembership: true, pricePerDayFrom: 70, days: [7] },
    ]);
  });
});

describe("return addresses", () => {
  const origins = ["https://avtotrg.si", "http://localhost:8787"];
  it("accepts our paths and origins", () => {
    expect(sameSiteUrl("/oglasevanje/1/konec?days=7", origins)).toBe("https://avtotrg.si/oglasevanje/1/konec?days=7");
    expect(sameSiteUrl("http://localhost:8787/oglasevanje/1/napaka", origins)).toBe(
      "http://localhost:8787/oglasevanje/1/napaka",
    );
  });

  it("refuses other hosts and protocol tricks (no open redirect)", () => {
    for (const bad of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "https://avtotrg.si.evil.example/",
      "oglasevanje/1",
      "",
    ]) {
      expect(sameSiteUrl(bad, origins)).toBeNull();
    }
  });
});

describe("featuredLastDay (issue 20: the date a cancelled featuring shows is today)", () => {
  it("a cancel late in the evening, in winter and in summer, ends on that same local day", () => {
    for (const now of [
      "2026-11-25T22:30:00Z",
      "2026-07-14T21:59:00Z",
      "2026-03-29T00:30:00Z",
      "2026-10-25T09:00:00Z",
    ]) {
      const at = new Date(now);
      const today = new Intl.DateTimeFormat("en-CA", {
        timeZone: "Europe/Ljubljana",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(at);
      const until = cancelledFeaturedUntil(new Date(at.getTime() + 20 * 86_400_000).toISOString(), at);
      expect(featuredLastDay(until)).toBe(today);
    }
  });
  it("a featuring bought at 10.00 for 7 days shows the seventh day's date", () => {
    expect(featuredLastDay("2026-12-02T09:00:00.000Z")).toBe("2026-12-02");
  });
});
