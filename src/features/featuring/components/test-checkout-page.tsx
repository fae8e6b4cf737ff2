import { useSuspenseQuery } from "@tanstack/react-query";
import { FormError } from "~/components/ui/field";
import { formatPrice } from "~/domain/format";
import { isFeaturingPackage } from "~/domain/featuring";
import { m } from "~/paraglide/messages";
import { devCheckoutQueryOptions } from "../featuring.queries";
import { useCompleteDevCheckout } from "../use-complete-dev-checkout";
import { daysLabel, packageNames } from "~/domain/featuring-labels";

/**
 * /dev/placilo/{sessionId}: the local stand-in for the card checkout (DEV_OUTBOX, no Stripe keys).
 * No card is asked for; the buttons make the server send the signed webhook Stripe would send.
 */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const { data: checkout } = useSuspenseQuery(devCheckoutQueryOptions(sessionId));
  const { complete, busy, error } = useCompleteDevCheckout(sessionId);
  const open = checkout.status === "PENDING";

  return (
    <div className="mx-auto max-w-md">
      <div className="card space-y-5 overflow-hidden border-2 border-dashed border-accent-600 p-6">
        <p
          className="-mx-6 -mt-6 bg-accent-500 px-6 py-3 text-sm font-bold text-ink"
          role="note"
          data-testid="test-payment-banner"
        >
          {m.feat_dev_banner()}
        </p>
        <h1 className="text-2xl font-bold">{m.feat_dev_title()}</h1>
        <dl className="space-y-1">
          <dt className="sr-only">{m.feat_package_legend()}</dt>
          <dd className="font-medium">
            {m.feat_dev_item({
              package: isFeaturingPackage(checkout.package) ? packageNames[checkout.package]() : checkout.package,
              days: daysLabel(checkout.days),
            })}
          </dd>
          <dt className="text-sm text-muted">{m.feat_dev_amount()}</dt>
          <dd className="text-3xl font-bold" data-testid="test-payment-amount">
            {formatPrice(checkout.amount)}
          </dd>
        </dl>
        {open ? null : (
          <p role="status" className="rounded-lg bg-surface p-3 text-sm">
            {m.feat_dev_closed({ status: checkout.status })}
          </p>
        )}
        <FormError message={error} />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary flex-1 py-3 text-base"
            disabled={busy || !open}
            onClick={() => void complete("pay")}
          >
            {m.feat_dev_pay()}
          </button>
          <button
            type="button"
            className="btn-outline py-3"
            disabled={busy || !open}
            onClick={() => void complete("cancel")}
          >
            {m.feat_dev_cancel()}
          </button>
        </div>
      </div>
    </div>
  );
}
