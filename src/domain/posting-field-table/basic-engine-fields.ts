// Table entries of the wizard's "basic" and "engine" sections (decision 055).
// THE posting-field table (issue 22, decision 055): one entry per vehicle attribute a seller edits. The draft
// update schema, the draft patch, the draft and detail views, the wizard's fields, the spec rows and the PDF
// rows are all derived from it, so a new attribute is one entry here (plus its column and its label).
import { countries, countryName } from "../countries";
import {
  damageStateLabels,
  damageStates,
  driveWheelLabels,
  driveWheels,
  euroStandardLabels,
  euroStandards,
  fuelLabels,
  fuels,
  labelOf,
  transmissionLabels,
  transmissions,
  vehicleConditionLabels,
  vehicleConditions,
} from "../enums";
import { formatConsumption, formatDateMonthYear, formatMileage, formatNumber, formatPower } from "../format";
import { z } from "../zod-locale";
import { m } from "~/paraglide/messages";
import { bool, decimal, draftMessages, field, int, oneOf, text, type SelectOptions } from "./define";

const yes = (v: boolean) => v && m.value_yes();
const consumption = (n: number | null, all: Readonly<Record<string, unknown>>) =>
  n === null
    ? null
    : all.fuel === "ELECTRIC"
      ? m.value_kwh_per_100({ value: formatNumber(n, 1) })
      : formatConsumption(n);
const euroOptions: SelectOptions = euroStandards.map((code) => [code, euroStandardLabels[code]]);

/** Basic data and engine, in the wizard's order. */
export const basicEngineFields = {
  trimName: field("text", text(120), {
    table: "postings",
    column: "trimName",
    label: m.spec_trim,
    form: "basic",
    detail: "posting",
    spec: { group: "basic", order: 30, show: (v) => v },
  }),
  trimYear: field("int", int(2100), {
    table: "details",
    column: "trimYear",
    label: m.spec_trim_year,
    form: "basic",
    detail: "vehicle",
    spec: { group: "basic", order: 35, show: (v) => v },
  }),
  condition: field("enum", oneOf(vehicleConditions), {
    table: "postings",
    column: "vehicleCondition",
    label: m.spec_condition,
    form: "basic",
    options: vehicleConditionLabels,
    detail: "vehicle",
    spec: { group: "basic", order: 50, show: (v) => labelOf(vehicleConditionLabels, v) },
  }),
  modelYear: field("int", int(2100), {
    table: "postings",
    column: "modelYear",
    label: m.spec_year,
    form: "basic",
    detail: "vehicle",
    spec: { group: "basic", order: 40, show: (v) => v },
  }),
  firstRegistration: field(
    "yearMonth",
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: draftMessages.month })
      .nullable()
      .optional(),
    {
      table: "postings",
      column: "firstRegistration",
      label: m.spec_first_registration,
      form: "basic",
      detail: "vehicle",
      spec: { group: "basic", order: 70, show: (v) => (v ? formatDateMonthYear(`${v}-01T12:00:00Z`) : null) },
    },
  ),
  firstRegistrationCountry: field(
    "enum",
    z
      .string()
      .regex(/^[A-Z]{2}$/, { error: draftMessages.choose })
      .nullable()
      .optional(),
    {
      table: "details",
      column: "firstRegistrationCountry",
      label: m.spec_registration_country,
      form: "basic",
      options: countries,
      detail: "vehicle",
      spec: { group: "basic", order: 80, show: (v) => (v ? countryName(v) : null) },
    },
  ),
  odometerKm: field("int", int(3_000_000), {
    table: "postings",
    column: "odometerKm",
    label: m.spec_mileage,
    form: "basic",
    unit: "km",
    detail: "vehicle",
    spec: { group: "basic", order: 60, show: (v) => (v === null ? null : formatMileage(v)) },
  }),
  previousOwners: field("int", int(99), {
    table: "postings",
    column: "previousOwners",
    label: m.spec_owners,
    form: "basic",
    detail: "vehicle",
    spec: { group: "basic", order: 100, show: (v) => v },
  }),
  damage: field("enum", oneOf(damageStates), {
    table: "postings",
    column: "damage",
    label: m.spec_damage,
    form: "basic",
    options: damageStateLabels,
    detail: "vehicle",
    spec: { group: "basic", order: 110, show: (v) => labelOf(damageStateLabels, v) },
  }),
  serviceBook: field("bool", bool(), {
    table: "postings",
    column: "serviceBook",
    label: m.spec_service_book,
    form: "basic",
    detail: "vehicle",
    spec: { group: "basic", order: 120, show: yes },
  }),
  fuel: field("enum", oneOf(fuels), {
    table: "postings",
    column: "fuel",
    label: m.spec_fuel,
    form: "engine",
    options: fuelLabels,
    detail: "vehicle",
    spec: { group: "engine", order: 10, show: (v) => labelOf(fuelLabels, v) },
  }),
  powerKw: field("int", int(2_000), {
    table: "postings",
    column: "powerKw",
    label: m.spec_power,
    form: "engine",
    unit: "kW",
    detail: "vehicle",
    spec: { group: "engine", order: 20, show: (v) => (v ? formatPower(v) : null) },
  }),
  displacementCcm: field("int", int(20_000), {
    table: "postings",
    column: "displacementCcm",
    label: m.spec_displacement,
    form: "engine",
    unit: "ccm",
    detail: "vehicle",
    spec: { group: "engine", order: 30, show: (v) => (v ? m.value_ccm({ value: formatNumber(v) }) : null) },
  }),
  transmission: field("enum", oneOf(transmissions), {
    table: "postings",
    column: "transmission",
    label: m.spec_transmission,
    form: "engine",
    options: transmissionLabels,
    detail: "vehicle",
    spec: { group: "engine", order: 40, show: (v) => labelOf(transmissionLabels, v) },
  }),
  driveWheels: field("enum", oneOf(driveWheels), {
    table: "postings",
    column: "driveWheels",
    label: m.spec_drive,
    form: "engine",
    options: driveWheelLabels,
    detail: "vehicle",
    spec: { group: "engine", order: 50, show: (v) => labelOf(driveWheelLabels, v) },
  }),
  consumptionCity: field("decimal", decimal(100), {
    table: "postings",
    column: "consumptionCity",
    label: m.spec_consumption_city,
    form: "engine",
    unit: "l/100 km",
    detail: "vehicle",
    spec: { group: "engine", order: 60, show: consumption },
  }),
  consumptionHighway: field("decimal", decimal(100), {
    table: "postings",
    column: "consumptionHighway",
    label: m.spec_consumption_highway,
    form: "engine",
    unit: "l/100 km",
    detail: "vehicle",
    spec: { group: "engine", order: 70, show: consumption },
  }),
  consumptionCombined: field("decimal", decimal(100), {
    table: "postings",
    column: "consumptionCombined",
    label: m.spec_consumption_combined,
    form: "engine",
    unit: "l/100 km",
    detail: "vehicle",
    spec: { group: "engine", order: 80, show: consumption },
  }),
  co2: field("int", int(2_000), {
    table: "details",
    column: "co2",
    label: m.spec_co2,
    form: "engine",
    unit: "g/km",
    detail: "vehicle",
    spec: { group: "engine", order: 90, show: (v) => (v === null ? null : m.value_co2({ value: String(v) })) },
  }),
  euroStandard: field("enum", oneOf(euroStandards), {
    table: "postings",
    column: "euroStandard",
    label: m.spec_euro,
    form: "engine",
    options: euroOptions,
    detail: "vehicle",
    spec: { group: "engine", order: 100, show: (v) => labelOf(euroStandardLabels, v) },
  }),
  batteryKwh: field("decimal", decimal(500), {
    table: "postings",
    column: "batteryKwh",
    label: m.spec_battery,
    form: "engine",
    unit: "kWh",
    detail: "vehicle",
    spec: { group: "engine", order: 110, show: (v) => (v ? m.value_kwh({ value: formatNumber(v, 1) }) : null) },
  }),
  rangeKm: field("int", int(3_000), {
    table: "details",
    column: "rangeKm",
    label: m.spec_range,
    form: "engine",
    unit: "km",
    detail: "vehicle",
    spec: { group: "engine", order: 120, show: (v) => (v ? m.value_km({ value: formatNumber(v) }) : null) },
  }),
};
