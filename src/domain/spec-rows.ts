import { regionLabels } from "./enums/dealer";
import { labelOf } from "./enums/labels";
import { warrantyTypeLabels } from "./enums/posting";
import type { PostingDetail } from "./posting-detail";
import type { RowValue, SpecGroupKey } from "./posting-field-table/define";
import { fieldSpecRows } from "./posting-field-table/table";
import { m } from "~/paraglide/messages";

export type SpecGroup = { key: string; title: string; rows: [string, string][] };

const groups: { key: SpecGroupKey; title: () => string }[] = [
  { key: "basic", title: m.spec_group_basic },
  { key: "engine", title: m.spec_group_engine },
  { key: "body", title: m.spec_group_body },
  { key: "warranty", title: m.spec_group_warranty },
];

/** Rows that are not one table field: names, VIN, the seller's region and the warranty, placed by `order`. */
const otherRows: { group: SpecGroupKey; order: number; label: () => string; show: (p: PostingDetail) => RowValue }[] = [
  { group: "basic", order: 10, label: m.spec_brand, show: (p) => p.manufacturerName },
  {
    group: "basic",
    order: 20,
    label: m.spec_model,
    // Series names usually repeat the model ("Tiguan II"): show the more specific one.
    show: (p) =>
      p.seriesName && p.modelName && p.seriesName.startsWith(p.modelName)
        ? p.seriesName
        : [p.modelName, p.seriesName].filter(Boolean).join(" "),
  },
  {
    group: "basic",
    order: 90,
    label: m.spec_slovenian_vehicle,
    show: (p) => p.vehicle.slovenianVehicle && m.value_yes(),
  },
  { group: "basic", order: 130, label: m.spec_vin, show: (p) => p.vin ?? (p.hiddenVin ? m.spec_vin_hidden() : null) },
  {
    group: "warranty",
    order: 10,
    label: m.spec_warranty,
    show: (p) => (p.warranty ? labelOf(warrantyTypeLabels, p.warranty.type) : null),
  },
  {
    group: "warranty",
    order: 20,
    label: m.spec_warranty_months,
    show: (p) => (p.warranty?.months ? m.value_months({ value: String(p.warranty.months) }) : null),
  },
  { group: "warranty", order: 30, label: m.spec_region, show: (p) => labelOf(regionLabels, p.seller.region) },
];

/** The keys of the spec groups, in the order the page shows them. */
export const specGroupKeys: readonly SpecGroupKey[] = groups.map((g) => g.key);

/** The label fields of spec section 3 in groups, from the posting-field table; empty values are left out. */
export function specGroups(p: PostingDetail): SpecGroup[] {
  return groups.flatMap((g) => {
    const group = specGroup(p, g.key);
    return group ? [group] : [];
  });
}

/**
 * One group of specGroups(p), or null when it has no row. The page renders each group as its own component, so
 * a phone's hydration can yield between them (issue 27, round 7).
 */
export function specGroup(p: PostingDetail, key: SpecGroupKey): SpecGroup | null {
  const g = groups.find((x) => x.key === key);
  if (!g) return null;
  const all: Readonly<Record<string, unknown>> = { ...p, ...p.vehicle };
  const rows = [
    ...fieldSpecRows.filter((r) => r.group === key).map((r) => ({ ...r, value: () => r.show(all) })),
    ...otherRows.filter((r) => r.group === key).map((r) => ({ ...r, value: () => r.show(p) })),
  ]
    .sort((a, b) => a.order - b.order)
    .flatMap((r): [string, string][] => {
      const value = r.value();
      return value === null || value === undefined || value === false || value === ""
        ? []
        : [[r.label(), String(value)]];
    });
  return rows.length > 0 ? { key: g.key, title: g.title(), rows } : null;
}
