import { PriceRatingLabel } from "~/components/ui/price-rating-label";
import { formatPrice } from "~/domain/format";
import {
  comparablesHref,
  deviationPercent,
  estimateCents,
  estimateText,
  factorText,
  priceChangeText,
  scalePosition,
} from "~/domain/market-value/display";
import { searchPriceOf } from "~/domain/money";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

/** The anchor the price block's rating links to. */
export const marketValueAnchor = "trzna-vrednost";

const scopeLabel = {
  MODEL: m.market_scope_MODEL,
  MAKE: m.market_scope_MAKE,
  CLASS: m.market_scope_CLASS,
} as const;

/** The range on a scale with this car's price marked: a picture with its words for screen readers. */
function Scale({ low: exactLow, high: exactHigh, price }: { low: number; high: number; price: number }) {
  // The range as the words name it (to 100 €): a price the words put inside it is drawn inside it.
  const [low, high] = [estimateCents(exactLow), estimateCents(exactHigh)];
  const from = scalePosition(low, low, high);
  const to = scalePosition(high, low, high);
  const at = scalePosition(price, low, high);
  return (
    <div
      role="img"
      aria-label={m.market_scale_label({ low: estimateText(low), high: estimateText(high), price: formatPrice(price) })}
      className="relative my-3 h-3 rounded-full bg-slate-200"
      data-testid="market-scale"
    >
      <div
        className="absolute inset-y-0 rounded-full bg-green-600/70"
        style={{ left: `${from * 100}%`, width: `${(to - from) * 100}%` }}
      />
      <div
        className="absolute -top-1 h-5 w-1.5 -translate-x-1/2 rounded bg-ink ring-2 ring-white"
        style={{ left: `${at * 100}%` }}
        data-testid="market-scale-price"
      />
    </div>
  );
}

/**
 * The posting's market value (issue 28, decision 088): the rating, the estimated range on a scale with
 * this car's price, how many comparables it rests on with a search of them, the three factors that move
 * it most, and the price history. Server-rendered; nothing here needs the browser.
 */
export function MarketValueSection({ posting, now }: { posting: PostingDetail; now: Date }) {
  const mv = posting.marketValue;
  const history = posting.priceHistory.flatMap((c) => {
    const text = priceChangeText(c, now);
    return text ? [{ text, at: c.changedAt }] : [];
  });
  if (!mv && history.length === 0) return null;
  const price = searchPriceOf(posting);
  const percent = mv?.deviationBp != null ? deviationPercent(mv.deviationBp) : null;
  return (
    <section id={marketValueAnchor} aria-labelledby="market-title" className="card scroll-mt-4 space-y-3 p-4">
      <h2 id="market-title" className="text-lg font-semibold">
        {m.market_title()}
      </h2>
      {mv ? (
        <>
          <PriceRatingLabel rating={mv.rating} className="text-sm" />
          {mv.low !== null && mv.high !== null && mv.mid !== null ? (
            <div>
              <p className="font-semibold">
                {m.market_range({ low: estimateText(mv.low), high: estimateText(mv.high) })}
              </p>
              {price !== null ? <Scale low={mv.low} high={mv.high} price={price} /> : null}
              <p className="flex flex-wrap justify-between gap-x-4 text-sm text-muted">
                <span>{m.market_mid({ mid: estimateText(mv.mid) })}</span>
                {price !== null ? <span>{m.market_your_price({ price: formatPrice(price) })}</span> : null}
              </p>
              {percent !== null ? (
                <p className="mt-1 text-sm">
                  {percent === 0
                    ? m.market_at()
                    : (mv.deviationBp ?? 0) < 0
                      ? m.market_under({ percent: String(percent) })
                      : m.market_over({ percent: String(percent) })}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm">{m.market_not_enough()}</p>
          )}
          <p className="text-sm">
            {mv.rating === "NOT_ENOUGH_DATA"
              ? null
              : m.market_comparables({
                  count: String(mv.comparables),
                  scope: scopeLabel[mv.scope](),
                  from: String(mv.yearFrom),
                  to: String(mv.yearTo),
                })}{" "}
            <a
              className="font-semibold text-brand-700 underline"
              href={comparablesHref({
                scope: mv.scope,
                yearFrom: mv.yearFrom,
                yearTo: mv.yearTo,
                manufacturerCode: posting.manufacturerCode,
                modelCode: posting.modelCode,
                body: posting.vehicle.bodyType,
                powerKw: posting.vehicle.powerKw,
              })}
            >
              {m.market_comparables_link()}
            </a>
          </p>
          {mv.factors.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold">{m.market_factors_title()}</h3>
              <ul className="mt-1 list-disc pl-5 text-sm" data-testid="market-factors">
                {mv.factors.map((f) => (
                  <li key={f.factor}>{factorText(f)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-xs text-muted">{m.market_method()}</p>
        </>
      ) : null}
      {history.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">{m.price_history_title()}</h3>
          <ul className="mt-1 space-y-0.5 text-sm" data-testid="price-history">
            {history.map((h) => (
              <li key={h.at}>{h.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
