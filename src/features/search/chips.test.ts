import { describe, expect, it } from "vitest";
import { parseSearchParams, serializeSearchFilters } from "~/domain/search-filters";
import { activeChips, clearedFilters } from "./chips";

const names = new Map([
  ["skoda", "Škoda"],
  ["skoda(octavia)", "Octavia"],
  ["bmw", "BMW"],
]);

describe("active filter chips", () => {
  it("shows one chip per active value with Slovenian labels", () => {
    const f = parseSearchParams(
      "model=skoda(octavia)&model=bmw&price=..15000&year=..1995&fuel=DIESEL&slo=true&postingAge=P3D&page=3",
    );
    expect(activeChips(f, names).map((c) => c.label)).toEqual([
      "Škoda Octavia",
      "BMW",
      "Cena (€): do 15.000",
      "Letnik: 1995 ali starejši",
      "Dizel",
      "Slovensko poreklo",
      "Zadnji 3 dnevi",
    ]);
  });

  it("removing a chip drops only that value and goes back to the first page", () => {
    const f = parseSearchParams("model=skoda(octavia)&fuel=DIESEL&fuel=PETROL&page=3&sort=priceAsc");
    const petrol = activeChips(f, names).find((c) => c.id === "fuel:PETROL");
    expect(petrol && serializeSearchFilters(petrol.next).toString()).toBe(
      "model=skoda%28octavia%29&fuel=DIESEL&sort=priceAsc",
    );
  });

  it("clearing keeps the sort but drops every filter", () => {
    expect(
      serializeSearchFilters(clearedFilters(parseSearchParams("fuel=DIESEL&sort=priceAsc&results=48"))).toString(),
    ).toBe("results=48&sort=priceAsc");
  });
});
