// A seller's financing offer and its one truth rule (issue 21, decision 050): the monthly payment is
// the annuity of the offer's own terms (financed amount, annual rate, months) within 1 €, and the
// total is the down payment plus all instalments. Amounts are integer cents.

import { m } from "~/paraglide/messages";
import { formatNumber, formatPrice } from "./format";
import { monthlyPayment } from "./leasing";
import { plural } from "./plural";

export type FinancingOffer = {
  downPayment: number;
  monthlyPayment: number;
  months: number;
  /** downPayment + monthlyPayment × months, always computed by the server. */
  total: number;
  /** Nominal annual interest rate in basis points (449 = 4,49 %); null when the seller gave none. */
  annualRateBasisPoints: number | null;
  /** The amount the instalments repay (cents); null when no rate was given. */
  financedAmount: number | null;
};

export const financingMessages = {
  months: "Število obrokov je od 1 do 120.",
  rate: "Vnesite obrestno mero med 0 in 50 %, npr. 4,49.",
  monthlyMissing: "Vnesite mesečni obrok ali obrestno mero.",
  noPrincipal: "Za izračun obroka vnesite ceno vozila ali znesek financiranja.",
  /** The monthly payment a seller typed is not what the terms give. */
  monthlyMismatch: (expected: string, rate: string, months: number) =>
    `Mesečni obrok se ne ujema s pogoji: pri obrestni meri ${rate} in ${plural(months, { one: "{n} obroku", two: "{n} obrokih", few: "{n} obrokih", other: "{n} obrokih" })} znaša ${expected} (dovoljeno odstopanje je 1 €).`,
  /** Down payment and financed amount together above the price the offer is for. */
  overPrice: (price: string) => `Polog in znesek financiranja skupaj presegata ceno vozila (${price}).`,
  /** Without a rate: the instalments do not even repay the price after the down payment (often a payment typed in the wrong unit). */
  belowPrice: (principal: string) =>
    `Obroki skupaj ne pokrijejo ${principal}, kolikor ostane od cene po pologu. Preverite mesečni obrok in število obrokov.`,
} as const;

/** How far a monthly payment may be from the annuity of its terms: 1 €. */
export const MONTHLY_TOLERANCE_CENTS = 100;

/** Monthly instalment (cents) repaying `principalCents` at `annualRateBasisPoints` over `months`, by the annuity formula. */
export function annuityCents(principalCents: number, annualRateBasisPoints: number, months: number): number {
  return monthlyPayment({
    priceCents: principalCents,
    downPaymentCents: 0,
    months,
    annualRatePercent: annualRateBasisPoints / 100,
  });
}

/** Down payment plus every instalment. */
export const offerTotal = (o: { downPayment: number; monthlyPayment: number; months: number }) =>
  o.downPayment + o.monthlyPayment * o.months;

/** The instalment the offer's own terms give; null when it carries no rate (nothing to check against). */
export function expectedMonthly(
  o: Pick<FinancingOffer, "annualRateBasisPoints" | "financedAmount" | "months">,
): number | null {
  if (o.annualRateBasisPoints === null || o.financedAmount === null) return null;
  return annuityCents(o.financedAmount, o.annualRateBasisPoints, o.months);
}

/** What is untrue about a stored offer: a monthly payment more than 1 € off its annuity, or a total that is not the sum. */
export function offerProblems(o: FinancingOffer): ("MONTHLY" | "TOTAL")[] {
  const problems: ("MONTHLY" | "TOTAL")[] = [];
  const expected = expectedMonthly(o);
  if (expected !== null && Math.abs(expected - o.monthlyPayment) > MONTHLY_TOLERANCE_CENTS) problems.push("MONTHLY");
  if (o.total !== offerTotal(o)) problems.push("TOTAL");
  return problems;
}

/**
 * An offer as a posting's buyers read it: a "Po dogovoru" car's offer keeps only the seller's terms (down payment,
 * instalments, rate). Its instalment, total and financed amount are worked out from the price the seller keeps
 * (decision 088, session 24), so they would give it away; they are null, and the page says "obrok po dogovoru".
 */
export type ShownFinancingOffer = Omit<FinancingOffer, "monthlyPayment" | "total"> & {
  monthlyPayment: number | null;
  total: number | null;
};

/** The terms of an offer without the amounts worked out from the price (for a "Po dogovoru" car's buyers). */
export const offerTermsOnly = (o: FinancingOffer): ShownFinancingOffer => ({
  downPayment: o.downPayment,
  months: o.months,
  annualRateBasisPoints: o.annualRateBasisPoints,
  monthlyPayment: null,
  total: null,
  financedAmount: null,
});

/** A stored offer as read back: older rows had no rate or financed amount. */
export function normalizeOffer(
  o: Partial<FinancingOffer> & { downPayment: number; monthlyPayment: number; months: number; total: number },
): FinancingOffer {
  return { ...o, annualRateBasisPoints: o.annualRateBasisPoints ?? null, financedAmount: o.financedAmount ?? null };
}

/** "1 obrok", "2 obroka", "3 obroki", "60 obrokov". */
export const instalments = (months: number) =>
  plural(months, { one: "{n} obrok", two: "{n} obroka", few: "{n} obroki", other: "{n} obrokov" });

/** "4,49 %" from 449 basis points. */
export function formatRate(basisPoints: number): string {
  return `${formatNumber(basisPoints / 100, basisPoints % 100 === 0 ? 0 : basisPoints % 10 === 0 ? 1 : 2)} %`;
}

/** What a person typed as a rate ("4,49", "4.49 %") → basis points; empty → null; garbage → undefined. */
export function parseRateInput(text: string): number | null | undefined {
  const s = text.replace(/%/g, "").replace(/\s/g, "");
  if (s === "") return null;
  const m = /^(\d{1,2})(?:[,.](\d{1,2}))?$/.exec(s);
  if (!m || m[1] === undefined) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/**
 * An offer's line on the posting page and the sheet: "Polog 2.000 €, 48 obrokov po 160,13 €, skupaj 9.686,24 €", or
 * for a "Po dogovoru" car's buyers the terms only, "Polog 2.000 €, 48 obrokov, obrok po dogovoru" (decision 088).
 */
export function offerLine(o: ShownFinancingOffer): string {
  const down = formatPrice(o.downPayment);
  if (o.monthlyPayment === null || o.total === null)
    return m.financing_offer_terms({ down, instalments: instalments(o.months) });
  return m.financing_offer_line({
    down,
    monthly: formatPrice(o.monthlyPayment),
    instalments: instalments(o.months),
    total: formatPrice(o.total),
  });
}
