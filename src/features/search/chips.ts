import { postingAgeLabels } from "~/domain/enums/search";
import { formatNumber } from "~/domain/format";
import { type FilterPart, filterDrops } from "~/domain/search-drops";
import { emptyFilters, type Range, type SearchFilters, yearOrOlder } from "~/domain/search-filters";
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

function chipLabel(part: FilterPart, names: ReadonlyMap<string, string>): string {
  switch (part.kind) {
    case "model": {
      const { manufacturer, model } = part.model;
      const make = names.get(manufacturer) ?? manufacturer;
      return model ? `${make} ${names.get(`${manufacturer}(${model})`) ?? model}` : make;
    }
    case "dealerCode":
      return m.filter_dealer_code({ code: part.code });
    case "range":
      return m.filter_range_chip({ label: fieldLabel(part.key), range: formatRangeText(part.key, part.range) });
    case "list":
      return listLabels.get(part.key)?.[part.value] ?? part.value;
    case "flag":
      return fieldLabel(part.key);
    case "postingAge":
      return postingAgeLabels[part.value];
    case "score":
      return `${m.filter_score()} ≥ ${part.value}`;
    case "safetyScore":
      return `${m.filter_safety_score()} ≥ ${part.value}`;
  }
}

/**
 * The active filters as removable chips; each chip carries the filters without it.
 * `names` maps make codes and make(model) values to display names.
 */
export function activeChips(f: SearchFilters, names: ReadonlyMap<string, string>): Chip[] {
  return filterDrops(f).map((drop) => ({ id: drop.id, label: chipLabel(drop.part, names), next: drop.next }));
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
