import { describe, expect, it } from "vitest";
import { stockSearch } from "./stock-search";

describe("stockSearch", () => {
  it("keeps known values", () => {
    expect(stockSearch({ status: "SOLD", q: " golf ", sort: "views", page: "3" })).toEqual({
      status: "SOLD",
      q: "golf",
      sort: "views",
      page: 3,
    });
    expect(stockSearch({ featured: "1" })).toEqual({ featured: true });
  });
  it("drops unknown or unsafe values instead of failing", () => {
    expect(stockSearch({ status: "GONE", sort: "random", page: "-2", featured: "no", q: "   " })).toEqual({});
    expect(stockSearch({ page: 1 })).toEqual({});
    expect(stockSearch({ q: "x".repeat(100) }).q).toHaveLength(60);
  });
  it("keeps a page size of 50 or 100 and falls back to 20 for anything else", () => {
    expect(stockSearch({ size: "50" })).toEqual({ size: 50 });
    expect(stockSearch({ size: 100 })).toEqual({ size: 100 });
    for (const size of ["20", "30", "101", "1000", "-50", "abc", "", 50.5]) expect(stockSearch({ size })).toEqual({});
  });
});
