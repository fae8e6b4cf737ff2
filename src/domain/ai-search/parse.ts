/**
 * Stage 5 of the free-text search pipeline: the passes run over one token list, in this order
 * because earlier ones protect tokens from later, greedier ones:
 *   1. fixed phrases that contain numbers ("4x4", "7 sedežev", "prvi lastnik") so "x4" is not a BMW;
 *   2. makes and models from the catalog (longest phrase first, inflections and small typos allowed);
 *   3. misspelt keywords corrected ("karavn"), then keyword phrases (fuel, body, colour, region,
 *      equipment, …), multi-word before single-word; "kombi" reads the makes found in 2;
 *   4. an engine size in litres ("1.6 tdi" → 1550–1649 ccm), then numeric expressions (price, year,
 *      mileage, power, battery, range) with comparators and units.
 * What is left over, minus filler words, is reported as not understood.
 */
import { emptyFilters, listFilters, type SearchFilters } from "../search-filters";
import { type AiCatalogMake, indexFor, isStopWord } from "./catalog-index";
import { matchModels } from "./catalog-match";
import { type Acc, mainRuleSet, preRuleSet, type RuleSet } from "./lexicon";
import { applyDisplacement, applyNumbers } from "./numbers";
import { markUsed, phraseAt, type Token, tokenize } from "./tokens";
import { correctTypos } from "./typos";

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

// Vans and van-based cars of the catalogue: "kombi" next to them is the van itself.
const vanModels =
  /^(?:transporter|caddy|razred-v|transit|berlingo|partner|rifter|kangoo|trafic|combo|doblo|dokker|proace)/;

/** "Kombi" is an estate next to Škoda (its Combi) or a named car model; a van otherwise ("VW kombi"). */
function kombiMeaning(models: readonly { make: string; model: string | null }[]): "STATION_WAGON" | "VAN" {
  if (models.some((t) => t.make === "skoda")) return "STATION_WAGON";
  const named = models.filter((t) => t.model !== null);
  return named.length > 0 && named.every((t) => !vanModels.test(t.model ?? "")) ? "STATION_WAGON" : "VAN";
}

const pick = <T extends string>(allowed: readonly T[], found: ReadonlySet<T>): T[] =>
  allowed.filter((v) => found.has(v));

// At most this many words are listed as not understood: a pasted paragraph is not read back whole.
const maxIgnored = 12;

/** The words no pass used, as the user wrote them (case and diacritics kept), filler left out. */
function ignoredWords(text: string, tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const tok of tokens) {
    if (tok.used || !/^[a-z]{2,}$|^\d/.test(tok.t) || isStopWord(tok.t)) continue;
    const original = text.slice(tok.from, tok.to);
    // A number written in words left over is filler ("rabim en karavan"); digits are worth naming.
    if (tok.num !== null && !/^\d/.test(original)) continue;
    if (original !== "" && !out.includes(original)) out.push(original);
    if (out.length >= maxIgnored) break;
  }
  return out;
}

export type FreeTextAnalysis = { filters: SearchFilters; ignored: string[] };

/** Parses Slovenian free text into search filters and the words it did not understand. */
export function analyseFreeText(
  text: string,
  catalog: readonly AiCatalogMake[],
  now: Date = new Date(),
): FreeTextAnalysis {
  const f = emptyFilters();
  if (typeof text !== "string" || text.trim() === "") return { filters: f, ignored: [] };
  const time = now instanceof Date ? now.getTime() : Number.NaN;
  const year = Number.isFinite(time) ? new Date(time).getUTCFullYear() : new Date().getUTCFullYear();

  const tokens = tokenize(text);
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
    priceRating: new Set(),
    flags: new Set(),
    ranges: {},
    kombi: "VAN",
  };
  applyRules(tokens, preRuleSet, acc);
  const models = Array.isArray(catalog) ? matchModels(tokens, indexFor(catalog)) : [];
  acc.kombi = kombiMeaning(models);
  correctTypos(tokens);
  applyRules(tokens, mainRuleSet, acc);
  applyDisplacement(tokens, acc);
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
  f.priceRating = pick(listFilters.priceRating, acc.priceRating);
  for (const key of acc.flags) f[key] = true;
  for (const key of ["price", "year", "odo", "power", "battery", "evRange", "ccm", "seats", "owners", "doors"] as const)
    f[key] = acc.ranges[key] ?? null;
  f.ai = null;
  return { filters: f, ignored: ignoredWords(text, tokens) };
}

/** Parses Slovenian free text into search filters; unknown words are ignored. */
export function parseFreeTextSearch(
  text: string,
  catalog: readonly AiCatalogMake[],
  now: Date = new Date(),
): SearchFilters {
  return analyseFreeText(text, catalog, now).filters;
}
