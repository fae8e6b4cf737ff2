import { describe, expect, it } from "vitest";
import {
  centsToEuroInput,
  euroInputValue,
  moneyMessages,
  parseEuroInput,
  roundToWholeEuros,
  searchPriceOf,
  toCents,
  toCentsPerUnit,
  toEuros,
} from "./money";
import { priceTypes } from "./enums/posting";
import { centsSchema } from "./money-schema";
import { shownPriceCents } from "./price-display";

describe("money", () => {
  it("converts euros and cents without float noise", () => {
    expect(toCents(12_490.5)).toBe(1_249_050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeUndefined();
    expect(toEuros(1_249_050)).toBe(12_490.5);
    expect(toEuros(null)).toBeNull();
  });
  it("searches by the price the page shows: the special price only where it is shown, never a rental-only price", () => {
    // Session 23: a NORMAL price with a special price kept beside it shows (and is searched and rated as) the regular one.
    expect(searchPriceOf({ priceType: "NORMAL", price: 1000, specialPrice: 900 })).toBe(1000);
    expect(searchPriceOf({ priceType: "FINAL_PRICE", price: 1000, specialPrice: 900 })).toBe(1000);
    expect(searchPriceOf({ priceType: "SPECIAL_OFFER", price: 1000, specialPrice: 900 })).toBe(900);
    expect(searchPriceOf({ priceType: "NORMAL", price: 1000, specialPrice: null })).toBe(1000);
    expect(searchPriceOf({ priceType: "RENTAL_ONLY", price: 1000, specialPrice: null })).toBeNull();
  });
  it("agrees with the amount the price block shows for every price type", () => {
    const amounts = [null, 900, 1000, 1100];
    for (const priceType of priceTypes.filter((t) => t !== "NEGOTIABLE" && t !== "RENTAL_ONLY"))
      for (const price of amounts)
        for (const specialPrice of amounts) {
          const shown = shownPriceCents({ priceType, price, specialPrice });
          expect(searchPriceOf({ priceType, price, specialPrice }), `${priceType} ${price} ${specialPrice}`).toBe(
            shown ? (shown.sale ?? shown.regular) : null,
          );
        }
  });
});

describe("parseEuroInput: the one place typed euros become cents (decision 050)", () => {
  it.each([
    ["12.500", 1_250_000],
    ["12.500,50", 1_250_050],
    ["12500 €", 1_250_000],
    ["12 500 EUR", 1_250_000],
    ["1.234.567,8", 123_456_780],
    ["12500,5", 1_250_050],
    ["12500.50", 1_250_050],
    ["0,99", 99],
    ["€ 990", 99_000],
  ])("%s → %i cents", (text, cents) => {
    expect(parseEuroInput(text)).toEqual({ ok: true, cents });
  });

  it("empty is null (a cleared field)", () => {
    expect(parseEuroInput("  ")).toEqual({ ok: true, cents: null });
  });

  it.each(["12k", "abc", "12,345", "1.2.3", "12.50.00", "1e5"])("garbage %s is a Slovenian message", (text) => {
    expect(parseEuroInput(text)).toEqual({ ok: false, message: moneyMessages.notAmount });
  });

  it("a negative amount is refused", () => {
    expect(parseEuroInput("-100")).toEqual({ ok: false, message: moneyMessages.negative });
  });

  it("what a form sends: cents, null, or the text as typed for the API's field error", () => {
    expect(euroInputValue("12.500,50")).toBe(1_250_050);
    expect(euroInputValue("")).toBeNull();
    expect(euroInputValue("-5")).toBe(-500);
    expect(euroInputValue("dvanajst")).toBe("dvanajst");
  });

  it("cents back into a euro input", () => {
    expect(centsToEuroInput(1_250_050)).toBe("12500,50");
    expect(centsToEuroInput(1_250_000)).toBe("12500");
    expect(centsToEuroInput(null)).toBe("");
    expect(parseEuroInput(centsToEuroInput(123_405))).toEqual({ ok: true, cents: 123_405 });
  });

  it("cents rounded to whole euros stay cents", () => {
    expect(roundToWholeEuros(1_249_950)).toBe(1_250_000);
    expect(roundToWholeEuros(1_249_949)).toBe(1_249_900);
    expect(roundToWholeEuros(0)).toBe(0);
    expect(centsToEuroInput(roundToWholeEuros(2_499_990 * 0.2))).toBe("5000");
  });

  it("unit prices keep a tenth of a cent", () => {
    expect(toCentsPerUnit(1.411)).toBe(141.1);
    expect(toCentsPerUnit(117.5)).toBe(11_750);
  });
});

describe("centsSchema", () => {
  it("takes a non-negative safe integer and refuses fractions, negatives and text in Slovenian", () => {
    expect(centsSchema.parse(1_250_050)).toBe(1_250_050);
    expect(centsSchema.safeParse(12.5).error?.issues[0]?.message).toBe(moneyMessages.wholeCents);
    expect(centsSchema.safeParse(-1).error?.issues[0]?.message).toBe(moneyMessages.negative);
    expect(centsSchema.safeParse("12.500").error?.issues[0]?.message).toBe(moneyMessages.notAmount);
    expect(centsSchema.safeParse(2 ** 60).success).toBe(false);
  });
});
