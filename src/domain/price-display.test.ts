import { describe, expect, it } from "vitest";
import { priceDisplay, priceText } from "./price-display";

describe("price display by priceType (spec section 4), amounts in cents", () => {
  it.each([
    [
      "no type with a price shows the price",
      { priceType: null, price: 1_234_500, specialPrice: null },
      { oldPrice: null, main: "12.345 €", negotiable: false },
    ],
    [
      "NORMAL shows the price",
      { priceType: "NORMAL", price: 999_050, specialPrice: null },
      { oldPrice: null, main: "9.990,50 €", negotiable: false },
    ],
    [
      "NEGOTIABLE shows the word",
      { priceType: "NEGOTIABLE", price: 5000, specialPrice: null },
      { oldPrice: null, main: "Po dogovoru", negotiable: true },
    ],
    [
      "SPECIAL_OFFER strikes the old price",
      { priceType: "SPECIAL_OFFER", price: 2_000_000, specialPrice: 1_849_000 },
      { oldPrice: "20.000 €", main: "18.490 €", negotiable: false },
    ],
    [
      "WITH_FINANCING with both prices strikes the old price",
      { priceType: "WITH_FINANCING", price: 2_000_000, specialPrice: 1_900_000 },
      { oldPrice: "20.000 €", main: "19.000 €", negotiable: false },
    ],
    [
      "WITH_FINANCING with one price shows it plainly",
      { priceType: "WITH_FINANCING", price: 2_000_000, specialPrice: null },
      { oldPrice: null, main: "20.000 €", negotiable: false },
    ],
    [
      "FINAL_PRICE shows the price",
      { priceType: "FINAL_PRICE", price: 750_000, specialPrice: null },
      { oldPrice: null, main: "7.500 €", negotiable: false },
    ],
  ])("%s", (_name, input, expected) => {
    expect(priceDisplay(input)).toMatchObject(expected);
  });

  it("adds only the first rental price when rentalPrices is non-empty", () => {
    const d = priceDisplay({
      priceType: "RENTAL_ONLY",
      price: null,
      specialPrice: null,
      rentalPrices: [
        { price: 4900, interval: "DAILY" },
        { price: 90_000, interval: "MONTHLY" },
      ],
    });
    expect(d.main).toBeNull();
    expect(d.rental).toEqual({ price: "49 €", interval: "DAILY" });
    expect(priceDisplay({ priceType: "NORMAL", price: 1, specialPrice: null, rentalPrices: [] }).rental).toBeNull();
  });

  it("reads 'Cena ni navedena' when there is no price at all (issue 25)", () => {
    for (const priceType of [null, "NORMAL", "FINAL_PRICE", "SPECIAL_OFFER", "WITH_FINANCING", "RENTAL_ONLY"]) {
      const d = priceDisplay({ priceType, price: null, specialPrice: null });
      expect(d).toMatchObject({ main: "Cena ni navedena", missing: true, oldPrice: null });
    }
    expect(priceDisplay({ priceType: "NORMAL", price: 100, specialPrice: null }).missing).toBe(false);
  });

  it.each([
    ["an amount", { priceType: "NORMAL", price: 1_234_500, specialPrice: null }, "12.345 €"],
    ["a special price", { priceType: "SPECIAL_OFFER", price: 2_000_000, specialPrice: 1_849_000 }, "18.490 €"],
    ["the negotiable word", { priceType: "NEGOTIABLE", price: null, specialPrice: null }, "Po dogovoru"],
    [
      "the rental when only a rental is given",
      { priceType: "RENTAL_ONLY", price: null, specialPrice: null, rentalPrices: [{ price: 3000, interval: "DAILY" }] },
      "Najem: 30 € na dan",
    ],
    ["the missing price", { priceType: "NORMAL", price: null, specialPrice: null }, "Cena ni navedena"],
    ["the missing price without a type", { priceType: null, price: null, specialPrice: null }, "Cena ni navedena"],
  ])("priceText: one list line with %s, never empty", (_name, input, expected) => {
    expect(priceText(input)).toBe(expected);
  });
});
