import { useEffect, useState } from "react";
import { m } from "~/paraglide/messages";
import { useSetPriceAlert } from "../use-set-price-alert";

/**
 * "Obvesti me, ko se cena zniža" on a favourite (issue 28). Disabled until the page is interactive, so a
 * tap is never lost before hydration; the box shows the server's state, and moves only when it answers.
 */
export function PriceAlertToggle({ code, on, title }: { code: string; on: boolean; title: string }) {
  const { setPriceAlert, busy, error } = useSetPriceAlert(code);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={on}
          disabled={!ready || busy}
          onChange={(e) => void setPriceAlert(e.currentTarget.checked)}
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
