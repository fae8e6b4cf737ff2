/**
 * Stage 5 of the free-text search pipeline: the passes run over one token list, in this order
 * because earlier ones protect tokens from later, greedier ones:
 *   1. fixed phrases that contain numbers ("4x4", "7 sedežev", "prvi lastnik") so "x4" is not a BMW;
 *   2. makes and models from the catalog (longest phrase first, inflections and small typos allowed);
 *   3. keyword phrases (fuel, body, colour, region, equipment, …), multi-word before single-word;
 *   4. numeric expressions (price, year, mileage, power) with their comparators and units.
 */
import { emptyFilters, listFilters, type SearchFilters } from "../search-filters";
import { type AiCatalogMake, indexFor } from "./catalog-index";
import { matchModels } from "./catalog-match";
import { type Acc, mainRuleSet, preRuleSet, type RuleSet } from "./lexicon";
import { applyNumbers } from "./numbers";
import { markUsed, phraseAt, type Token, tokenize } from "./tokens";

function applyRules(tokens: readonly Token[], set: RuleSet, acc: Acc): void {
  const starts: number[] = [];
  tokens.forEach((tok, i) => {
    if (!tok.used && set.firstWord.test(tok.t)) starts.push(i);
  });
  if (starts.length === 0) return;
  for (const r of set.rules) {
    const n = r.words.length;
    for (const i of starts) {
      if (!phraseAt(tokens, i, r.words)) continue;
      r.apply(
        acc,
        tokens.slice(i, i + n).map((tok) => tok.t),
      );
      markUsed(tokens, i, n);
    }
  }
}

const pick = <T extends string>(allowed: readonly T[], found: ReadonlySet<T>): T[] =>
  allowed.filter((v) => found.has(v));

/** Parses Slovenian free text into search filters; unknown words are ignored. */
export function parseFreeTextSearch(
  text: string,
  catalog: readonly AiCatalogMake[],
  now: Date = new Date(),
): SearchFilters {
  const f = emptyFilters();
  if (typeof text !== "string" || text.trim() === "") return f;
  const time = now instanceof Date ? now.getTime() : Number.NaN;
  const year = Number.isFinite(time) ? new Date(time).getUTCFullYear() : new Date().getUTCFullYear();

  const acc: Acc = {
    source: new Set(),
    region: new Set(),
    fuel: new Set(),
    color: new Set(),
    damage: new Set(),
    transmission: new Set(),
    body: new Set(),
    driveWheels: new Set(),
    seller: new Set(),
    eq: new Set(),
    flags: new Set(),
    ranges: {},
  };
  const tokens = tokenize(text);
  applyRules(tokens, preRuleSet, acc);
  const models = Array.isArray(catalog) ? matchModels(tokens, indexFor(catalog)) : [];
  applyRules(tokens, mainRuleSet, acc);
  applyNumbers(tokens, { year, acc });

  f.model = models.map((t) => ({ manufacturer: t.make, model: t.model }));
  f.source = pick(listFilters.source, acc.source);
  f.region = pick(listFilters.region, acc.region);
  f.fuel = pick(listFilters.fuel, acc.fuel);
  f.color = pick(listFilters.color, acc.color);
  f.damage = pick(listFilters.damage, acc.damage);
  f.transmission = pick(listFilters.transmission, acc.transmission);
  f.body = pick(listFilters.body, acc.body);
  f.driveWheels = pick(listFilters.driveWheels, acc.driveWheels);
  f.seller = pick(listFilters.seller, acc.seller);
  f.eq = pick(listFilters.eq, acc.eq);
  for (const key of acc.flags) f[key] = true;
  for (const key of ["price", "year", "odo", "power", "seats", "owners", "doors"] as const)
    f[key] = acc.ranges[key] ?? null;
  f.ai = null;
  return f;
}
