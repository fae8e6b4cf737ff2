import { describe, expect, it } from "vitest";
import {
  financedAmount,
  leasingInputErrors,
  leasingLimits,
  leasingSummary,
  leasingTermsValid,
  monthlyPayment,
} from "./leasing";

/** Independent formulation: the payment is the principal divided by the sum of discount factors Σ (1+r)^−k. */
function paymentByDiscountFactors(financedCents: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 1200;
  let factors = 0;
  for (let k = 1; k <= months; k++) factors += 1 / (1 + r) ** k;
  return Math.round(financedCents / factors);
}

/** Runs the loan month by month and returns the balance left after the last instalment. */
function remainingBalance(
  financedCents: number,
  annualRatePercent: number,
  months: number,
  paymentCents: number,
): number {
  const r = annualRatePercent / 1200;
  let balance = financedCents;
  for (let k = 0; k < months; k++) balance = balance * (1 + r) - paymentCents;
  return balance;
}

describe("monthlyPayment", () => {
  it("20 000 € financed at 4,49 % over 60 months is 372,77 € a month", () => {
    const input = { priceCents: 2_500_000, downPaymentCents: 500_000, months: 60, annualRatePercent: 4.49 };
    expect(monthlyPayment(input)).toBe(37_277);
    expect(monthlyPayment(input)).toBe(paymentByDiscountFactors(2_000_000, 4.49, 60));
    // Paying 372,77 € for 60 months clears the loan to within a cent per month of rounding.
    expect(Math.abs(remainingBalance(2_000_000, 4.49, 60, 37_277))).toBeLessThan(60);
  });

  it.each([
    // Textbook values: 10 000 at 6 % / 36 months = 304,22; 100 000 at 5 % / 360 months = 536,82.
    [1_000_000, 6, 36, 30_422],
    [10_000_000, 5, 360, 53_682],
    [1_500_000, 3.9, 84, 20_434],
  ])("%i cents at %f %% over %i months → %i cents", (financed, rate, months, expected) => {
    const payment = monthlyPayment({ priceCents: financed, downPaymentCents: 0, months, annualRatePercent: rate });
    expect(payment).toBe(expected);
    expect(payment).toBe(paymentByDiscountFactors(financed, rate, months));
  });

  it("divides evenly at 0 % and rounds to the cent", () => {
    expect(monthlyPayment({ priceCents: 1_200_000, downPaymentCents: 0, months: 12, annualRatePercent: 0 })).toBe(
      100_000,
    );
    expect(monthlyPayment({ priceCents: 100_000, downPaymentCents: 0, months: 3, annualRatePercent: 0 })).toBe(33_333);
  });

  it("is 0 when nothing is financed", () => {
    expect(
      monthlyPayment({ priceCents: 1_000_000, downPaymentCents: 1_000_000, months: 48, annualRatePercent: 5 }),
    ).toBe(0);
    expect(
      monthlyPayment({ priceCents: 1_000_000, downPaymentCents: 1_500_000, months: 48, annualRatePercent: 5 }),
    ).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("throws RangeError for months = %f", (months) => {
    expect(() => monthlyPayment({ priceCents: 1_000_000, downPaymentCents: 0, months, annualRatePercent: 5 })).toThrow(
      RangeError,
    );
  });

  it("throws RangeError for a negative or non-finite rate and non-finite amounts", () => {
    const base = { priceCents: 1_000_000, downPaymentCents: 0, months: 12, annualRatePercent: 5 };
    expect(() => monthlyPayment({ ...base, annualRatePercent: -1 })).toThrow(RangeError);
    expect(() => monthlyPayment({ ...base, annualRatePercent: Number.NaN })).toThrow(RangeError);
    expect(() => monthlyPayment({ ...base, priceCents: Number.NaN })).toThrow(RangeError);
    expect(() => monthlyPayment({ ...base, downPaymentCents: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});

describe("leasingSummary", () => {
  it("breaks down the 20 000 € / 4,49 % / 60 months example", () => {
    expect(
      leasingSummary({ priceCents: 2_500_000, downPaymentCents: 500_000, months: 60, annualRatePercent: 4.49 }),
    ).toEqual({
      financedCents: 2_000_000,
      monthlyCents: 37_277,
      totalPaidCents: 500_000 + 37_277 * 60,
      interestCents: 37_277 * 60 - 2_000_000,
    });
  });

  it("has no interest at 0 % even when the instalment rounds down", () => {
    const s = leasingSummary({ priceCents: 100_000, downPaymentCents: 0, months: 3, annualRatePercent: 0 });
    expect(s).toEqual({ financedCents: 100_000, monthlyCents: 33_333, totalPaidCents: 99_999, interestCents: 0 });
  });

  it("pays only the down payment when it covers the price", () => {
    expect(
      leasingSummary({ priceCents: 800_000, downPaymentCents: 1_000_000, months: 24, annualRatePercent: 6 }),
    ).toEqual({
      financedCents: 0,
      monthlyCents: 0,
      totalPaidCents: 1_000_000,
      interestCents: 0,
    });
  });

  it("financedAmount never goes below 0", () => {
    expect(financedAmount(1000, 400)).toBe(600);
    expect(financedAmount(1000, 4000)).toBe(0);
  });
});

describe("leasingInputErrors (the buyer's calculator, issue 24)", () => {
  const ok = { priceCents: 2_500_000, downPaymentCents: 500_000, months: 60, annualRatePercent: 4.49 };

  it("accepts a down payment below the price, a term the bank offers and a plausible rate", () => {
    expect(leasingInputErrors(ok)).toEqual({});
    expect(leasingInputErrors({ ...ok, downPaymentCents: 0 })).toEqual({});
    expect(leasingInputErrors({ ...ok, downPaymentCents: 2_400_000 })).toEqual({});
    expect(leasingSummary({ ...ok, downPaymentCents: 2_400_000 }).monthlyCents).toBeGreaterThan(1_000);
  });

  it("refuses a down payment that leaves less than 1.000 € to finance: never a 0 € instalment", () => {
    // 1 cent financed over 60 months would round to a 0 € instalment.
    for (const downPaymentCents of [2_400_001, 2_499_999, 2_500_000, 2_500_001, 9_000_000])
      expect(leasingInputErrors({ ...ok, downPaymentCents })).toEqual({
        downPayment: "Polog mora biti vsaj 1.000 € manjši od cene vozila.",
      });
  });

  it("refuses a negative down payment, a missing or zero price, and amounts that are not numbers", () => {
    expect(leasingInputErrors({ ...ok, downPaymentCents: -1 })).toEqual({
      downPayment: "Znesek ne sme biti negativen.",
    });
    for (const priceCents of [0, -100, 99_999, Number.NaN])
      expect(leasingInputErrors({ ...ok, priceCents, downPaymentCents: 0 })).toEqual({
        price: "Vpišite ceno vozila, vsaj 1.000 €.",
      });
    expect(leasingInputErrors({ ...ok, downPaymentCents: Number.NaN }).downPayment).toBe(
      "Znesek ne sme biti negativen.",
    );
  });

  it("bounds the months and the rate", () => {
    expect(leasingLimits).toMatchObject({ minMonths: 12, maxMonths: 120, maxRatePercent: 30 });
    for (const months of [0, 11, 121, 36.5]) expect(leasingTermsValid({ ...ok, months })).toBe(false);
    for (const months of [12, 60, 120]) expect(leasingTermsValid({ ...ok, months })).toBe(true);
    for (const annualRatePercent of [-0.1, 30.01, Number.POSITIVE_INFINITY, Number.NaN])
      expect(leasingTermsValid({ ...ok, annualRatePercent })).toBe(false);
    for (const annualRatePercent of [0, 4.49, 30]) expect(leasingTermsValid({ ...ok, annualRatePercent })).toBe(true);
  });
});
