import { describe, expect, it } from "vitest";
import { chartGeometry, odometerHistory } from "./odometer";

describe("odometerHistory", () => {
  it("sorts by date and finds no anomaly in a rising history", () => {
    const h = odometerHistory([
      { date: "2022-04-10", km: 61_000 },
      { date: "2018-03-02", km: 20_500 },
      { date: "2020-05-20", km: 41_200 },
    ]);
    expect(h).toEqual({
      points: [
        { date: "2018-03-02", km: 20_500, anomaly: false },
        { date: "2020-05-20", km: 41_200, anomaly: false },
        { date: "2022-04-10", km: 61_000, anomaly: false },
      ],
      hasAnomaly: false,
    });
  });

  it("flags a reading lower than any earlier one, not just the previous one", () => {
    const h = odometerHistory([
      { date: "2018-01-01", km: 30_000 },
      { date: "2020-01-01", km: 90_000 },
      { date: "2022-01-01", km: 54_000 },
      { date: "2023-01-01", km: 70_000 },
      { date: "2024-01-01", km: 95_000 },
    ]);
    expect(h.points.map((p) => p.anomaly)).toEqual([false, false, true, true, false]);
    expect(h.hasAnomaly).toBe(true);
  });

  it("an equal reading is not an anomaly", () => {
    const h = odometerHistory([
      { date: "2020-01-01", km: 10_000 },
      { date: "2021-01-01", km: 10_000 },
    ]);
    expect(h.hasAnomaly).toBe(false);
  });

  it("readings on the same date do not flag each other", () => {
    const h = odometerHistory([
      { date: "2021-06-01", km: 50_100 },
      { date: "2021-06-01", km: 50_000 },
    ]);
    expect(h.points.map((p) => p.km)).toEqual([50_000, 50_100]);
    expect(h.hasAnomaly).toBe(false);
  });

  it("compares dates as time, not as text", () => {
    const h = odometerHistory([
      { date: "2021-06-01T10:00:00Z", km: 2 },
      { date: "2021-06-01", km: 1 },
    ]);
    expect(h.points.map((p) => p.date)).toEqual(["2021-06-01", "2021-06-01T10:00:00Z"]);
  });

  it("handles empty and single histories", () => {
    expect(odometerHistory([])).toEqual({ points: [], hasAnomaly: false });
    expect(odometerHistory([{ date: "2020-01-01", km: 5 }])).toEqual({
      points: [{ date: "2020-01-01", km: 5, anomaly: false }],
      hasAnomaly: false,
    });
  });

  it("does not mutate its input", () => {
    const input = [
      { date: "2022-01-01", km: 2 },
      { date: "2020-01-01", km: 1 },
    ];
    odometerHistory(input);
    expect(input[0]).toEqual({ date: "2022-01-01", km: 2 });
  });

  it.each([
    ["an unparsable date", { date: "yesterday", km: 1 }],
    ["a negative km", { date: "2020-01-01", km: -1 }],
    ["a NaN km", { date: "2020-01-01", km: Number.NaN }],
  ])("throws RangeError for %s", (_name, reading) => {
    expect(() => odometerHistory([reading])).toThrow(RangeError);
  });
});

describe("chartGeometry", () => {
  it("scales time to x and km (0 … max × 1,05) to y inside the padding", () => {
    const pts = chartGeometry(
      [
        { date: "2020-01-01", km: 0 },
        { date: "2021-01-01", km: 10_500 }, // 2020 is a leap year: 366 days
        { date: "2022-01-01", km: 21_000 },
      ],
      420,
      220,
      10,
    );
    const inner = { w: 400, h: 200 };
    const first = pts[0];
    const mid = pts[1];
    const last = pts[2];
    expect(first).toEqual({ x: 10, y: 210 });
    expect(mid?.x).toBeCloseTo(10 + (366 / 731) * inner.w, 9);
    expect(mid?.y).toBeCloseTo(210 - (10_500 / 22_050) * inner.h, 9);
    expect(last?.x).toBeCloseTo(410, 9);
    expect(last?.y).toBeCloseTo(210 - inner.h / 1.05, 9);
  });

  it("returns nothing for no points", () => {
    expect(chartGeometry([], 300, 150, 20)).toEqual([]);
  });

  it("centres a single point horizontally", () => {
    const [p] = chartGeometry([{ date: "2021-03-01", km: 80_000 }], 300, 150, 20);
    expect(p?.x).toBe(150);
    expect(p?.y).toBeCloseTo(130 - 110 / 1.05, 9);
  });

  it("centres points that share one date and puts zero km on the bottom edge", () => {
    const pts = chartGeometry(
      [
        { date: "2021-03-01", km: 0 },
        { date: "2021-03-01", km: 0 },
      ],
      300,
      150,
      20,
    );
    expect(pts).toEqual([
      { x: 150, y: 130 },
      { x: 150, y: 130 },
    ]);
  });

  it("keeps every point inside the box", () => {
    const { points } = odometerHistory([
      { date: "2016-02-01", km: 12_000 },
      { date: "2019-08-15", km: 95_000 },
      { date: "2021-05-20", km: 60_000 },
      { date: "2024-11-30", km: 140_000 },
    ]);
    for (const { x, y } of chartGeometry(points, 600, 240, 24)) {
      expect(x).toBeGreaterThanOrEqual(24);
      expect(x).toBeLessThanOrEqual(576);
      expect(y).toBeGreaterThanOrEqual(24);
      expect(y).toBeLessThanOrEqual(216);
    }
  });

  it.each([
    [0, 100, 0],
    [100, 0, 0],
    [100, 100, 50],
    [100, 100, -1],
    [Number.NaN, 100, 0],
  ])("throws RangeError for width %f, height %f, padding %f", (w, h, pad) => {
    expect(() => chartGeometry([{ date: "2020-01-01", km: 1 }], w, h, pad)).toThrow(RangeError);
  });
});
