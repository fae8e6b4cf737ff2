import { describe, expect, it } from "vitest";
import {
  isValidRegistrationNumber,
  isValidTaxNumber,
  normalizeRegistrationNumber,
  normalizeTaxNumber,
} from "./business-ids";

describe("isValidTaxNumber", () => {
  // Real company tax numbers: Petrol d.d. (check digit 2) and NLB d.d. (sum leaves 10 → check digit 0).
  it.each(["80267432", "91132550", "SI80267432", "si 80 267 432", "8026-7432"])("accepts %j", (v) => {
    expect(isValidTaxNumber(v)).toBe(true);
  });

  it("refuses a wrong check digit, whatever the other seven digits", () => {
    expect(isValidTaxNumber("80267433")).toBe(false);
    expect(isValidTaxNumber("91132551")).toBe(false);
  });

  it("refuses a number whose weighted sum leaves 0 (check digit would be 11, never issued)", () => {
    // 1000000x: 8·1 = 8 → 11 − 8 = 3 is valid; 1100000x: 8 + 7 = 15 → 15 mod 11 = 4 → 7.
    expect(isValidTaxNumber("10000003")).toBe(true);
    expect(isValidTaxNumber("11000007")).toBe(true);
    // 2 · 8 + 0 … + 3 · 2 = 22 → remainder 0: no valid check digit exists.
    for (let d = 0; d <= 9; d++) expect(isValidTaxNumber(`200000${3}${d}`)).toBe(false);
  });

  it.each(["", "1234567", "123456789", "0267432x", "02674321", "abcdefgh"])("refuses malformed %j", (v) => {
    expect(isValidTaxNumber(v)).toBe(false);
  });

  it("normalises the SI prefix and separators away", () => {
    expect(normalizeTaxNumber(" SI 80.267.432 ")).toBe("80267432");
  });
});

describe("isValidRegistrationNumber", () => {
  it.each(["5860571", "5860571000", "5860571 000", "58.60.571"])("accepts %j", (v) => {
    expect(isValidRegistrationNumber(v)).toBe(true);
  });
  it.each(["", "586057", "58605710", "586057100", "58605710000", "586057a"])("refuses %j", (v) => {
    expect(isValidRegistrationNumber(v)).toBe(false);
  });
  it("drops spaces and dots", () => {
    expect(normalizeRegistrationNumber("1234567 000")).toBe("1234567000");
  });
});
