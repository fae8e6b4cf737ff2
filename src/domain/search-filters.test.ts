import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  booleanFilters,
  emptyFilters,
  hasActiveFilters,
  listFilters,
  parseRange,
  parseSearchParams,
  rangeFilters,
  type SearchFilters,
  searchSorts,
  serializeSearchFilters,
  withFilters,
} from "./search-filters";
import { postingAges } from "./enums/search";

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,12}$/);
const decimalKeys = new Set(["battery", "cityConsumption", "highwayConsumption", "combinedConsumption"]);
const rangeArb = (decimals: boolean) => {
  const end = decimals
    ? fc.option(
        fc.integer({ min: 0, max: 9999 }).map((n) => n / 10),
        { nil: null },
      )
    : fc.option(fc.integer({ min: 0, max: 9_999_999 }), { nil: null });
  return fc.option(
    fc.record({ min: end, max: end }).filter((r) => r.min !== null || r.max !== null),
    { nil: null },
  );
};

const filtersArb: fc.Arbitrary<SearchFilters> = fc
  .record({
    lists: fc.record(
      Object.fromEntries(Object.entries(listFilters).map(([k, values]) => [k, fc.subarray([...values])])) as Record<
        string,
        fc.Arbitrary<string[]>
      >,
    ),
    ranges: fc.record(
      Object.fromEntries(rangeFilters.map((k) => [k, rangeArb(decimalKeys.has(k))])) as Record<
        string,
        fc.Arbitrary<{ min: number | null; max: number | null } | null>
      >,
    ),
    flags: fc.record(
      Object.fromEntries(booleanFilters.map((k) => [k, fc.boolean()])) as Record<string, fc.Arbitrary<boolean>>,
    ),
    model: fc.uniqueArray(fc.record({ manufacturer: slug, model: fc.option(slug, { nil: null }) }), {
      selector: (m) => `${m.manufacturer}(${m.model ?? ""})`,
      maxLength: 4,
    }),
    dealerCode: fc.option(slug, { nil: null }),
    safetyScore: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    score: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    postingAge: fc.option(fc.constantFrom(...postingAges), { nil: null }),
    results: fc.option(fc.integer({ min: 1, max: 96 }), { nil: null }),
    from: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
    sort: fc.option(fc.constantFrom(...searchSorts), { nil: null }),
    page: fc.integer({ min: 0, max: 100_000 }),
    searchSource: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), { nil: null }),
    ai: fc.option(
      fc
        .string({ unit: "grapheme", maxLength: 60 })
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
      { nil: null },
    ),
  })
  .map(
    ({ lists, ranges, flags, ...rest }) =>
      ({ ...emptyFilters(), ...lists, ...ranges, ...flags, ...rest }) as SearchFilters,
  );

describe("search URL codec", () => {
  it("parse(serialize(f)) gives back exactly f (property, 500 cases)", () => {
    fc.assert(
      fc.property(filtersArb, (f) => {
        expect(parseSearchParams(serializeSearchFilters(f).toString())).toEqual(f);
      }),
      { numRuns: 500 },
    );
  });

  it("serialize(parse(url)) is stable for any URL made from filters", () => {
    fc.assert(
      fc.property(filtersArb, (f) => {
        const url = serializeSearchFilters(f).toString();
        expect(serializeSearchFilters(parseSearchParams(url)).toString()).toBe(url);
      }),
      { numRuns: 200 },
    );
  });

  it("emits nothing for empty filters and only true booleans", () => {
    expect(serializeSearchFilters(emptyFilters()).toString()).toBe("");
    const f = withFilters(emptyFilters(), { slo: true, metallic: false });
    expect(serializeSearchFilters(f).toString()).toBe("slo=true");
  });

  it("reads the spec's syntax: repeatable model with manufacturer(model), ranges, lists", () => {
    const f = parseSearchParams(
      "model=skoda(octavia)&model=bmw&price=5000..15000&year=..1995&odo=..150000&fuel=DIESEL&fuel=PETROL&eq=INNER_NAVIGATION&eq=SAFETY_ABS&page=2&sort=priceAsc",
    );
    expect(f.model).toEqual([
      { manufacturer: "skoda", model: "octavia" },
      { manufacturer: "bmw", model: null },
    ]);
    expect(f.price).toEqual({ min: 5000, max: 15000 });
    expect(f.year).toEqual({ min: null, max: 1995 });
    expect(f.odo).toEqual({ min: null, max: 150000 });
    expect(f.fuel).toEqual(["PETROL", "DIESEL"]);
    expect(f.eq).toEqual(["INNER_NAVIGATION", "SAFETY_ABS"]);
    expect(f.page).toBe(2);
    expect(f.sort).toBe("priceAsc");
  });

  it("reads the long aliases and writes the short names", () => {
    const f = parseSearchParams(
      "fuelType=DIESEL&bodyType=SUV&roofType=SUNROOF&euroStandard=6d&modelYear=2018..&favorite=true",
    );
    expect(f).toMatchObject({
      fuel: ["DIESEL"],
      body: ["SUV"],
      roof: ["SUNROOF"],
      euro: ["6d"],
      year: { min: 2018, max: null },
      favorites: true,
    });
    expect(serializeSearchFilters(f).toString()).toBe(
      "roof=SUNROOF&fuel=DIESEL&body=SUV&euro=6d&year=2018..&favorites=true",
    );
  });

  it("splits WITH_RENTAL_OPTIONS off the price types into the rental flag", () => {
    const f = parseSearchParams("priceType=WITH_RENTAL_OPTIONS&priceType=NORMAL");
    expect(f.priceType).toEqual(["NORMAL"]);
    expect(f.hasRentalOptions).toBe(true);
  });

  it("ignores or clamps garbage instead of failing", () => {
    const f = parseSearchParams(
      "price=abc..&page=-3&fuel=WATER&sort=cheapest&model=Ž(!)&year=2020&odo=1..2..3&results=5000&score=12&dealerCode=<script>&postingAge=P30D",
    );
    expect(f.price).toBeNull();
    expect(f.page).toBe(0);
    expect(f.fuel).toEqual([]);
    expect(f.sort).toBeNull();
    expect(f.model).toEqual([]);
    expect(f.year).toBeNull();
    expect(f.odo).toBeNull();
    expect(f.results).toBe(96);
    expect(f.score).toBe(8);
    expect(f.dealerCode).toBeNull();
    expect(f.postingAge).toBeNull();
    // Only the clamped score is left as a real filter.
    expect(hasActiveFilters({ ...f, score: null })).toBe(false);
    expect(hasActiveFilters(f)).toBe(true);
  });

  it("accepts decimal commas in consumption ranges and empty range ends", () => {
    expect(parseRange("4,5..6.2", true)).toEqual({ min: 4.5, max: 6.2 });
    expect(parseRange("..", false)).toBeNull();
    expect(parseRange("1.5..2", false)).toBeNull();
  });

  it("goes back to page 0 whenever a filter changes", () => {
    const f = { ...emptyFilters(), page: 4 };
    expect(withFilters(f, { fuel: ["DIESEL"] }).page).toBe(0);
    expect(withFilters(f, { page: 5 }).page).toBe(5);
  });
});
