import { describe, expect, it } from "vitest";
import { hasFormFields, parseSearchParams, searchHref } from "./search-filters";
import { quickSearchHref } from "./search-href";

// Decision 064: a filter form submitted before hydration (a plain GET) gives the same search as the live filters.
const viaForm = (query: string) => searchHref(parseSearchParams(query));

describe("filter forms without JavaScript", () => {
  it("the home page's quick search as a GET form reads as the URL its script builds", () => {
    const cases: [string, Parameters<typeof quickSearchHref>[0]][] = [
      [
        "make=bmw&make.model=x5&price.max=20000&year.min=2016&fuel=DIESEL",
        { manufacturer: "bmw", model: "x5", priceTo: "20000", yearFrom: "2016", fuel: "DIESEL" },
      ],
      ["make=bmw&make.model=&price.max=&year.min=&fuel=", { manufacturer: "bmw" }],
      ["make=&make.model=&price.max=15000&year.min=&fuel=PETROL", { priceTo: "15000", fuel: "PETROL" }],
    ];
    for (const [query, quick] of cases)
      expect(viaForm(query)).toBe(viaForm(quickSearchHref(quick).split("?")[1] ?? ""));
    expect(viaForm("make=bmw&make.model=x5&price.max=20000&year.min=2016&fuel=DIESEL")).toBe(
      "/iskanje?model=bmw%28x5%29&fuel=DIESEL&price=..20000&year=2016..",
    );
  });

  it("reads prices as people type them and a decimal comma where a range has decimals", () => {
    expect(viaForm("price.min=5.000&price.max=20 000 €")).toBe("/iskanje?price=5000..20000");
    expect(viaForm("combinedConsumption.max=7,5")).toBe("/iskanje?combinedConsumption=..7.5");
    expect(viaForm("year.min=2015&year.max=2019&odo.max=150000")).toBe("/iskanje?year=2015..2019&odo=..150000");
  });

  it("the sidebar's boxes, lists and flags together; the spec's syntax wins over a form end of the same range", () => {
    expect(
      viaForm(
        "make=AUDI&fuel=PETROL&fuel=DIESEL&body=SUV&financing=true&price=1..2&price.max=9&postingAge=&sort=priceAsc",
      ),
    ).toBe("/iskanje?model=audi&fuel=PETROL&fuel=DIESEL&body=SUV&price=1..2&financing=true&sort=priceAsc");
  });

  it("keeps the other chosen models after the form's make and model", () => {
    expect(viaForm("make=bmw&make.model=x5&model=audi(a4)")).toBe("/iskanje?model=bmw%28x5%29&model=audi%28a4%29");
  });

  it("garbage in a form field is ignored, never an error", () => {
    expect(viaForm("make=%3Cscript%3E&price.max=abc&year.min=..&make.model=x%20y")).toBe("/iskanje");
  });

  it("knows a form's query from a canonical one (the search page redirects the former)", () => {
    expect(hasFormFields(new URLSearchParams("make=bmw").keys())).toBe(true);
    expect(hasFormFields(["price.max"])).toBe(true);
    expect(hasFormFields(["model", "price", "fuel", "sort"])).toBe(false);
  });
});
