import { describe, expect, it } from "vitest";
import { aiSearchHref, quickSearchHref } from "./search-href";

describe("home quick search links", () => {
  it("writes model, price range and year range in the search URL syntax", () => {
    expect(
      quickSearchHref({ manufacturer: "skoda", model: "octavia", priceTo: "15.000", yearFrom: "2017", fuel: "DIESEL" }),
    ).toBe("/iskanje?model=skoda%28octavia%29&price=..15000&year=2017..&fuel=DIESEL");
  });
  it("emits only what was chosen", () => {
    expect(quickSearchHref({ manufacturer: "audi" })).toBe("/iskanje?model=audi");
    expect(quickSearchHref({ model: "golf" })).toBe("/iskanje");
    expect(quickSearchHref({})).toBe("/iskanje");
  });
  it("encodes the AI free text", () => {
    expect(aiSearchHref(" rdeč karavan do 15.000 € ")).toBe(
      "/iskanje?ai=rde%C4%8D%20karavan%20do%2015.000%20%E2%82%AC",
    );
  });
});
