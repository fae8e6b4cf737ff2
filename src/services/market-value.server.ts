/**
 * The daily market valuation (issue 28, decision 088): read every posting that is market data, fit,
 * value each posting without itself, write the estimates and ratings back. Runs in the cron; the
 * request path only reads what it wrote.
 */
import type { Db } from "~/db/client.server";
import { readMarketPostings, writeMarketValues } from "~/db/market-values.server";
import { ljubljanaParts } from "~/domain/ljubljana-time";
import { isValued, valuateMarket } from "~/domain/market-value/valuate";

export type MarketRun = {
  valued: number;
  rated: number;
  medianErrorBp: number;
  statements: number;
  /** Wall time of each step, in ms (in a Worker the clock moves only across I/O, so the fit shows as 0 there). */
  ms: { read: number; fit: number; write: number };
};

/** Values the whole market at `now` and stores the result. */
export async function recomputeMarketValues(db: Db, now = new Date()): Promise<MarketRun> {
  const t0 = Date.now();
  const market = await readMarketPostings(db);
  const t1 = Date.now();
  const { coefficients, references, valuations, medianError } = valuateMarket(market, ljubljanaParts(now).year);
  const familyYears: Record<string, Record<string, number>> = {};
  for (const p of market.filter(isValued)) {
    const years = familyYears[p.modelId] ?? {};
    years[p.year] = (years[p.year] ?? 0) + 1;
    familyYears[p.modelId] = years;
  }
  const t2 = Date.now();
  const medianErrorBp = Math.round(medianError * 10_000);
  const { statements } = await writeMarketValues(db, {
    valuations,
    coefficients,
    references: Object.fromEntries(references),
    familyYears,
    medianErrorBp,
    computedAt: now.toISOString(),
  });
  return {
    valued: valuations.length,
    rated: valuations.filter((v) => v.rating !== "NOT_ENOUGH_DATA").length,
    medianErrorBp,
    statements,
    ms: { read: t1 - t0, fit: t2 - t1, write: Date.now() - t2 },
  };
}
