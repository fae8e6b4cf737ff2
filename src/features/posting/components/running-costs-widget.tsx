import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Fuel } from "~/domain/enums";
import { formatPrice } from "~/domain/format";
import { runningCosts } from "~/domain/running-costs";
import { m } from "~/paraglide/messages";
import { costPricesQueryOptions } from "../posting.queries";

/** Running-cost calculator: yearly kilometres and years → fixed, fuel and other costs, per year and per km. */
export function RunningCostsWidget({ fuel, powerKw, consumption }: { fuel: string | null; powerKw: number | null; consumption: number | null }) {
  const id = useId();
  const prices = useQuery(costPricesQueryOptions());
  const [yearlyKm, setYearlyKm] = useState("15000");
  const [years, setYears] = useState("3");
  const km = Math.round(Number(yearlyKm.replace(/\./g, "")));
  const y = Math.round(Number(years));
  const valid = Number.isInteger(km) && km >= 1 && km <= 200_000 && Number.isInteger(y) && y >= 1 && y <= 20;
  let result: ReturnType<typeof runningCosts> | null = null;
  try {
    if (prices.data && valid) {
      result = runningCosts({ yearlyKm: km, years: y, fuel: (fuel ?? "OTHER") as Fuel, powerKw, combinedConsumption: consumption, prices: Object.fromEntries(prices.data.map((p) => [p.key, p.value])) });
    }
  } catch {
    // A price missing from the table: the calculator stays empty instead of breaking the page.
    result = null;
  }
  const rows: [string, number | null][] = result
    ? [
        [m.costs_road_levy(), result.perYear.roadLevy],
        [m.costs_insurance(), result.perYear.insurance],
        [m.costs_inspection(), result.perYear.inspection],
        [m.costs_registration(), result.perYear.registration],
        [fuel === "ELECTRIC" ? m.costs_electricity() : m.costs_fuel(), result.perYear.fuel],
        [m.costs_vignette(), result.perYear.vignette],
        [m.costs_tyres(), result.perYear.tyres],
      ]
    : [];
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4" data-testid="running-costs">
      <h2 id={`${id}-title`} className="text-lg font-semibold">{m.costs_title()}</h2>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="field-label" htmlFor={`${id}-km`}>{m.costs_yearly_km()}</label>
          <input id={`${id}-km`} inputMode="numeric" className="field-input" value={yearlyKm} onChange={(e) => setYearlyKm(e.target.value)} aria-invalid={!valid || undefined} />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-years`}>{m.costs_years()}</label>
          <input id={`${id}-years`} inputMode="numeric" className="field-input" value={years} onChange={(e) => setYears(e.target.value)} aria-invalid={!valid || undefined} />
        </div>
      </div>
      {!valid ? <p role="alert" className="text-sm text-danger">{m.costs_invalid()}</p> : null}
      {result ? (
        <>
          <table className="w-full text-sm">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label} className="border-t border-line first:border-0">
                  <th scope="row" className="py-1 text-left font-normal text-muted">{label}</th>
                  <td className="py-1 text-right">{value === null ? m.costs_unknown() : formatPrice(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm" data-testid="costs-total">
            {m.costs_per_year()} <strong>{formatPrice(result.perYear.total)}</strong> · {m.costs_total({ years: String(y) })} <strong>{formatPrice(result.total)}</strong> · {m.costs_per_km()}{" "}
            <strong>{formatPrice(result.perKm)}</strong>
          </p>
          <p className="text-xs text-muted">{m.costs_note()}</p>
        </>
      ) : null}
    </section>
  );
}
