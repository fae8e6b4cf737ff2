import { describe, expect, it } from "vitest";
import {
  offerLine,
  offerTermsOnly,
  annuityCents,
  expectedMonthly,
  formatRate,
  offerProblems,
  offerTotal,
  parseRateInput,
  type FinancingOffer,
} from "./financing";

/** Runs the loan month by month: the balance left after the last instalment. */
function balanceAfter(principal: number, basisPoints: number, months: number, payment: number) {
  const r = basisPoints / 120_000;
  let balance = principal;
  for (let k = 0; k < months; k++) balance = balance * (1 + r) - payment;
  return balance;
}

describe("annuityCents (bank-style annuity)", () => {
  it("20 000 € at 4,49 % over 60 months is 372,77 € a month", () => {
    // 20 000 × r / (1 − (1 + r)^−60) with r = 0,0449 / 12 = 372,7694… €; a bank's table gives 372,77 €.
    expect(annuityCents(2_000_000, 449, 60)).toBe(37_277);
    // Paying it 60 times clears the loan to within the rounding of one cent a month.
    expect(Math.abs(balanceAfter(2_000_000, 449, 60, 37_277))).toBeLessThan(60);
  });

  it("textbook values and 0 %", () => {
    expect(annuityCents(1_000_000, 600, 36)).toBe(30_422); // 10 000 € at 6 %, 36 months
    expect(annuityCents(1_200_000, 0, 12)).toBe(100_000);
  });
});

describe("offerProblems: a stored offer is true to its own terms", () => {
  const offer: FinancingOffer = {
    downPayment: 500_000,
    monthlyPayment: 37_277,
    months: 60,
    total: 500_000 + 37_277 * 60,
    annualRateBasisPoints: 449,
    financedAmount: 2_000_000,
  };
  it("a true offer has none", () => {
    expect(offerTotal(offer)).toBe(offer.total);
    expect(expectedMonthly(offer)).toBe(37_277);
    expect(offerProblems(offer)).toEqual([]);
  });
  it("within 1 € is still true; beyond it is not", () => {
    expect(offerProblems({ ...offer, monthlyPayment: 37_377, total: 500_000 + 37_377 * 60 })).toEqual([]);
    expect(offerProblems({ ...offer, monthlyPayment: 37_378, total: 500_000 + 37_378 * 60 })).toEqual(["MONTHLY"]);
    // The seed's old bug: euros where cents belong, 100 times too small.
    expect(offerProblems({ ...offer, monthlyPayment: 373, total: 500_000 + 373 * 60 })).toEqual(["MONTHLY"]);
  });
  it("a total that is not down payment + instalments is flagged; an offer without a rate has nothing to check the payment against", () => {
    expect(offerProblems({ ...offer, total: 1 })).toEqual(["TOTAL"]);
    expect(
      offerProblems({ ...offer, annualRateBasisPoints: null, financedAmount: null, monthlyPayment: 1, total: 500_060 }),
    ).toEqual([]);
  });
});

describe("rates", () => {
  it("shows and reads basis points in Slovenian", () => {
    expect(formatRate(449)).toBe("4,49 %");
    expect(formatRate(500)).toBe("5 %");
    expect(formatRate(390)).toBe("3,9 %");
    expect(parseRateInput("4,49")).toBe(449);
    expect(parseRateInput("4.49 %")).toBe(449);
    expect(parseRateInput("5")).toBe(500);
    expect(parseRateInput("")).toBeNull();
    expect(parseRateInput("veliko")).toBeUndefined();
  });
});

describe("offerLine: an offer as the page and the sheet write it", () => {
  const offer = {
    downPayment: 200_000,
    months: 48,
    annualRateBasisPoints: 690,
    monthlyPayment: 16_013,
    total: 968_624,
    financedAmount: 670_000,
  };
  it("names the instalment and the total", () => {
    expect(offerLine(offer)).toBe("Polog 2.000 €, 48 obrokov po 160,13 €, skupaj 9.686,24 €");
  });
  it("a 'Po dogovoru' car's buyers read the terms only: nothing worked out from the kept price", () => {
    const line = offerLine(offerTermsOnly(offer));
    expect(line).toBe("Polog 2.000 €, 48 obrokov, obrok po dogovoru");
    expect(line).not.toMatch(/160,13|9\.686|6\.700/);
  });
});
