import { useState } from "react";
import { rentalIntervalLabels, rentalIntervals } from "~/domain/enums";
import { m } from "~/paraglide/messages";
import { formatFieldValue, parseFieldValue } from "../detail-fields";
import type { DraftUpdateInput } from "../schemas";
import type { DraftView } from "~/services/drafts.server";

type Offer = { downPayment: string; monthlyPayment: string; months: string; total: string };

/** Rental price with its interval, and one financing offer (down payment, monthly payment, months, total). */
export function PriceExtras({ draft, errors, save }: { draft: DraftView; errors: Record<string, string>; save: (patch: DraftUpdateInput) => Promise<boolean> }) {
  const rental = draft.rentalPrices[0];
  const [rentPrice, setRentPrice] = useState(formatFieldValue("euros", rental?.price ?? null));
  const [interval, setInterval] = useState<string>(rental?.interval ?? "MONTHLY");
  const first = draft.financingOffers[0];
  const [offer, setOffer] = useState<Offer>({
    downPayment: formatFieldValue("euros", first?.downPayment ?? null),
    monthlyPayment: formatFieldValue("euros", first?.monthlyPayment ?? null),
    months: first ? String(first.months) : "",
    total: formatFieldValue("euros", first?.total ?? null),
  });

  const saveRental = (price: string, every: string) => {
    const value = parseFieldValue("euros", price);
    void save({ rentalPrices: typeof value === "number" && value > 0 ? [{ price: value, interval: every as (typeof rentalIntervals)[number] }] : [] });
  };
  const saveOffer = (o: Offer) => {
    const n = (s: string) => parseFieldValue("euros", s);
    const [down, monthly, months, total] = [n(o.downPayment), n(o.monthlyPayment), parseFieldValue("int", o.months), n(o.total)];
    const complete = [down, monthly, months, total].every((v) => typeof v === "number" && !Number.isNaN(v));
    if (complete) void save({ financingOffers: [{ downPayment: down as number, monthlyPayment: monthly as number, months: months as number, total: total as number }] });
    else if ([o.downPayment, o.monthlyPayment, o.months, o.total].every((s) => s.trim() === "")) void save({ financingOffers: [] });
  };
  const offerField = (key: keyof Offer, label: string) => (
    <div>
      <label className="field-label" htmlFor={`f-offer-${key}`}>{label}</label>
      <input
        id={`f-offer-${key}`}
        className="field-input"
        inputMode={key === "months" ? "numeric" : "decimal"}
        value={offer[key]}
        onChange={(e) => setOffer({ ...offer, [key]: e.target.value })}
        onBlur={() => saveOffer(offer)}
      />
    </div>
  );

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label className="field-label" htmlFor="f-rent-price">{m.wizard_rental_price()}</label>
        <input id="f-rent-price" className="field-input" inputMode="decimal" value={rentPrice} onChange={(e) => setRentPrice(e.target.value)} onBlur={() => saveRental(rentPrice, interval)} aria-invalid={errors.rentalPrices ? true : undefined} />
        {errors.rentalPrices ? <p className="mt-1 text-sm text-danger">{errors.rentalPrices}</p> : null}
      </div>
      <div>
        <label className="field-label" htmlFor="f-rent-interval">{m.wizard_rental_interval()}</label>
        <select id="f-rent-interval" className="field-input" value={interval} onChange={(e) => { setInterval(e.target.value); saveRental(rentPrice, e.target.value); }}>
          {rentalIntervals.map((i) => <option key={i} value={i}>{rentalIntervalLabels[i]}</option>)}
        </select>
      </div>
      <p className="text-sm font-semibold sm:col-span-2">{m.financing_offers_title()}</p>
      {offerField("downPayment", m.wizard_offer_down())}
      {offerField("monthlyPayment", m.wizard_offer_monthly())}
      {offerField("months", m.leasing_months())}
      {offerField("total", m.wizard_offer_total())}
      {errors.financingOffers ? <p className="text-sm text-danger sm:col-span-2">{errors.financingOffers}</p> : null}
    </div>
  );
}
