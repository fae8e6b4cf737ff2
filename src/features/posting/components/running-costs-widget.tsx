import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { typedValue } from "~/lib/typed-value";
import type { Fuel } from "~/domain/enums/vehicle";
import { formatPrice } from "~/domain/format";
import { inspectionsWithin } from "~/domain/inspections";
import { plural, pluralCategory } from "~/domain/plural";
import { runningCosts } from "~/domain/running-costs";
import { m } from "~/paraglide/messages";
import { costPricesQueryOptions } from "../posting.queries";

const inspectionCount = {
  one: m.costs_inspections_one,
  two: m.costs_inspections_two,
  few: m.costs_inspections_few,
  other: m.costs_inspections_other,
} as const;

/** "v 1 letu", "v 3 letih": the locative after "v". */
const yearsLocative = (n: number) =>
  plural(n, { one: "{n} letu", two: "{n} letih", few: "{n} letih", other: "{n} letih" });

/** "02/2027" from "2027-02". */
const shownMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * Running-cost calculator: yearly kilometres and years → fixed, fuel and other costs, per year and per km.
 * Technical inspections follow the Slovenian schedule (4, 6, 8 years, then yearly) from the car's first
 * registration; a car without one counts as registered this month.
 */
export function RunningCostsWidget({
  fuel,
  powerKw,
  consumption,
  firstRegistration,
}: {
  fuel: string | null;
  powerKw: number | null;
  consumption: number | null;
  firstRegistration: string | null;
}) {
  const id = useId();
  const prices = useQuery(costPricesQueryOptions());
  const [yearlyKm, setYearlyKm] = useState("15000");
  const [years, setYears] = useState("3");
  // The fields are uncontrolled and this part gets its code once the buyer scrolls near it (decision 069):
  // whatever was typed before that is what the maths starts from.
  useEffect(() => {
    const typed = { km: typedValue(`${id}-km`), years: typedValue(`${id}-years`) };
    if (typed.km !== null) setYearlyKm(typed.km);
    if (typed.years !== null) setYears(typed.years);
  }, []);
  const km = Math.round(Number(yearlyKm.replace(/\./g, "")));
  const y = Math.round(Number(years));
  const valid = Number.isInteger(km) && km >= 1 && km <= 200_000 && Number.isInteger(y) && y >= 1 && y <= 20;
  let result: ReturnType<typeof runningCosts> | null = null;
  let inspections: string[] = [];
  try {
    if (prices.data && valid) {
      inspections = inspectionsWithin(firstRegistration, new Date(), y);
      result = runningCosts({
        yearlyKm: km,
        years: y,
        fuel: (fuel ?? "OTHER") as Fuel,
        powerKw,
        combinedConsumption: consumption,
        prices: Object.fromEntries(prices.data.map((p) => [p.key, p.value])),
        inspectionsInPeriod: inspections.length,
      });
    }
  } catch {
    // A price missing from the table (or a malformed first registration): the calculator stays empty instead of breaking the page.
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
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.costs_title()}
      </h2>
      {/* Plain inputs, not the ui Field set: this calculator writes nothing, and the posting page stays inside its
          600 KB JavaScript budget only without the Field chunk (e2e/page-weight.spec.ts; 2.9 KB over with it). */}
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="field-label" htmlFor={`${id}-km`}>
            {m.costs_yearly_km()}
          </label>
          <input
            id={`${id}-km`}
            inputMode="numeric"
            className="field-input"
            defaultValue={yearlyKm}
            onChange={(e) => setYearlyKm(e.target.value)}
            aria-invalid={!valid || undefined}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-years`}>
            {m.costs_years()}
          </label>
          <input
            id={`${id}-years`}
            inputMode="numeric"
            className="field-input"
            defaultValue={years}
            onChange={(e) => setYears(e.target.value)}
            aria-invalid={!valid || undefined}
          />
        </div>
      </div>
      {!valid ? (
        <p role="alert" className="text-sm text-danger">
          {m.costs_invalid()}
        </p>
      ) : null}
      {result ? (
        <>
          <table className="w-full text-sm">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label} className="border-t border-line first:border-0">
                  <th scope="row" className="py-1 text-left font-normal text-muted">
                    {label}
                  </th>
                  <td className="whitespace-nowrap py-1 pl-2 text-right">
                    {value === null ? m.costs_unknown() : formatPrice(value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm" data-testid="costs-total">
            {m.costs_per_year()} <strong>{formatPrice(result.perYear.total)}</strong> ·{" "}
            {m.costs_total({ years: yearsLocative(y) })} <strong>{formatPrice(result.total)}</strong> ·{" "}
            {m.costs_per_km()} <strong>{formatPrice(result.perKm)}</strong>
          </p>
          <p className="text-sm" data-testid="costs-inspections">
            {inspections.length === 0
              ? m.costs_inspections_none({ years: yearsLocative(y) })
              : inspectionCount[pluralCategory(inspections.length)]({
                  years: yearsLocative(y),
                  count: String(inspections.length),
                  months: inspections.map(shownMonth).join(", "),
                })}
          </p>
          <p className="text-xs text-muted">{m.costs_note()}</p>
        </>
      ) : null}
    </section>
  );
}
