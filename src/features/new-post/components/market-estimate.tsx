import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { PriceRatingLabel } from "~/components/ui/price-rating-label";
import type { DraftView } from "~/contracts/drafts";
import { deviationPercent, estimateText, factorText } from "~/domain/market-value/display";
import { m } from "~/paraglide/messages";

/** The estimate follows what the seller saved: every field it reads is part of the key. */
const estimateQueryOptions = (draft: DraftView) =>
  queryOptions({
    queryKey: [
      "draft-market-value",
      draft.code,
      draft.manufacturer,
      draft.model,
      draft.modelYear,
      draft.firstRegistration,
      draft.odometerKm,
      draft.powerKw,
      draft.fuel,
      draft.transmission,
      draft.bodyType,
      draft.damage,
      draft.hiddenVin,
      draft.condition,
      draft.priceType,
      draft.price,
      draft.specialPrice,
      draft.contactRegion,
    ],
    queryFn: () => data(api.draft[":code"]["market-value"].$get({ param: { code: draft.code } })),
    staleTime: 60_000,
  });

/**
 * The wizard's price step (issue 28): the market value of the car as entered and where the seller's price
 * falls, before publishing: the same one-car valuation the posting gets when published (the daily fit's stored
 * coefficients, never a fit on the spot), with the same comparables; says so when there are too few. Announced
 * politely as it changes.
 */
export function MarketEstimate({ draft }: { draft: DraftView }) {
  const estimate = useQuery(estimateQueryOptions(draft)).data;
  if (!estimate || (estimate.rating === null && estimate.mid === null)) return null;
  const percent = estimate.deviationBp !== null ? deviationPercent(estimate.deviationBp) : null;
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm sm:col-span-2" aria-live="polite" data-testid="market-estimate">
      {estimate.mid === null || estimate.low === null || estimate.high === null ? (
        <p>{m.wizard_market_not_enough()}</p>
      ) : (
        <div className="space-y-1">
          <p className="font-semibold">
            {m.wizard_market_range({
              low: estimateText(estimate.low),
              high: estimateText(estimate.high),
              mid: estimateText(estimate.mid),
            })}
          </p>
          {estimate.rating && percent !== null ? (
            <p className="flex flex-wrap items-center gap-2">
              <PriceRatingLabel rating={estimate.rating} />
              <span>
                {percent === 0
                  ? m.market_at()
                  : (estimate.deviationBp ?? 0) < 0
                    ? m.market_under({ percent: String(percent) })
                    : m.market_over({ percent: String(percent) })}
              </span>
            </p>
          ) : null}
          {estimate.factors.length > 0 ? (
            <p className="text-muted">{estimate.factors.map(factorText).join(" · ")}</p>
          ) : null}
          <p className="text-xs text-muted">
            {m.market_comparables({
              count: String(estimate.comparables),
              scope: { MODEL: m.market_scope_MODEL, MAKE: m.market_scope_MAKE, CLASS: m.market_scope_CLASS }[
                estimate.scope
              ](),
              from: String(estimate.yearFrom),
              to: String(estimate.yearTo),
            })}
          </p>
        </div>
      )}
    </div>
  );
}
