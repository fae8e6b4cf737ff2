/**
 * Each active search filter as one thing a buyer can drop, with the filters without it: the removable
 * chips of /iskanje label these, and the zero-result help counts them (issue 24). One list, so a chip
 * and the help's "brez »…«" always name and drop the same thing.
 */
import type { PostingAge } from "./enums/search";
import {
  type BooleanFilterKey,
  booleanFilters,
  type ListFilterKey,
  listFilters,
  type ModelFilter,
  type Range,
  type RangeFilterKey,
  rangeFilters,
  type SearchFilters,
  withFilters,
} from "./search-filters";

export type FilterPart =
  | { kind: "model"; model: ModelFilter }
  | { kind: "dealerCode"; code: string }
  | { kind: "range"; key: RangeFilterKey; range: Range }
  | { kind: "list"; key: ListFilterKey; value: string }
  | { kind: "flag"; key: BooleanFilterKey }
  | { kind: "postingAge"; value: PostingAge }
  | { kind: "score" | "safetyScore"; value: number };

export type FilterDrop = { id: string; part: FilterPart; next: SearchFilters };

/** The active filters in the chips' order; each `next` is the search without that one (page 0). */
export function filterDrops(f: SearchFilters): FilterDrop[] {
  const drops: FilterDrop[] = [];
  for (const model of f.model) {
    const id = model.model ? `${model.manufacturer}(${model.model})` : model.manufacturer;
    drops.push({
      id: `model:${id}`,
      part: { kind: "model", model },
      next: withFilters(f, { model: f.model.filter((x) => x !== model) }),
    });
  }
  if (f.dealerCode)
    drops.push({
      id: "dealerCode",
      part: { kind: "dealerCode", code: f.dealerCode },
      next: withFilters(f, { dealerCode: null }),
    });
  for (const key of rangeFilters) {
    const range = f[key];
    if (range) drops.push({ id: key, part: { kind: "range", key, range }, next: withFilters(f, { [key]: null }) });
  }
  for (const key of Object.keys(listFilters) as ListFilterKey[]) {
    const values = f[key] as string[];
    for (const value of values)
      drops.push({
        id: `${key}:${value}`,
        part: { kind: "list", key, value },
        next: withFilters(f, { [key]: values.filter((v) => v !== value) } as Partial<SearchFilters>),
      });
  }
  for (const key of booleanFilters)
    if (f[key]) drops.push({ id: key, part: { kind: "flag", key }, next: withFilters(f, { [key]: false }) });
  if (f.postingAge)
    drops.push({
      id: "postingAge",
      part: { kind: "postingAge", value: f.postingAge },
      next: withFilters(f, { postingAge: null }),
    });
  for (const key of ["score", "safetyScore"] as const) {
    const value = f[key];
    if (value !== null) drops.push({ id: key, part: { kind: key, value }, next: withFilters(f, { [key]: null }) });
  }
  return drops;
}
