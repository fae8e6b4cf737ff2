import { centsToEuroInput, euroInputValue } from "~/domain/money";
import { regionLabels } from "~/domain/enums/dealer";
import { priceTypeLabels, warrantyTypeLabels } from "~/domain/enums/posting";
import {
  bodyColorLabels,
  bodyTypeLabels,
  damageStateLabels,
  driveWheelLabels,
  euroStandardLabels,
  euroStandards,
  fuelLabels,
  interiorColorLabels,
  interiorMaterialLabels,
  rimsMaterialLabels,
  roofTypeLabels,
  transmissionLabels,
  vehicleConditionLabels,
} from "~/domain/enums/vehicle";
import { countries } from "~/domain/countries";
import { m } from "~/paraglide/messages";
import type { DraftUpdateInput } from "~/contracts/drafts";

export type FieldName = Exclude<
  keyof DraftUpdateInput,
  | "rentalPrices"
  | "financingOffers"
  | "equipment"
  | "wizardStep"
  | "trimId"
  | "manufacturer"
  | "model"
  | "vin"
  | "hiddenVin"
  | "salespersonUserId"
>;

export type FieldDef =
  | { name: FieldName; kind: "int" | "decimal" | "euros"; label: () => string; unit?: string }
  | { name: FieldName; kind: "select"; label: () => string; options: Record<string, string> | SelectOptions }
  | { name: FieldName; kind: "bool" | "text" | "textarea" | "month" | "email" | "tel" | "url"; label: () => string };

/** Options in a fixed order (an object would put keys like "5" before "5a" wrongly; countries have their own order). */
export type SelectOptions = readonly (readonly [value: string, label: string])[];

/** The select's options in the order they are shown. */
export function optionList(options: Record<string, string> | SelectOptions): SelectOptions {
  return Array.isArray(options) ? options : Object.entries(options);
}

const euroOptions: SelectOptions = euroStandards.map((code) => [code, euroStandardLabels[code]]);

export type FieldGroup = { key: string; title: () => string; fields: FieldDef[] };

/** The details step, grouped as the posting page shows them. Labels come from the same messages. */
export const detailGroups: FieldGroup[] = [
  {
    key: "basic",
    title: m.spec_group_basic,
    fields: [
      { name: "trimName", kind: "text", label: m.spec_trim },
      { name: "condition", kind: "select", label: m.spec_condition, options: vehicleConditionLabels },
      { name: "modelYear", kind: "int", label: m.spec_year },
      { name: "firstRegistration", kind: "month", label: m.spec_first_registration },
      { name: "firstRegistrationCountry", kind: "select", label: m.spec_registration_country, options: countries },
      { name: "odometerKm", kind: "int", label: m.spec_mileage, unit: "km" },
      { name: "previousOwners", kind: "int", label: m.spec_owners },
      { name: "damage", kind: "select", label: m.spec_damage, options: damageStateLabels },
      { name: "serviceBook", kind: "bool", label: m.spec_service_book },
    ],
  },
  {
    key: "engine",
    title: m.spec_group_engine,
    fields: [
      { name: "fuel", kind: "select", label: m.spec_fuel, options: fuelLabels },
      { name: "powerKw", kind: "int", label: m.spec_power, unit: "kW" },
      { name: "displacementCcm", kind: "int", label: m.spec_displacement, unit: "ccm" },
      { name: "transmission", kind: "select", label: m.spec_transmission, options: transmissionLabels },
      { name: "driveWheels", kind: "select", label: m.spec_drive, options: driveWheelLabels },
      { name: "consumptionCity", kind: "decimal", label: m.spec_consumption_city, unit: "l/100 km" },
      { name: "consumptionHighway", kind: "decimal", label: m.spec_consumption_highway, unit: "l/100 km" },
      { name: "consumptionCombined", kind: "decimal", label: m.spec_consumption_combined, unit: "l/100 km" },
      { name: "co2", kind: "int", label: m.spec_co2, unit: "g/km" },
      { name: "euroStandard", kind: "select", label: m.spec_euro, options: euroOptions },
      { name: "batteryKwh", kind: "decimal", label: m.spec_battery, unit: "kWh" },
      { name: "rangeKm", kind: "int", label: m.spec_range, unit: "km" },
    ],
  },
  {
    key: "body",
    title: m.spec_group_body,
    fields: [
      { name: "bodyType", kind: "select", label: m.spec_body, options: bodyTypeLabels },
      { name: "doors", kind: "int", label: m.spec_doors },
      { name: "seats", kind: "int", label: m.spec_seats },
      { name: "color", kind: "select", label: m.spec_color, options: bodyColorLabels },
      { name: "metallic", kind: "bool", label: m.spec_metallic_paint },
      { name: "interiorColor", kind: "select", label: m.spec_interior_color, options: interiorColorLabels },
      { name: "interiorMaterial", kind: "select", label: m.spec_upholstery, options: interiorMaterialLabels },
      { name: "roofType", kind: "select", label: m.spec_roof, options: roofTypeLabels },
      { name: "rimsMaterial", kind: "select", label: m.spec_rims, options: rimsMaterialLabels },
      { name: "rimsSize", kind: "int", label: m.spec_rims_size, unit: '"' },
      { name: "airbags", kind: "int", label: m.spec_airbags },
    ],
  },
  {
    key: "price",
    title: m.wizard_group_price,
    fields: [
      { name: "priceType", kind: "select", label: m.wizard_price_type, options: priceTypeLabels },
      { name: "price", kind: "euros", label: m.wizard_price, unit: "€" },
      { name: "specialPrice", kind: "euros", label: m.wizard_special_price, unit: "€" },
      { name: "financingPrice", kind: "euros", label: m.wizard_financing_price, unit: "€" },
      { name: "priceWithoutVat", kind: "euros", label: m.wizard_price_without_vat, unit: "€" },
      { name: "cashDiscount", kind: "euros", label: m.wizard_cash_discount, unit: "€" },
      { name: "vatDeductible", kind: "bool", label: m.price_vat_deductible },
      { name: "leaseTakeover", kind: "bool", label: m.price_lease_takeover },
      { name: "swap", kind: "bool", label: m.price_swap },
    ],
  },
  {
    key: "contact",
    title: m.wizard_group_contact,
    fields: [
      { name: "description", kind: "textarea", label: m.posting_description },
      { name: "contactRegion", kind: "select", label: m.spec_region, options: regionLabels },
      { name: "contactPlace", kind: "text", label: m.wizard_place },
      { name: "contactEmail", kind: "email", label: m.wizard_contact_email },
      { name: "contactPhone", kind: "tel", label: m.wizard_contact_phone },
      {
        name: "arrivalState",
        kind: "select",
        label: m.arrival_label,
        options: { READY: m.arrival_ready(), ARRIVING: m.card_arriving() },
      },
    ],
  },
];

export const warrantyFields: FieldDef[] = [
  { name: "warrantyType", kind: "select", label: m.spec_warranty, options: warrantyTypeLabels },
  { name: "warrantyMonths", kind: "int", label: m.spec_warranty_months, unit: m.wizard_months_unit() },
];

/** Text in an input → the JSON value the API takes (digits only for whole numbers; comma decimals). */
export function parseFieldValue(kind: FieldDef["kind"], raw: string | boolean): unknown {
  if (kind === "bool") return Boolean(raw);
  const s = String(raw).trim();
  if (s === "") return null;
  if (kind === "int") return /^\d+$/.test(s.replace(/\./g, "")) ? Number(s.replace(/\./g, "")) : Number.NaN;
  // Money: the one euro parser (decision 050) → cents; garbage is sent as typed for the API's Slovenian field error.
  if (kind === "euros") return euroInputValue(s);
  if (kind === "decimal") {
    const n = Number(s.replace(/\./g, "").replace(",", "."));
    return Number.isFinite(n) ? n : Number.NaN;
  }
  if (kind === "month") {
    const mm = /^(\d{1,2})\/(\d{4})$/.exec(s);
    return mm ? `${mm[2]}-${mm[1]!.padStart(2, "0")}` : s;
  }
  return s;
}

/** The stored value → the text the input shows. */
export function formatFieldValue(kind: FieldDef["kind"], value: unknown): string {
  if (value === null || value === undefined) return "";
  if (kind === "month" && typeof value === "string") {
    const [y, mo] = value.split("-");
    return mo ? `${mo}/${y}` : value;
  }
  if (kind === "euros" && typeof value === "number") return centsToEuroInput(value);
  if (kind === "decimal" && typeof value === "number") return String(value).replace(".", ",");
  return String(value);
}
