import { describe, expect, it } from "vitest";
import { filterDrops } from "./search-drops";
import { emptyFilters, parseSearchParams, serializeSearchFilters } from "./search-filters";

describe("filterDrops", () => {
  it("gives one drop per active filter, each the search without just that one, on the first page", () => {
    const f = parseSearchParams(
      "model=skoda(octavia)&model=bmw&year=2016..&evRange=400..&fuel=DIESEL&fuel=PETROL&slo=true&postingAge=P3D&score=5&sort=priceAsc&page=4&ai=x&searchSource=ai",
    );
    const drops = filterDrops(f);
    expect(drops.map((d) => d.id)).toEqual([
      "model:skoda(octavia)",
      "model:bmw",
      "year",
      "evRange",
      "fuel:PETROL",
      "fuel:DIESEL",
      "slo",
      "postingAge",
      "score",
    ]);
    const next = (id: string) => serializeSearchFilters(drops.find((d) => d.id === id)?.next ?? emptyFilters());
    expect(next("fuel:DIESEL").getAll("fuel")).toEqual(["PETROL"]);
    expect(next("model:bmw").getAll("model")).toEqual(["skoda(octavia)"]);
    expect(next("year").has("year")).toBe(false);
    for (const d of drops) {
      const q = serializeSearchFilters(d.next);
      expect(q.get("sort")).toBe("priceAsc");
      expect(q.has("page")).toBe(false);
    }
  });

  it("has nothing to drop when nothing narrows the search", () => {
    expect(filterDrops(parseSearchParams("sort=priceAsc&page=2"))).toEqual([]);
  });
});
