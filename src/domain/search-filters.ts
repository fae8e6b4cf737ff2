/**
 * The search filters of spec sections 3 and 5 and their URL codec. `parseSearchParams` and
 * `serializeSearchFilters` are exact inverses for canonical filters (lists unique, in enum order;
 * ranges with at least one end). Garbage in a URL is dropped or clamped, never an error.
 */
import { regions } from "./enums/dealer";
import { badgeTypes, postingSources, priceTypes } from "./enums/posting";
import { postingAges, sellerTypes } from "./enums/search";
import {
  bodyColors,
  bodyTypes,
  damageStates,
  driveWheels,
  euroStandards,
  fuels,
  interiorColors,
  interiorMaterials,
  roofTypes,
  transmissions,
  vehicleConditions,
} from "./enums/vehicle";
import { equipmentCodes } from "./equipment";
import { ratedSteps } from "./market-value/rating";

export const searchSorts = [
  "newest",
  "priceAsc",
  "priceDesc",
  "mileageAsc",
  "mileageDesc",
  "yearDesc",
  "yearAsc",
  "powerDesc",
  "popular",
  "bestPrice",
] as const;
export type SearchSort = (typeof searchSorts)[number];

export type Range = { min: number | null; max: number | null };
export type ModelFilter = { manufacturer: string; model: string | null };

/** Multi-value enumeration filters: URL key → allowed values (in canonical order). */
export const listFilters = {
  source: vehicleConditions,
  region: regions,
  roof: roofTypes,
  fuel: fuels,
  color: bodyColors,
  damage: damageStates,
  interiorColor: interiorColors,
  interior: interiorMaterials,
  transmission: transmissions,
  body: bodyTypes,
  euro: euroStandards,
  driveWheels: driveWheels,
  priceType: priceTypes,
  badge: badgeTypes,
  seller: sellerTypes,
  postingSource: postingSources,
  eq: equipmentCodes,
  /** The market-value rating (issue 28): `priceRating=GREAT,GOOD`. */
  priceRating: ratedSteps,
} as const;
export type ListFilterKey = keyof typeof listFilters;
type ListValues = { [K in ListFilterKey]: (typeof listFilters)[K][number][] };

/** Range filters written low..high; consumption ranges may carry decimals. */
export const rangeFilters = [
  "price",
  "year",
  "odo",
  "power",
  "battery",
  "evRange",
  "ccm",
  "seats",
  "doors",
  "owners",
  "firstReg",
  "cityConsumption",
  "highwayConsumption",
  "combinedConsumption",
] as const;
export type RangeFilterKey = (typeof rangeFilters)[number];
const decimalRanges = new Set<RangeFilterKey>([
  "battery",
  "cityConsumption",
  "highwayConsumption",
  "combinedConsumption",
]);

export const booleanFilters = [
  "financing",
  "slo",
  "hideArriving",
  "favorites",
  "dealer",
  "swap",
  "serviceBook",
  "includeSold",
  "metallic",
  "hasRentalOptions",
  "hiddenVin",
] as const;
export type BooleanFilterKey = (typeof booleanFilters)[number];

export type SearchFilters = ListValues & { [K in RangeFilterKey]: Range | null } & {
  [K in BooleanFilterKey]: boolean;
} & {
  model: ModelFilter[];
  dealerCode: string | null;
  safetyScore: number | null;
  score: number | null;
  postingAge: (typeof postingAges)[number] | null;
  results: number | null;
  from: number | null;
  sort: SearchSort | null;
  page: number;
  searchSource: string | null;
  ai: string | null;
};

/** Older URLs use the long names; we read both and write the short one. */
const aliases: Record<string, string> = {
  roofType: "roof",
  fuelType: "fuel",
  bodyType: "body",
  euroStandard: "euro",
  modelYear: "year",
  favorite: "favorites",
};

/** Facets that can be counted per value (marketplace/count-by/{spreadParamName}). */
export const facetNames = [
  "manufacturer",
  "model",
  "fuel",
  "body",
  "color",
  "region",
  "transmission",
  "driveWheels",
  "damage",
  "source",
  "euro",
  "interiorColor",
  "interior",
  "roof",
  "priceType",
  "postingSource",
  "seller",
  "badge",
  "eq",
] as const;
export type FacetName = (typeof facetNames)[number];

/** "1995 ali starejši" in the year filter is the range ..1995. */
export const yearOrOlder = 1995;
export const maxPageSize = 96;
const maxAiLength = 300;

export function emptyFilters(): SearchFilters {
  const lists = Object.fromEntries(Object.keys(listFilters).map((k) => [k, []])) as unknown as ListValues;
  const ranges = Object.fromEntries(rangeFilters.map((k) => [k, null])) as { [K in RangeFilterKey]: Range | null };
  const flags = Object.fromEntries(booleanFilters.map((k) => [k, false])) as { [K in BooleanFilterKey]: boolean };
  return {
    ...lists,
    ...ranges,
    ...flags,
    model: [],
    dealerCode: null,
    safetyScore: null,
    score: null,
    postingAge: null,
    results: null,
    from: null,
    sort: null,
    page: 0,
    searchSource: null,
    ai: null,
  };
}

const codePattern = /^[a-z0-9][a-z0-9-]{0,59}$/;
const modelPattern = /^([a-z0-9][a-z0-9-]{0,59})(?:\(([a-z0-9][a-z0-9-]{0,59})\))?$/;

function parseNumber(raw: string, decimals: boolean): number | null {
  const s = raw.trim().replace(",", ".");
  if (s === "") return null;
  if (!(decimals ? /^\d{1,9}(\.\d{1,3})?$/ : /^\d{1,12}$/).test(s)) return Number.NaN;
  return Number(s);
}

/** "low..high" with either end empty; null when unusable (no "..", garbage, or both ends empty). */
export function parseRange(raw: string, decimals = false): Range | null {
  const parts = raw.split("..");
  if (parts.length !== 2) return null;
  const min = parseNumber(parts[0] ?? "", decimals);
  const max = parseNumber(parts[1] ?? "", decimals);
  if (Number.isNaN(min) || Number.isNaN(max) || (min === null && max === null)) return null;
  return { min, max };
}

export const formatRange = (r: Range) => `${r.min ?? ""}..${r.max ?? ""}`;

function parseIntIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^-?\d{1,12}$/.test(raw.trim())) return null;
  return Math.min(max, Math.max(min, Number(raw)));
}

const isTrue = (raw: string | null) => raw === "true" || raw === "1";

/** Reads a search URL's query into filters; unknown values are ignored, numbers clamped. */
export function parseSearchParams(
  input: URLSearchParams | string | Record<string, string | string[] | undefined>,
): SearchFilters {
  const params = toParams(input);
  const all = new Map<string, string[]>();
  for (const [rawKey, value] of params) {
    const key = aliases[rawKey] ?? rawKey;
    const list = all.get(key) ?? [];
    // Lists may also come comma-separated from hand-written links (not a form's "from"/"to" box: "7,5" is a number).
    list.push(...(key === "ai" || formRangeKey.test(key) ? [value] : value.split(",")));
    all.set(key, list);
  }
  foldFormFields(all);
  const first = (key: string) => all.get(key)?.[0] ?? null;
  const f = emptyFilters();

  for (const key of Object.keys(listFilters) as ListFilterKey[]) {
    const allowed = listFilters[key] as readonly string[];
    const wanted = new Set((all.get(key) ?? []).map((v) => v.trim()));
    if (key === "priceType" && wanted.has("WITH_RENTAL_OPTIONS")) f.hasRentalOptions = true;
    (f[key] as string[]) = allowed.filter((v) => wanted.has(v));
  }
  for (const key of rangeFilters) {
    const raw = first(key);
    f[key] = raw === null ? null : parseRange(raw, decimalRanges.has(key));
  }
  for (const key of booleanFilters) if (isTrue(first(key))) f[key] = true;

  const seenModels = new Set<string>();
  for (const raw of all.get("model") ?? []) {
    const m = modelPattern.exec(raw.trim().toLowerCase());
    if (!m?.[1]) continue;
    const id = `${m[1]}(${m[2] ?? ""})`;
    if (seenModels.has(id)) continue;
    seenModels.add(id);
    f.model.push({ manufacturer: m[1], model: m[2] ?? null });
  }
  const dealerCode = first("dealerCode")?.trim().toLowerCase() ?? "";
  f.dealerCode = codePattern.test(dealerCode) ? dealerCode : null;
  f.safetyScore = parseIntIn(first("safetyScore"), 1, 8);
  f.score = parseIntIn(first("score"), 1, 8);
  const age = first("postingAge");
  f.postingAge = postingAges.find((a) => a === age) ?? null;
  f.results = parseIntIn(first("results"), 1, maxPageSize);
  f.from = parseIntIn(first("from"), 0, 1_000_000);
  const sort = first("sort");
  f.sort = searchSorts.find((s) => s === sort) ?? null;
  f.page = parseIntIn(first("page"), 0, 100_000) ?? 0;
  const source = first("searchSource")?.trim() ?? "";
  f.searchSource = /^[A-Za-z0-9_-]{1,40}$/.test(source) ? source : null;
  const ai = first("ai")?.trim().slice(0, maxAiLength) ?? "";
  f.ai = ai === "" ? null : ai;
  return f;
}

/** A filter form's one-end box of a range: "price.max", "year.min". */
const formRangeKey = /^[A-Za-z]+\.(min|max)$/;

/**
 * The names a filter form submits without JavaScript (decision 064) — "make" and "make.model" for the make
 * and model selects, "<range>.min"/"<range>.max" for the ends of a range — read as the spec's syntax
 * (model=make(model), range=low..high). A value already written in the spec's syntax wins.
 */
function foldFormFields(all: Map<string, string[]>) {
  const firstOf = (key: string) => (all.get(key) ?? []).map((v) => v.trim()).find((v) => v !== "") ?? "";
  for (const key of rangeFilters) {
    const decimals = decimalRanges.has(key);
    // People type "20.000 €" or "7,5": keep the digits (and the decimal comma where a range has decimals).
    const end = (which: "min" | "max") => {
      const raw = firstOf(`${key}.${which}`);
      return decimals ? raw.replace(/[^\d,.]/g, "").replace(",", ".") : raw.replace(/\D/g, "");
    };
    const [min, max] = [end("min"), end("max")];
    if (!all.has(key) && (min || max)) all.set(key, [`${min}..${max}`]);
  }
  const make = firstOf("make").toLowerCase();
  if (make) {
    const model = firstOf("make.model").toLowerCase();
    all.set("model", [model ? `${make}(${model})` : make, ...(all.get("model") ?? [])]);
  }
}

/** Whether a query holds a filter form's own names (the search page then redirects to the canonical URL). */
export const hasFormFields = (params: Iterable<string>) =>
  [...params].some((key) => key === "make" || key === "make.model" || formRangeKey.test(key));

/** Writes filters as URL parameters: only non-empty values, booleans only when true, page only when > 0. */
export function serializeSearchFilters(f: SearchFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const m of f.model) p.append("model", m.model ? `${m.manufacturer}(${m.model})` : m.manufacturer);
  if (f.dealerCode) p.set("dealerCode", f.dealerCode);
  for (const key of Object.keys(listFilters) as ListFilterKey[]) for (const v of f[key]) p.append(key, v);
  for (const key of rangeFilters) {
    const r = f[key];
    if (r && (r.min !== null || r.max !== null)) p.set(key, formatRange(r));
  }
  for (const key of booleanFilters) if (f[key]) p.set(key, "true");
  if (f.safetyScore !== null) p.set("safetyScore", String(f.safetyScore));
  if (f.score !== null) p.set("score", String(f.score));
  if (f.postingAge) p.set("postingAge", f.postingAge);
  if (f.results !== null) p.set("results", String(f.results));
  if (f.from !== null) p.set("from", String(f.from));
  if (f.sort) p.set("sort", f.sort);
  if (f.page > 0) p.set("page", String(f.page));
  if (f.searchSource) p.set("searchSource", f.searchSource);
  if (f.ai) p.set("ai", f.ai);
  return p;
}

/** The /iskanje URL for these filters. */
export function searchHref(f: SearchFilters, path = "/iskanje"): string {
  const q = serializeSearchFilters(f).toString();
  return q ? `${path}?${q}` : path;
}

/** A copy with some filters changed; any change other than the page goes back to page 0. */
export function withFilters(f: SearchFilters, change: Partial<SearchFilters>): SearchFilters {
  return { ...f, page: 0, ...change };
}

/** True when nothing narrows the result (sort, paging and page size do not count). */
export function hasActiveFilters(f: SearchFilters): boolean {
  const neutral = emptyFilters();
  const ignore = new Set(["sort", "page", "results", "from", "searchSource"]);
  return Object.keys(neutral).some(
    (k) =>
      !ignore.has(k) &&
      JSON.stringify(f[k as keyof SearchFilters]) !== JSON.stringify(neutral[k as keyof SearchFilters]),
  );
}

function toParams(input: URLSearchParams | string | Record<string, string | string[] | undefined>): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (typeof input === "string") return new URLSearchParams(input.startsWith("?") ? input.slice(1) : input);
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) p.append(k, String(item));
  }
  return p;
}
