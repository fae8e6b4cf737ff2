import { regionLabels } from "~/domain/enums/dealer";
import { badgeTypeLabels, postingSourceLabels, priceTypeLabels } from "~/domain/enums/posting";
import { postingAgeLabels, sellerTypeLabels } from "~/domain/enums/search";
import {
  bodyColorLabels,
  bodyTypeLabels,
  damageStateLabels,
  driveWheelLabels,
  euroStandardLabels,
  fuelLabels,
  interiorColorLabels,
  interiorMaterialLabels,
  roofTypeLabels,
  transmissionLabels,
  vehicleConditionLabels,
} from "~/domain/enums/vehicle";
import { equipmentLabels } from "~/domain/equipment";
import type { BooleanFilterKey, FacetName, ListFilterKey, RangeFilterKey } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";

export type ListField = {
  kind: "list";
  key: ListFilterKey;
  label: () => string;
  labels: Record<string, string>;
  facet?: FacetName;
};
export type RangeField = { kind: "range"; key: RangeFilterKey; label: () => string; step?: number; years?: boolean };
export type FlagsField = { kind: "flags"; label: () => string; keys: { key: BooleanFilterKey; label: () => string }[] };
export type Field = { kind: "makeModel" } | ListField | RangeField | FlagsField | { kind: "postingAge" };
export type FieldGroup = { id: string; label: () => string; fields: Field[] };

const listField = (
  key: ListFilterKey,
  label: () => string,
  labels: Record<string, string>,
  facet?: FacetName,
): ListField => ({ kind: "list", key, label, labels, facet });
const rangeField = (
  key: RangeFilterKey,
  label: () => string,
  options: { step?: number; years?: boolean } = {},
): RangeField => ({ kind: "range", key, label, ...options });

/** Every filter of spec section 3, grouped as the advanced search shows them. */
export const filterGroups: FieldGroup[] = [
  {
    id: "vehicle",
    label: m.group_vehicle,
    fields: [
      { kind: "makeModel" },
      listField("body", m.filter_body, bodyTypeLabels, "body"),
      listField("source", m.filter_source, vehicleConditionLabels, "source"),
      rangeField("year", m.filter_year, { years: true }),
      rangeField("odo", m.filter_odo, { step: 1000 }),
      rangeField("firstReg", m.filter_first_reg, { years: true }),
    ],
  },
  {
    id: "price",
    label: m.group_price,
    fields: [
      rangeField("price", m.filter_price, { step: 500 }),
      listField("priceType", m.filter_price_type, priceTypeLabels, "priceType"),
      {
        kind: "flags",
        label: m.filter_flags,
        keys: [
          { key: "financing", label: m.filter_financing },
          { key: "hasRentalOptions", label: m.filter_rental },
          { key: "swap", label: m.filter_swap },
        ],
      },
    ],
  },
  {
    id: "technical",
    label: m.group_technical,
    fields: [
      listField("fuel", m.filter_fuel, fuelLabels, "fuel"),
      listField("transmission", m.filter_transmission, transmissionLabels, "transmission"),
      listField("driveWheels", m.filter_drive, driveWheelLabels, "driveWheels"),
      rangeField("power", m.filter_power, { step: 10 }),
      rangeField("ccm", m.filter_ccm, { step: 100 }),
      rangeField("battery", m.filter_battery, { step: 5 }),
      rangeField("evRange", m.filter_ev_range, { step: 50 }),
      listField("euro", m.filter_euro, euroStandardLabels, "euro"),
      rangeField("doors", m.filter_doors),
      rangeField("seats", m.filter_seats),
    ],
  },
  { id: "equipment", label: m.group_equipment, fields: [listField("eq", m.filter_equipment, equipmentLabels, "eq")] },
  {
    id: "seller",
    label: m.group_seller,
    fields: [
      listField("seller", m.filter_seller, sellerTypeLabels, "seller"),
      listField("region", m.filter_region, regionLabels, "region"),
      listField("badge", m.filter_badge, badgeTypeLabels, "badge"),
      { kind: "postingAge" },
      listField("postingSource", m.filter_posting_source, postingSourceLabels, "postingSource"),
      {
        kind: "flags",
        label: m.filter_flags,
        keys: [
          { key: "slo", label: m.filter_slo },
          { key: "hideArriving", label: m.filter_hide_arriving },
          { key: "hiddenVin", label: m.filter_hidden_vin },
          { key: "includeSold", label: m.filter_include_sold },
          { key: "favorites", label: m.filter_favorites },
        ],
      },
    ],
  },
  {
    id: "condition",
    label: m.group_condition,
    fields: [
      listField("damage", m.filter_damage, damageStateLabels, "damage"),
      rangeField("owners", m.filter_owners),
      {
        kind: "flags",
        label: m.filter_flags,
        keys: [
          { key: "serviceBook", label: m.filter_service_book },
          { key: "metallic", label: m.filter_metallic },
        ],
      },
      listField("color", m.filter_color, bodyColorLabels, "color"),
      listField("interiorColor", m.filter_interior_color, interiorColorLabels, "interiorColor"),
      listField("interior", m.filter_interior, interiorMaterialLabels, "interior"),
      listField("roof", m.filter_roof, roofTypeLabels, "roof"),
    ],
  },
  {
    id: "consumption",
    label: m.group_consumption,
    fields: [
      rangeField("combinedConsumption", m.filter_combined_consumption, { step: 0.5 }),
      rangeField("cityConsumption", m.filter_city_consumption, { step: 0.5 }),
      rangeField("highwayConsumption", m.filter_highway_consumption, { step: 0.5 }),
    ],
  },
];

/** The short set in the /iskanje sidebar and drawer; the rest live on /napredno-iskanje. */
export const quickFields: Field[] = [
  { kind: "makeModel" },
  rangeField("price", m.filter_price, { step: 500 }),
  rangeField("year", m.filter_year, { years: true }),
  rangeField("odo", m.filter_odo, { step: 1000 }),
  listField("fuel", m.filter_fuel, fuelLabels, "fuel"),
  listField("body", m.filter_body, bodyTypeLabels, "body"),
  listField("transmission", m.filter_transmission, transmissionLabels, "transmission"),
  listField("seller", m.filter_seller, sellerTypeLabels, "seller"),
  listField("region", m.filter_region, regionLabels, "region"),
  { kind: "postingAge" },
];

export const postingAgeOptions = Object.entries(postingAgeLabels);

/** Label of every filter key, for chips. */
export function fieldLabel(key: string): string {
  for (const group of filterGroups) {
    for (const field of group.fields) {
      if ((field.kind === "list" || field.kind === "range") && field.key === key) return field.label();
      if (field.kind === "flags") for (const flag of field.keys) if (flag.key === key) return flag.label();
    }
  }
  return key;
}
