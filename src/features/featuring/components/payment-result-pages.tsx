import { useSuspenseQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { formatDate, formatPrice } from "~/domain/format";
import { m } from "~/paraglide/messages";
import { pricingItemsQueryOptions } from "../featuring.queries";
import { daysLabel } from "~/domain/featuring-labels";

// A card payment is fulfilled by the provider's webhook, which may land a moment after the buyer
// returns: the page asks again for a while until the featuring shows.
const pollMs = 2000;
const pollForMs = 60_000;

/**
 * /oglasevanje/{postId}/konec?days=: the purchase went through. The days it names come from the
 * viewer's purchase on the server, never from the query (decision 044).
 */
export function FeaturingSuccessPage({ postId }: { postId: string }) {
  const started = useRef(Date.now());
  const { data: pricing } = useSuspenseQuery({
    ...pricingItemsQueryOptions(postId),
    refetchInterval: (query) =>
      (query.state.data && query.state.data.remainingDays > 0) || Date.now() - started.current > pollForMs
        ? false
        : pollMs,
  });
  const featured = pricing.remainingDays > 0 && pricing.featuredUntil !== null;
  const bought = pricing.lastPurchase;
  // The payment landed when fewer days fitted under the 180-day ceiling: say what was added and refunded (decision 038).
  const last = pricing.lastPayment;
  const surplus =
    last && last.surplusDays > 0 && last.paidAt && Date.now() - Date.parse(last.paidAt) < 86_400_000 ? last : null;
  return (
    <div className="mx-auto max-w-xl">
      <div className="card space-y-4 p-6" data-testid="featuring-success">
        <h1 className="text-2xl font-bold">
          {featured
            ? m.feat_success_heading()
            : bought
              ? m.feat_success_heading_bought()
              : m.feat_success_heading_none()}
        </h1>
        <p data-testid="featuring-days">
          {bought === null
            ? m.feat_success_no_days()
            : bought.status === "PENDING"
              ? m.feat_success_days_pending({ days: daysLabel(bought.days) })
              : m.feat_success_days({ days: daysLabel(bought.days) })}
        </p>
        <p role="status" className={`rounded-lg p-3 text-sm ${featured ? "bg-brand-50" : "bg-accent-500/15"}`}>
          {featured && pricing.featuredUntil
            ? m.feat_success_until({ date: formatDate(pricing.featuredUntilDay ?? pricing.featuredUntil) })
            : bought?.status === "PENDING"
              ? m.feat_success_pending()
              : m.feat_success_not_featured()}
        </p>
        {surplus ? (
          <p role="note" className="rounded-lg bg-accent-500/15 p-3 text-sm" data-testid="featuring-surplus">
            {m.feat_success_surplus({
              surplus: daysLabel(surplus.surplusDays),
              delivered: daysLabel(surplus.deliveredDays),
            })}{" "}
            {surplus.refundStatus === "REFUNDED"
              ? m.feat_success_refunded({ amount: formatPrice(surplus.refund) })
              : m.feat_success_refund_pending({ amount: formatPrice(surplus.refund) })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <a className="btn-primary" href={`/oglas/${postId}`}>
            {m.feat_to_posting()}
          </a>
          <a className="btn-outline" href="/uporabnik/moji-oglasi">
            {m.feat_to_my_postings()}
          </a>
        </div>
      </div>
    </div>
  );
}

/**
 * /oglasevanje/{postId}/napaka: the payment failed (spec section 8 message). A cancelled checkout comes here
 * with `?razlog=preklicano` and goes on to the packages (decision 062).
 */
export function FeaturingErrorPage({ postId }: { postId: string }) {
  return (
    <div className="mx-auto max-w-xl">
      <div className="card space-y-4 p-6" data-testid="featuring-error">
        <h1 className="text-2xl font-bold">{m.feat_error_title()}</h1>
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-danger">
          {m.feat_error_message()}
        </p>
        <div className="flex flex-wrap gap-2">
          <a className="btn-primary" href={`/oglasevanje/${postId}`}>
            {m.feat_error_retry()}
          </a>
          <a className="btn-outline" href={`/oglas/${postId}`}>
            {m.feat_to_posting()}
          </a>
        </div>
      </div>
    </div>
  );
}
