import { describe, expect, it } from "vitest";
import { searchPriceOf, toCents, toEuros } from "./money";

describe("money", () => {
  it("converts euros and cents without float noise", () => {
    expect(toCents(12_490.5)).toBe(1_249_050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeUndefined();
    expect(toEuros(1_249_050)).toBe(12_490.5);
    expect(toEuros(null)).toBeNull();
  });
  it("searches by the special price when there is one, and never by a rental-only price", () => {
    expect(searchPriceOf({ priceType: "NORMAL", price: 1000, specialPrice: 900 })).toBe(900);
    expect(searchPriceOf({ priceType: "NORMAL", price: 1000, specialPrice: null })).toBe(1000);
    expect(searchPriceOf({ priceType: "RENTAL_ONLY", price: 1000, specialPrice: null })).toBeNull();
  });
});
