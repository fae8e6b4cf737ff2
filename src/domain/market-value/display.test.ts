import { describe, expect, it } from "vitest";
import { parseSearchParams } from "../search-filters";
import { comparablesHref, daysAgoText, factorText, priceChangeText, scalePosition } from "./display";

describe("the market value in words", () => {
  it("links to the comparables the estimate counted, a search the codec reads back", () => {
    const model = comparablesHref({
      scope: "MODEL",
      yearFrom: 2016,
      yearTo: 2022,
      manufacturerCode: "skoda",
      modelCode: "octavia",
      body: "STATION_WAGON",
      powerKw: 110,
    });
    expect(model).toBe("/iskanje?model=skoda(octavia)&year=2016..2022&source=TESTING,USED");
    expect(parseSearchParams(model.split("?")[1] ?? "")).toMatchObject({
      model: [{ manufacturer: "skoda", model: "octavia" }],
      year: { min: 2016, max: 2022 },
      source: ["TESTING", "USED"],
    });
    const make = comparablesHref({
      ...{ yearFrom: 2018, yearTo: 2024, modelCode: null, body: "SUV", powerKw: 100 },
      scope: "MAKE",
      manufacturerCode: "bmw",
    });
    expect(parseSearchParams(make.split("?")[1] ?? "")).toMatchObject({
      model: [{ manufacturer: "bmw", model: null }],
      body: ["SUV"],
      power: { min: 75, max: 125 },
    });
    const cls = comparablesHref({
      scope: "CLASS",
      yearFrom: 2018,
      yearTo: 2024,
      manufacturerCode: "bmw",
      modelCode: "x1",
      body: "SUV",
      powerKw: 100,
    });
    expect(parseSearchParams(cls.split("?")[1] ?? "")).toMatchObject({
      model: [],
      body: ["SUV"],
      power: { min: 80, max: 120 },
    });
  });

  it("names what moves the estimate, with its sign", () => {
    expect(factorText({ factor: "MILEAGE", cents: 60_000 })).toBe("nižja kilometrina: +600 €");
    expect(factorText({ factor: "YEAR", cents: -120_000 })).toBe("starejši letnik: −1.200 €");
  });

  it("tells a price change in Ljubljana calendar days with Slovenian plurals", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    expect(daysAgoText("2026-11-28T00:30:00Z", now)).toBe("danes");
    // 00:30 in Ljubljana on the 28th is today, though it is still the 27th in UTC; 23:30 on the 27th is yesterday.
    expect(daysAgoText("2026-11-27T23:30:00Z", now)).toBe("danes");
    expect(daysAgoText("2026-11-27T22:30:00Z", now)).toBe("včeraj");
    expect(daysAgoText("2026-11-27T10:00:00Z", now)).toBe("včeraj");
    expect(daysAgoText("2026-11-26T10:00:00Z", now)).toBe("pred 2 dnevoma");
    expect(daysAgoText("2026-11-23T10:00:00Z", now)).toBe("pred 5 dnevi");
    expect(priceChangeText({ oldPrice: 1_250_000, newPrice: 1_170_000, changedAt: "2026-11-23T10:00:00Z" }, now)).toBe(
      "Cena znižana za 800 € pred 5 dnevi",
    );
    expect(priceChangeText({ oldPrice: 1_000_000, newPrice: 1_050_000, changedAt: "2026-11-27T10:00:00Z" }, now)).toBe(
      "Cena zvišana za 500 € včeraj",
    );
    expect(priceChangeText({ oldPrice: null, newPrice: 1_050_000, changedAt: "2026-11-27T10:00:00Z" }, now)).toBeNull();
  });

  it("places a price on the scale, clamped", () => {
    expect(scalePosition(1_000_000, 900_000, 1_100_000)).toBeCloseTo(0.5);
    expect(scalePosition(100, 900_000, 1_100_000)).toBe(0);
    expect(scalePosition(9_000_000, 900_000, 1_100_000)).toBe(1);
  });
});
