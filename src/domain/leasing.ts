// Leasing / loan instalment calculator. Amounts are integer cents, like prices in the DB.
import { m } from "~/paraglide/messages";
import { formatPrice } from "./format";
import { moneyMessages } from "./money";

export type LeasingInput = {
  priceCents: number;
  downPaymentCents: number;
  /** Number of monthly instalments, a positive integer. */
  months: number;
  /** Nominal annual interest rate in percent, e.g. 4.49. */
  annualRatePercent: number;
};

export type LeasingSummary = {
  /** Price minus down payment, never below 0. */
  financedCents: number;
  monthlyCents: number;
  /** Down payment plus all instalments. */
  totalPaidCents: number;
  /** Instalments minus the financed amount, never below 0. */
  interestCents: number;
};

function assertInput({ priceCents, downPaymentCents, months, annualRatePercent }: LeasingInput): void {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be an integer >= 1, got ${months}`);
  if (!Number.isFinite(priceCents)) throw new RangeError(`priceCents must be finite, got ${priceCents}`);
  if (!Number.isFinite(downPaymentCents))
    throw new RangeError(`downPaymentCents must be finite, got ${downPaymentCents}`);
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError(`annualRatePercent must be a finite number >= 0, got ${annualRatePercent}`);
  }
}

/** Amount that is borrowed: price minus down payment, 0 when the down payment covers the price. */
export function financedAmount(priceCents: number, downPaymentCents: number): number {
  return Math.max(0, priceCents - downPaymentCents);
}

/**
 * Monthly instalment in cents (rounded to the cent) by the annuity formula
 * P·r / (1 − (1 + r)^−n) with the monthly rate r = annual / 12 / 100.
 * A 0 % rate divides the financed amount evenly; nothing financed means 0.
 * Throws RangeError for months that are not an integer >= 1, a negative rate or non-finite amounts.
 */
export function monthlyPayment(input: LeasingInput): number {
  assertInput(input);
  const financed = financedAmount(input.priceCents, input.downPaymentCents);
  if (financed <= 0) return 0;
  const r = input.annualRatePercent / 12 / 100;
  if (r === 0) return Math.round(financed / input.months);
  return Math.round((financed * r) / (1 - (1 + r) ** -input.months));
}

/**
 * Full cost breakdown of a leasing offer. Interest is the sum of the rounded instalments
 * minus the financed amount, clamped at 0 because at 0 % rounding the instalment down
 * would otherwise show a few cents of "negative interest".
 */
export function leasingSummary(input: LeasingInput): LeasingSummary {
  const monthlyCents = monthlyPayment(input);
  const financedCents = financedAmount(input.priceCents, input.downPaymentCents);
  const instalments = monthlyCents * input.months;
  return {
    financedCents,
    monthlyCents,
    totalPaidCents: input.downPaymentCents + instalments,
    interestCents: Math.max(0, instalments - financedCents),
  };
}

/** What the buyer's calculator accepts (issue 24): a term the partner bank offers, a plausible rate. */
export const leasingLimits = { minFinancedCents: 100_000, minMonths: 12, maxMonths: 120, maxRatePercent: 30 } as const;

export type LeasingField = "price" | "downPayment";

/**
 * The calculator's input problems by field, in Slovenian; empty when an instalment can be shown. The down
 * payment must leave at least `minFinancedCents` to finance, so the instalment is never 0 € or negative (issue 24).
 */
export function leasingInputErrors({
  priceCents,
  downPaymentCents,
}: Pick<LeasingInput, "priceCents" | "downPaymentCents">): Partial<Record<LeasingField, string>> {
  const errors: Partial<Record<LeasingField, string>> = {};
  const min = formatPrice(leasingLimits.minFinancedCents);
  if (!Number.isFinite(priceCents) || priceCents < leasingLimits.minFinancedCents)
    errors.price = m.leasing_error_price({ min });
  if (!Number.isFinite(downPaymentCents) || downPaymentCents < 0) errors.downPayment = moneyMessages.negative;
  else if (!errors.price && priceCents - downPaymentCents < leasingLimits.minFinancedCents)
    errors.downPayment = m.leasing_error_down_too_high({ min });
  return errors;
}

/** Whether the term and the rate are ones the calculator offers (the widget's choices; the rate is configured). */
export const leasingTermsValid = ({ months, annualRatePercent }: Pick<LeasingInput, "months" | "annualRatePercent">) =>
  Number.isInteger(months) &&
  months >= leasingLimits.minMonths &&
  months <= leasingLimits.maxMonths &&
  annualRatePercent >= 0 &&
  annualRatePercent <= leasingLimits.maxRatePercent;
