import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  autoPromising,
  type BadgeCandidacyInput,
  type BadgeFlags,
  badgeCandidates,
  hasFullHistory,
  hasOdometerAnomaly,
} from "./badges";

const none: BadgeFlags = { verified: false, goodBuy: false, promising: false, financing: false };

/** A clean vehicle with all three histories known and no badges. */
function input(over: Partial<BadgeCandidacyInput> = {}): BadgeCandidacyInput {
  return {
    badges: none,
    hiddenVin: false,
    historyOdometer: [
      { date: "2019-03-01", km: 15_000 },
      { date: "2021-03-01", km: 48_000 },
      { date: "2023-03-01", km: 80_500 },
    ],
    historyOwnerAge: [{ from: "2018-01-10", age: 45 }],
    historyRegistrationOutcomes: [{ date: "2023-03-01", outcome: "PASSED" }],
    registerStolen: false,
    registerPledged: false,
    ...over,
  };
}

const noHistory = { historyOdometer: [], historyOwnerAge: [], historyRegistrationOutcomes: [] };

describe("badgeCandidates", () => {
  it("offers Verified and Promising to a posting without badges but with full history", () => {
    expect(badgeCandidates(input())).toEqual(["VERIFIED", "PROMISING"]);
  });

  it("offers only Verified without histories (Good buy needs Verified first)", () => {
    expect(badgeCandidates(input(noHistory))).toEqual(["VERIFIED"]);
  });

  it("offers Good buy once Verified is given, and no longer Verified", () => {
    expect(badgeCandidates(input({ ...noHistory, badges: { ...none, verified: true } }))).toEqual(["GOOD_BUY"]);
    expect(badgeCandidates(input({ badges: { ...none, verified: true } }))).toEqual(["GOOD_BUY", "PROMISING"]);
  });

  it("never offers a badge the posting already has", () => {
    expect(
      badgeCandidates(input({ badges: { verified: true, goodBuy: true, promising: true, financing: false } })),
    ).toEqual([]);
    expect(badgeCandidates(input({ badges: { ...none, promising: true } }))).toEqual(["VERIFIED"]);
  });

  it("does not offer Good buy when only Good buy is set without Verified (inconsistent data)", () => {
    expect(badgeCandidates(input({ ...noHistory, badges: { ...none, goodBuy: true } }))).toEqual(["VERIFIED"]);
  });

  it("needs all three histories for Promising", () => {
    expect(badgeCandidates(input({ historyOdometer: [] }))).toEqual(["VERIFIED"]);
    expect(badgeCandidates(input({ historyOwnerAge: [] }))).toEqual(["VERIFIED"]);
    expect(badgeCandidates(input({ historyRegistrationOutcomes: [] }))).toEqual(["VERIFIED"]);
  });

  it("keeps Promising a candidate for manual granting even when it does not qualify automatically", () => {
    const rolledBack = input({
      historyOdometer: [
        { date: "2020-01-01", km: 90_000 },
        { date: "2022-01-01", km: 40_000 },
      ],
    });
    expect(badgeCandidates(rolledBack)).toContain("PROMISING");
    expect(badgeCandidates(input({ hiddenVin: true, registerStolen: true, registerPledged: true }))).toContain(
      "PROMISING",
    );
  });

  it("never offers Financing, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.record({ verified: fc.boolean(), goodBuy: fc.boolean(), promising: fc.boolean(), financing: fc.boolean() }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (badges, history, hiddenVin, stolen, pledged) => {
          const p = input({
            badges,
            hiddenVin,
            registerStolen: stolen,
            registerPledged: pledged,
            ...(history ? {} : noHistory),
          });
          const c = badgeCandidates(p);
          expect(c as string[]).not.toContain("FINANCING");
          // Invariants of the spec's rules.
          expect(c.includes("VERIFIED")).toBe(!badges.verified);
          expect(c.includes("GOOD_BUY")).toBe(badges.verified && !badges.goodBuy);
          expect(c.includes("PROMISING")).toBe(!badges.promising && history);
          expect(new Set(c).size).toBe(c.length);
        },
      ),
    );
  });
});

describe("autoPromising", () => {
  it("grants Promising to a clean vehicle with all histories known", () => {
    expect(autoPromising(input())).toBe(true);
  });

  it("is independent of the badges already given", () => {
    expect(autoPromising(input({ badges: { verified: true, goodBuy: true, promising: true, financing: true } }))).toBe(
      true,
    );
  });

  it("accepts a single odometer reading and equal consecutive readings", () => {
    expect(autoPromising(input({ historyOdometer: [{ date: "2023-01-01", km: 10_000 }] }))).toBe(true);
    expect(
      autoPromising(
        input({
          historyOdometer: [
            { date: "2022-01-01", km: 10_000 },
            { date: "2023-01-01", km: 10_000 },
          ],
        }),
      ),
    ).toBe(true);
  });

  it("refuses without any of the three histories", () => {
    expect(autoPromising(input({ historyOdometer: [] }))).toBe(false);
    expect(autoPromising(input({ historyOwnerAge: [] }))).toBe(false);
    expect(autoPromising(input({ historyRegistrationOutcomes: [] }))).toBe(false);
  });

  it("refuses a rolled-back odometer, even when the readings arrive out of order", () => {
    expect(
      autoPromising(
        input({
          historyOdometer: [
            { date: "2020-01-01", km: 90_000 },
            { date: "2022-01-01", km: 40_000 },
          ],
        }),
      ),
    ).toBe(false);
    expect(
      autoPromising(
        input({
          historyOdometer: [
            { date: "2024-01-01", km: 120_000 },
            { date: "2018-01-01", km: 30_000 },
            { date: "2021-01-01", km: 25_000 },
          ],
        }),
      ),
    ).toBe(false);
  });

  it("does not mistake unsorted but rising readings for an anomaly", () => {
    expect(
      autoPromising(
        input({
          historyOdometer: [
            { date: "2023-01-01", km: 80_000 },
            { date: "2019-01-01", km: 20_000 },
            { date: "2021-01-01", km: 50_000 },
          ],
        }),
      ),
    ).toBe(true);
  });

  it("refuses a hidden VIN, a stolen vehicle and a pledged vehicle", () => {
    expect(autoPromising(input({ hiddenVin: true }))).toBe(false);
    expect(autoPromising(input({ registerStolen: true }))).toBe(false);
    expect(autoPromising(input({ registerPledged: true }))).toBe(false);
  });

  it("refuses odometer data it cannot check instead of throwing", () => {
    expect(autoPromising(input({ historyOdometer: [{ date: "ni datum", km: 10_000 }] }))).toBe(false);
    expect(autoPromising(input({ historyOdometer: [{ date: "2023-01-01", km: -5 }] }))).toBe(false);
    expect(autoPromising(input({ historyOdometer: [{ date: "2023-01-01", km: Number.NaN }] }))).toBe(false);
  });

  it("implies Promising is a candidate whenever the posting does not have it yet", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            date: fc
              .date({ min: new Date("2000-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
              .map((d) => d.toISOString()),
            km: fc.nat(500_000),
          }),
          { maxLength: 8 },
        ),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (historyOdometer, hiddenVin, registerStolen, registerPledged) => {
          const p = input({ historyOdometer, hiddenVin, registerStolen, registerPledged });
          if (autoPromising(p)) expect(badgeCandidates(p)).toContain("PROMISING");
          // Sorted-by-date non-decreasing km is exactly "no anomaly".
          const sorted = [...historyOdometer].sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.km - b.km);
          const rising = sorted.every((r, i) => i === 0 || r.km >= (sorted[i - 1]?.km ?? 0));
          expect(autoPromising(p)).toBe(
            historyOdometer.length > 0 && rising && !hiddenVin && !registerStolen && !registerPledged,
          );
        },
      ),
    );
  });
});

describe("helpers", () => {
  it("hasFullHistory needs all three lists non-empty", () => {
    expect(hasFullHistory(input())).toBe(true);
    expect(hasFullHistory(input(noHistory))).toBe(false);
  });

  it("hasOdometerAnomaly: none for no readings, a rollback or unreadable data is one", () => {
    expect(hasOdometerAnomaly([])).toBe(false);
    expect(
      hasOdometerAnomaly([
        { date: "2020-01-01", km: 5 },
        { date: "2019-01-01", km: 10 },
      ]),
    ).toBe(true);
    expect(hasOdometerAnomaly([{ date: "", km: 5 }])).toBe(true);
  });
});
