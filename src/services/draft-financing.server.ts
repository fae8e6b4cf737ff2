import {
  annuityCents,
  financingMessages,
  MONTHLY_TOLERANCE_CENTS,
  offerTotal,
  formatRate,
  type FinancingOffer,
} from "~/domain/financing";
import { formatPrice } from "~/domain/format";
import { badRequest } from "~/domain/errors";
import type { FieldError } from "~/domain/errors";
import type { DraftUpdate } from "~/contracts/drafts";

/**
 * Financing offers as stored (issue 21, decision 050): the total is computed, never taken; with a rate, the
 * financed amount is the one sent or the financing price (else the buyer's price) minus the down payment, and
 * the monthly payment is derived when absent or must be the annuity of those terms within 1 € (else 400).
 */
export function trueFinancingOffers(
  offers: NonNullable<DraftUpdate["financingOffers"]>,
  priceCents: number | null,
): FinancingOffer[] {
  const errors: FieldError[] = [];
  const stored = offers.map((o, i): FinancingOffer => {
    const rate = o.annualRateBasisPoints ?? null;
    let monthly = o.monthlyPayment ?? null;
    let financedAmount: number | null = null;
    // The offer is for this car: down payment and financed amount never add up to more than its price.
    if (priceCents !== null && o.downPayment + (o.financedAmount ?? 0) > priceCents)
      errors.push({
        field: `financingOffers.${i}.${o.financedAmount ? "financedAmount" : "downPayment"}`,
        kind: "INVALID",
        message: financingMessages.overPrice(formatPrice(priceCents)),
      });
    if (rate !== null) {
      financedAmount = o.financedAmount ?? (priceCents === null ? null : Math.max(0, priceCents - o.downPayment));
      if (financedAmount === null)
        errors.push({
          field: `financingOffers.${i}.financedAmount`,
          kind: "MISSING",
          message: financingMessages.noPrincipal,
        });
      else {
        const expected = annuityCents(financedAmount, rate, o.months);
        if (monthly === null) monthly = expected;
        else if (Math.abs(monthly - expected) > MONTHLY_TOLERANCE_CENTS)
          errors.push({
            field: `financingOffers.${i}.monthlyPayment`,
            kind: "INVALID",
            message: financingMessages.monthlyMismatch(formatPrice(expected), formatRate(rate), o.months),
          });
      }
    } else if (monthly === null)
      errors.push({
        field: `financingOffers.${i}.monthlyPayment`,
        kind: "MISSING",
        message: financingMessages.monthlyMissing,
      });
    else if (priceCents !== null && monthly * o.months + MONTHLY_TOLERANCE_CENTS < priceCents - o.downPayment)
      // Without a rate nothing pins the payment, but it must at least repay the price (a payment in euros instead of cents fails here).
      errors.push({
        field: `financingOffers.${i}.monthlyPayment`,
        kind: "INVALID",
        message: financingMessages.belowPrice(formatPrice(priceCents - o.downPayment)),
      });
    const monthlyPayment = monthly ?? 0;
    return {
      downPayment: o.downPayment,
      monthlyPayment,
      months: o.months,
      total: offerTotal({ downPayment: o.downPayment, monthlyPayment, months: o.months }),
      annualRateBasisPoints: rate,
      financedAmount,
    };
  });
  if (errors.length) throw badRequest(errors[0]?.message ?? financingMessages.monthlyMissing, errors);
  return stored;
}
