import { useEffect, useState } from "react";
import { m } from "~/paraglide/messages";
import { useSetPriceAlert } from "../use-set-price-alert";

/**
 * "Obvesti me, ko se cena zniža" on a favourite (issue 28). Disabled until the page is interactive, so a
 * tap is never lost before hydration; the tick shows at once and goes back if the server refuses.
 */
export function PriceAlertToggle({ code, on, title }: { code: string; on: boolean; title: string }) {
  const { setPriceAlert, busy, error } = useSetPriceAlert(code);
  const [ready, setReady] = useState(false);
  const [checked, setChecked] = useState(on);
  useEffect(() => setReady(true), []);
  useEffect(() => setChecked(on), [on]);
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={checked}
          disabled={!ready || busy}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setChecked(next);
            void setPriceAlert(next).then((saved) => {
              if (saved === undefined) setChecked(!next);
            });
          }}
          aria-describedby={error ? `price-alert-error-${code}` : undefined}
          data-testid="price-alert"
        />
        <span>
          {m.favourites_price_alert()}
          <span className="sr-only"> – {title}</span>
        </span>
      </label>
      {error ? (
        <p id={`price-alert-error-${code}`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
