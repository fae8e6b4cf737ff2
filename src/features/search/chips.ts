import { postingAgeLabels } from "~/domain/enums/search";
import { formatNumber } from "~/domain/format";
import {
  booleanFilters,
  emptyFilters,
  listFilters,
  type ListFilterKey,
  type Range,
  rangeFilters,
  type SearchFilters,
  withFilters,
  yearOrOlder,
} from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import { fieldLabel, filterGroups, type ListField } from "./filter-fields";
import { moreFiltersLabel } from "./plural-labels";

export type Chip = { id: string; label: string; next: SearchFilters };

const listLabels = new Map<string, Record<string, string>>();
for (const group of filterGroups)
  for (const field of group.fields) if (field.kind === "list") listLabels.set(field.key, (field as ListField).labels);

export function formatRangeText(key: string, r: Range): string {
  const n = (v: number) =>
    key === "year" || key === "firstReg" ? String(v) : formatNumber(v, Number.isInteger(v) ? 0 : 1);
  if (key === "year" && r.min === null && r.max === yearOrOlder) return m.filter_year_or_older();
  if (r.min !== null && r.max !== null) return r.min === r.max ? n(r.min) : `${n(r.min)}–${n(r.max)}`;
  if (r.min !== null) return `${m.filter_from()} ${n(r.min)}`;
  return `${m.filter_to()} ${n(r.max ?? 0)}`;
}

/**
 * The active filters as removable chips; each chip carries the filters without it.
 * `names` maps make codes and make(model) values to display names.
 */
export function activeChips(f: SearchFilters, names: ReadonlyMap<string, string>): Chip[] {
  const chips: Chip[] = [];
  for (const model of f.model) {
    const id = model.model ? `${model.manufacturer}(${model.model})` : model.manufacturer;
    const make = names.get(model.manufacturer) ?? model.manufacturer;
    const label = model.model ? `${make} ${names.get(id) ?? model.model}` : make;
    chips.push({ id: `model:${id}`, label, next: withFilters(f, { model: f.model.filter((x) => x !== model) }) });
  }
  if (f.dealerCode)
    chips.push({
      id: "dealerCode",
      label: m.filter_dealer_code({ code: f.dealerCode }),
      next: withFilters(f, { dealerCode: null }),
    });
  for (const key of rangeFilters) {
    const r = f[key];
    if (r)
      chips.push({
        id: key,
        label: m.filter_range_chip({ label: fieldLabel(key), range: formatRangeText(key, r) }),
        next: withFilters(f, { [key]: null }),
      });
  }
  for (const key of Object.keys(listFilters) as ListFilterKey[]) {
    const labels = listLabels.get(key) ?? {};
    for (const value of f[key] as string[]) {
      chips.push({
        id: `${key}:${value}`,
        label: labels[value] ?? value,
        next: withFilters(f, { [key]: (f[key] as string[]).filter((v) => v !== value) } as Partial<SearchFilters>),
      });
    }
  }
  for (const key of booleanFilters)
    if (f[key]) chips.push({ id: key, label: fieldLabel(key), next: withFilters(f, { [key]: false }) });
  if (f.postingAge)
    chips.push({ id: "postingAge", label: postingAgeLabels[f.postingAge], next: withFilters(f, { postingAge: null }) });
  if (f.score !== null)
    chips.push({ id: "score", label: `${m.filter_score()} ≥ ${f.score}`, next: withFilters(f, { score: null }) });
  if (f.safetyScore !== null)
    chips.push({
      id: "safetyScore",
      label: `${m.filter_safety_score()} ≥ ${f.safetyScore}`,
      next: withFilters(f, { safetyScore: null }),
    });
  return chips;
}

/** Clears every filter but keeps the sort and page size. */
export const clearedFilters = (f: SearchFilters): SearchFilters => ({
  ...emptyFilters(),
  sort: f.sort,
  results: f.results,
});

const separator = " · ";

/**
 * The name a saved search is offered under: the chips' labels in order, as many as fit in `max` characters,
 * then "in še 3 filtri" for the rest; a single label too long for it ends in "…". Always at most `max`.
 */
export function suggestedSearchName(labels: readonly string[], max: number, fallback: string): string {
  if (labels.length === 0) return fallback.slice(0, max);
  const whole = labels.join(separator);
  if (whole.length <= max) return whole;
  for (let kept = labels.length - 1; kept >= 1; kept--) {
    const name = `${labels.slice(0, kept).join(separator)} ${moreFiltersLabel(labels.length - kept)}`;
    if (name.length <= max) return name;
  }
  const rest = ` ${moreFiltersLabel(labels.length - 1)}`;
  const first = labels[0] ?? "";
  const room = Math.max(1, max - (labels.length > 1 ? rest.length : 0) - 1);
  const name = `${first.slice(0, room).trimEnd()}…${labels.length > 1 ? rest : ""}`;
  return name.slice(0, max);
}
