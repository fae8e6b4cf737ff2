import { describe, expect, it } from "vitest";
import { savedSearchCriteria } from "./saved-search-criteria";
import { parseSearchParams } from "./search-filters";

const criteria = (q: string) => savedSearchCriteria(parseSearchParams(q));

describe("savedSearchCriteria", () => {
  it("is the same for the same filters in any order, sort, page size or page", () => {
    const a = criteria("model=bmw&model=audi(a4)&fuel=DIESEL&fuel=PETROL&price=1000..20000");
    expect(criteria("fuel=PETROL&price=1000..20000&model=audi(a4)&fuel=DIESEL&model=bmw&sort=priceAsc&page=3")).toBe(a);
    expect(criteria("model=audi(a4)&model=bmw&fuel=DIESEL&fuel=PETROL&price=1000..20000&results=50&ai=x")).toBe(a);
  });

  it("differs when a filter differs", () => {
    expect(criteria("model=bmw&fuel=DIESEL")).not.toBe(criteria("model=bmw&fuel=PETROL"));
    expect(criteria("")).toBe("");
  });
});
