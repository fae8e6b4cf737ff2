import { useId, useState } from "react";
import { appConfig } from "~/app.config";
import { formatPrice } from "~/domain/format";
import { leasingSummary } from "~/domain/leasing";
import { centsToEuroInput, parseEuroInput, roundToWholeEuros } from "~/domain/money";
import { m } from "~/paraglide/messages";
import { useCountLeasingClick } from "../use-count-leasing-click";

const monthOptions = [12, 24, 36, 48, 60, 72, 84];
const partnerUrl = "https://www.nlb.si/leasing";

/** Leasing and financing from the bank partner: price, down payment, months → monthly payment (annuity at the promo rate). */
export function LeasingWidget({ code, price }: { code: string; price: number | null }) {
  const id = useId();
  // `price` is in cents (decision 050); the inputs show whole euros and read back through the one euro parser.
  const [amount, setAmount] = useState(centsToEuroInput(roundToWholeEuros(price ?? 0)));
  const [down, setDown] = useState(centsToEuroInput(roundToWholeEuros((price ?? 0) * 0.2)));
  const [months, setMonths] = useState(60);
  const countClick = useCountLeasingClick(code);
  const rate = appConfig.leasing.promoRatePercent;
  const cents = (s: string) => {
    const parsed = parseEuroInput(s);
    return parsed.ok ? (parsed.cents ?? 0) : 0;
  };
  let result: ReturnType<typeof leasingSummary> | null = null;
  try {
    result = leasingSummary({
      priceCents: cents(amount),
      downPaymentCents: cents(down),
      months,
      annualRatePercent: rate,
    });
  } catch {
    result = null;
  }
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4" data-testid="leasing">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.leasing_title()}
      </h2>
      <p className="text-sm">{m.leasing_promo({ rate: String(rate).replace(".", ",") })}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label className="field-label" htmlFor={`${id}-price`}>
            {m.leasing_price()}
          </label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            className="field-input"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-down`}>
            {m.leasing_down()}
          </label>
          <input
            id={`${id}-down`}
            inputMode="decimal"
            className="field-input"
            value={down}
            onChange={(e) => setDown(e.target.value)}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-months`}>
            {m.leasing_months()}
          </label>
          <select
            id={`${id}-months`}
            className="field-input"
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
          >
            {monthOptions.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      {result ? (
        <p className="text-lg" data-testid="leasing-monthly">
          {m.leasing_monthly()} <strong>{formatPrice(result.monthlyCents)}</strong>
          <span className="block text-sm text-muted">
            {m.leasing_total({
              total: formatPrice(result.totalPaidCents),
              interest: formatPrice(result.interestCents),
            })}
          </span>
        </p>
      ) : null}
      <a
        href={partnerUrl}
        target="_blank"
        rel="noopener sponsored"
        className="btn-accent"
        onClick={() => {
          // The click is counted; a failure is only logged.
          countClick();
        }}
      >
        {m.leasing_cta()}
      </a>
    </section>
  );
}
