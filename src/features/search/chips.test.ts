import { describe, expect, it } from "vitest";
import { parseSearchParams, serializeSearchFilters } from "~/domain/search-filters";
import { activeChips, clearedFilters, suggestedSearchName } from "./chips";

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

describe("suggested saved-search name", () => {
  const labels = [
    "Škoda Octavia",
    "Cena (€): do 15.000",
    "Letnik: od 2016",
    "Prevoženi km: do 150.000",
    "Dizel",
    "Samodejni menjalnik",
    "Karavan",
    "Slovensko poreklo",
  ];

  it("keeps every chip when they fit", () => {
    expect(suggestedSearchName(labels.slice(0, 3), 80, "Vsa vozila")).toBe(
      "Škoda Octavia · Cena (€): do 15.000 · Letnik: od 2016",
    );
    expect(suggestedSearchName([], 80, "Vsa vozila")).toBe("Vsa vozila");
  });

  it("always fits the limit, naming how many filters it left out with the right plural", () => {
    const name = suggestedSearchName(labels, 80, "Vsa vozila");
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name).toBe("Škoda Octavia · Cena (€): do 15.000 · Letnik: od 2016 in še 5 filtrov");
    expect(suggestedSearchName(labels.slice(0, 5), 60, "x")).toBe("Škoda Octavia · Cena (€): do 15.000 in še 3 filtri");
    expect(suggestedSearchName(labels.slice(0, 4), 60, "x")).toBe("Škoda Octavia · Cena (€): do 15.000 in še 2 filtra");
    expect(suggestedSearchName(labels.slice(0, 2), 30, "x")).toBe("Škoda Octavia in še 1 filter");
  });

  it("shortens a single label that is too long with an ellipsis", () => {
    const name = suggestedSearchName(["A".repeat(120), "Dizel"], 80, "x");
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name).toMatch(/^A+… in še 1 filter$/);
    expect(suggestedSearchName(["B".repeat(120)], 80, "x")).toBe(`${"B".repeat(79)}…`);
  });
});
