import { useEffect, useId, useState } from "react";
import { typedValue } from "~/lib/typed-value";
import { appConfig } from "~/app.config";
import { formatPrice } from "~/domain/format";
import { leasingInputErrors, leasingSummary, leasingTermsValid } from "~/domain/leasing";
import { centsToEuroInput, parseEuroInput, roundToWholeEuros } from "~/domain/money";
import { m } from "~/paraglide/messages";
import { useCountLeasingClick } from "../use-count-leasing-click";

const monthOptions = [12, 24, 36, 48, 60, 72, 84];
const partnerUrl = "https://www.nlb.si/leasing";

/**
 * A euro input with its error under it, as the one Field set draws it (`aria-invalid`, described by the error);
 * written out here because the posting page's script budget has no room for the form helper's field module.
 */
function AmountInput({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        className="field-input aria-invalid:border-danger"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An amount field's cents (empty is `empty`) or the money parser's message. */
function amountOf(text: string, empty: number | null): { cents: number | null; error: string | null } {
  const parsed = parseEuroInput(text);
  return parsed.ok ? { cents: parsed.cents ?? empty, error: null } : { cents: null, error: parsed.message };
}

/**
 * Leasing and financing from the bank partner: price, down payment, months → monthly payment (annuity at the
 * promo rate). Inputs the maths cannot take (a down payment of the whole price or more, an amount that is not
 * one) get their message at the field and no instalment (issue 24): never a 0 € or negative one.
 */
export function LeasingWidget({ code, price }: { code: string; price: number | null }) {
  const id = useId();
  // `price` is in cents (decision 050); the inputs show whole euros and read back through the one euro parser.
  // A car with no price shown ("Po dogovoru", rental only) starts empty, and asks for a price only once the buyer
  // has typed one (decision 088, session 24: it greeted the buyer with "0" and a red message).
  const [amount, setAmount] = useState(price === null ? "" : centsToEuroInput(roundToWholeEuros(price)));
  const [down, setDown] = useState(price === null ? "" : centsToEuroInput(roundToWholeEuros(price * 0.2)));
  const [priceTyped, setPriceTyped] = useState(price !== null);
  const [months, setMonths] = useState(60);
  const countClick = useCountLeasingClick(code);
  // The fields are uncontrolled and this part gets its code once the buyer scrolls near it (decision 069):
  // whatever was typed before that is what the maths starts from.
  useEffect(() => {
    const typed = {
      price: typedValue(`${id}-price`),
      down: typedValue(`${id}-down`),
      months: typedValue(`${id}-months`),
    };
    if (typed.price !== null) {
      setAmount(typed.price);
      // A box left as the server drew it is not a price the buyer gave.
      if (typed.price !== amount) setPriceTyped(true);
    }
    if (typed.down !== null) setDown(typed.down);
    if (typed.months !== null && Number(typed.months) > 0) setMonths(Number(typed.months));
  }, []);
  const rate = appConfig.leasing.promoRatePercent;
  const priceIn = amountOf(amount, null);
  const downIn = amountOf(down, 0);
  const input = {
    priceCents: priceIn.cents ?? Number.NaN,
    downPaymentCents: downIn.cents ?? Number.NaN,
    months,
    annualRatePercent: rate,
  };
  const rules = leasingInputErrors(input);
  const problems = { price: priceIn.error ?? rules.price, down: downIn.error ?? rules.downPayment };
  const result = problems.price || problems.down || !leasingTermsValid(input) ? null : leasingSummary(input);
  // Shown at the fields once the buyer has given a price (an empty box is no mistake yet).
  const errors = {
    price: priceTyped ? problems.price : undefined,
    down: priceTyped || downIn.error ? problems.down : undefined,
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4" data-testid="leasing">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.leasing_title()}
      </h2>
      <p className="text-sm">{m.leasing_promo({ rate: String(rate).replace(".", ",") })}</p>
      <div className="grid gap-3 sm:grid-cols-3 desk:grid-cols-1">
        <AmountInput
          id={`${id}-price`}
          label={m.leasing_price()}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setPriceTyped(true);
          }}
          error={errors.price}
        />
        <AmountInput id={`${id}-down`} label={m.leasing_down()} value={down} onChange={setDown} error={errors.down} />
        <div>
          <label className="field-label" htmlFor={`${id}-months`}>
            {m.leasing_months()}
          </label>
          <select
            id={`${id}-months`}
            className="field-input"
            defaultValue={months}
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
        <p className="text-lg" data-testid="leasing-monthly" aria-live="polite">
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
