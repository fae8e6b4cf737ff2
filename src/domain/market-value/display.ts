/**
 * How the market value reads on a page (issue 28): the comparables' search, the factors in words, a
 * price change in words ("Cena znižana za 800 € pred 5 dnevi"), where the price sits on the scale.
 */
import { formatPrice } from "../format";
import { ljubljanaDay } from "../ljubljana-time";
import { type PluralForms, plural } from "../plural";
import type { FactorEffect, ValueFactor } from "./valuate";

/** An estimate as a page shows it: to the nearest 100 € (the stored amounts are exact cents). */
/** An estimate's amount as the page names it: to 100 €. The scale draws the same amounts as the words. */
export const estimateCents = (cents: number) => Math.round(cents / 10_000) * 10_000;
export const estimateText = (cents: number) => formatPrice(estimateCents(cents));

/**
 * "12" in "Cena je 12 % pod srednjo oceno": rounded towards zero, so the words never cross a band the
 * label does not (−4,6 % reads "4 %" beside "Poštena cena", not "5 %").
 */
export const deviationPercent = (deviationBp: number) => Math.trunc(Math.abs(deviationBp) / 100);

/** The /iskanje URL of a posting's comparables: the same scope the estimate counted them in. */
export function comparablesHref(c: {
  scope: "MODEL" | "MAKE" | "CLASS";
  yearFrom: number;
  yearTo: number;
  manufacturerCode: string | null;
  modelCode: string | null;
  body: string | null;
  powerKw: number | null;
}): string {
  const params = new URLSearchParams();
  if (c.scope === "MODEL" && c.manufacturerCode) {
    params.set("model", c.modelCode ? `${c.manufacturerCode}(${c.modelCode})` : c.manufacturerCode);
  } else {
    if (c.scope === "MAKE" && c.manufacturerCode) params.set("model", c.manufacturerCode);
    if (c.body) params.set("body", c.body);
    if (c.powerKw) {
      const share = c.scope === "MAKE" ? 0.25 : 0.2;
      params.set("power", `${Math.floor(c.powerKw * (1 - share))}..${Math.ceil(c.powerKw * (1 + share))}`);
    }
  }
  params.set("year", `${c.yearFrom}..${c.yearTo}`);
  // Used and test cars only, as the estimate (a brand-new car is neither market data nor rated).
  params.set("source", "TESTING,USED");
  return `/iskanje?${params.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",")}`;
}

/** What a factor means for this car, by the sign of its effect. */
const factorWords: Record<ValueFactor, [up: string, down: string]> = {
  YEAR: ["novejši letnik", "starejši letnik"],
  MILEAGE: ["nižja kilometrina", "višja kilometrina"],
  POWER: ["večja moč", "manjša moč"],
  FUEL: ["vrsta goriva", "vrsta goriva"],
  GEARBOX: ["samodejni menjalnik", "ročni menjalnik"],
  BODY: ["oblika karoserije", "oblika karoserije"],
  REGION: ["regija prodaje", "regija prodaje"],
  DAMAGE: ["stanje vozila", "poškodbe"],
  VIN: ["številka šasije", "skrita številka šasije"],
};

/** "nižja kilometrina: +600 €", "starejši letnik: −1.200 €". */
export function factorText(f: FactorEffect): string {
  const [up, down] = factorWords[f.factor];
  return `${f.cents >= 0 ? up : down}: ${f.cents >= 0 ? "+" : "−"}${formatPrice(Math.abs(f.cents))}`;
}

/** "pred 1 dnevom", "pred 2 dnevoma", "pred 3 dnevi". */
const agoForms: PluralForms = {
  one: "pred {n} dnevom",
  two: "pred {n} dnevoma",
  few: "pred {n} dnevi",
  other: "pred {n} dnevi",
};

/** When, in Ljubljana calendar days: "danes", "včeraj", "pred 5 dnevi". */
export function daysAgoText(at: string, now: Date): string {
  const days = Math.round(
    (Date.parse(`${ljubljanaDay(now)}T12:00:00Z`) - Date.parse(`${ljubljanaDay(new Date(at))}T12:00:00Z`)) / 86_400_000,
  );
  if (days <= 0) return "danes";
  if (days === 1) return "včeraj";
  return plural(days, agoForms);
}

/** "Cena znižana za 800 € pred 5 dnevi", "Cena zvišana za 500 € včeraj"; null when nothing to say. */
export function priceChangeText(
  change: { oldPrice: number | null; newPrice: number | null; changedAt: string },
  now: Date,
): string | null {
  if (change.oldPrice === null || change.newPrice === null || change.oldPrice === change.newPrice) return null;
  const verb = change.newPrice < change.oldPrice ? "znižana" : "zvišana";
  return `Cena ${verb} za ${formatPrice(Math.abs(change.newPrice - change.oldPrice))} ${daysAgoText(change.changedAt, now)}`;
}

/**
 * Where `value` sits on a scale drawn from a little below `low` to a little above `high`, as a share
 * 0…1 (clamped): the page marks the range and this car's price on it.
 */
export function scalePosition(value: number, low: number, high: number): number {
  const pad = (high - low) * 0.75 || Math.max(1, low * 0.1);
  const from = low - pad;
  const to = high + pad;
  return Math.min(1, Math.max(0, (value - from) / (to - from)));
}
