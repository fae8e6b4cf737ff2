import { useEffect, useState } from "react";
import { formatRate, parseRateInput, type FinancingOffer } from "~/domain/financing";
import { formatPrice } from "~/domain/format";
import { rentalIntervalLabels, rentalIntervals } from "~/domain/enums/posting";
import { centsToEuroInput, euroInputValue } from "~/domain/money";
import { Field, Select } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import type { DraftFieldsProps } from "../wizard";
import { parseFieldValue } from "../detail-fields";

type Offer = {
  downPayment: string;
  months: string;
  annualRate: string;
  financedAmount: string;
  monthlyPayment: string;
};

const offerText = (o: FinancingOffer | undefined): Offer => ({
  downPayment: centsToEuroInput(o?.downPayment),
  months: o ? String(o.months) : "",
  annualRate: o?.annualRateBasisPoints != null ? formatRate(o.annualRateBasisPoints).replace(/\s%$/, "") : "",
  financedAmount: centsToEuroInput(o?.financedAmount),
  monthlyPayment: centsToEuroInput(o?.monthlyPayment),
});

/** The first message among field errors under a key ("financingOffers.0.monthlyPayment" → financingOffers). */
const errorUnder = (errors: Record<string, string>, key: string) =>
  Object.entries(errors).find(([k]) => k === key || k.startsWith(`${key}.`))?.[1] ?? null;

/**
 * Rental price with its interval, and one financing offer. Euros typed here go through the one euro parser
 * (decision 050); with a rate the server derives the monthly payment (or checks it within 1 €) and always the total.
 */
export function PriceExtras({ draft, errors, save }: DraftFieldsProps) {
  const rental = draft.rentalPrices[0];
  const [rentPrice, setRentPrice] = useState(centsToEuroInput(rental?.price));
  const [interval, setInterval] = useState<string>(rental?.interval ?? "MONTHLY");
  const first = draft.financingOffers[0];
  const [offer, setOffer] = useState<Offer>(offerText(first));
  // A monthly payment the server derived is not the seller's: after a change of terms it is derived again, not checked.
  const [monthlyTyped, setMonthlyTyped] = useState(false);
  // Likewise a financed amount the server worked out (price − down payment) is derived again after a change.
  const [financedTyped, setFinancedTyped] = useState(false);
  const stored = JSON.stringify(first ?? null);
  // What the server stored (a derived monthly payment, a default financed amount) shows once it answers.
  useEffect(() => {
    setOffer(offerText(first));
    setMonthlyTyped(false);
    setFinancedTyped(false);
  }, [stored]); // eslint-disable-line react-hooks/exhaustive-deps

  const saveRental = (price: string, every: string) => {
    const value = euroInputValue(price);
    void save({
      rentalPrices:
        value === null || value === 0
          ? []
          : [{ price: value as number, interval: every as (typeof rentalIntervals)[number] }],
    });
  };
  const saveOffer = (o: Offer) => {
    if (Object.values(o).every((s) => s.trim() === "")) {
      void save({ financingOffers: [] });
      return;
    }
    const down = euroInputValue(o.downPayment);
    const months = parseFieldValue("int", o.months);
    const rate = parseRateInput(o.annualRate);
    const monthly = euroInputValue(o.monthlyPayment);
    const financed = euroInputValue(o.financedAmount);
    // Not yet enough to save: the seller is still filling the offer in.
    if (down === null || months === null || (rate === null && monthly === null)) return;
    void save({
      financingOffers: [
        {
          downPayment: down as number,
          months: months as number,
          annualRateBasisPoints: (rate === undefined ? o.annualRate : rate) as number | null,
          // With a rate, a typed monthly payment is checked against it; leaving it empty lets the server derive it.
          ...(monthly === null || (rate !== null && !monthlyTyped) ? {} : { monthlyPayment: monthly as number }),
          ...(financed === null || !financedTyped ? {} : { financedAmount: financed as number }),
        },
      ],
    });
  };
  const offerError = errorUnder(errors, "financingOffers");
  const rentalError = errorUnder(errors, "rentalPrices");
  const offerField = (key: keyof Offer, label: string, inputMode: "numeric" | "decimal") => (
    <div>
      <label className="field-label" htmlFor={`f-offer-${key}`}>
        {label}
      </label>
      <input
        id={`f-offer-${key}`}
        className="field-input"
        inputMode={inputMode}
        value={offer[key]}
        onChange={(e) => {
          setOffer({ ...offer, [key]: e.target.value });
          if (key === "monthlyPayment") setMonthlyTyped(true);
          if (key === "financedAmount") setFinancedTyped(true);
        }}
        onBlur={() => saveOffer(offer)}
        aria-invalid={offerError ? true : undefined}
        aria-describedby={offerError ? "f-offer-error" : "f-offer-hint"}
      />
    </div>
  );

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        id="f-rent-price"
        label={m.wizard_rental_price()}
        inputMode="decimal"
        value={rentPrice}
        onChange={setRentPrice}
        onBlur={() => saveRental(rentPrice, interval)}
        error={rentalError}
      />
      <Select
        id="f-rent-interval"
        label={m.wizard_rental_interval()}
        value={interval}
        onChange={(v) => {
          setInterval(v);
          saveRental(rentPrice, v);
        }}
        options={rentalIntervals.map((i) => ({ value: i, label: rentalIntervalLabels[i] }))}
      />
      <p className="text-sm font-semibold sm:col-span-2">{m.financing_offers_title()}</p>
      <p id="f-offer-hint" className="text-sm text-muted sm:col-span-2">
        {m.wizard_offer_hint()}
      </p>
      {offerField("downPayment", m.wizard_offer_down(), "decimal")}
      {offerField("months", m.leasing_months(), "numeric")}
      {offerField("annualRate", m.wizard_offer_rate(), "decimal")}
      {offerField("financedAmount", m.wizard_offer_financed(), "decimal")}
      {offerField("monthlyPayment", m.wizard_offer_monthly(), "decimal")}
      <p className="self-end pb-2 text-sm" data-testid="offer-total">
        {first ? m.wizard_offer_total_computed({ total: formatPrice(first.total) }) : null}
      </p>
      {offerError ? (
        <p id="f-offer-error" role="alert" className="text-sm text-danger sm:col-span-2">
          {offerError}
        </p>
      ) : null}
    </div>
  );
}
