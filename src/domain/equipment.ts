/** Equipment codes (spec section 3) with Slovenian names, grouped by prefix. */
export const equipmentCodes = [
  "AC_MANUAL",
  "AC_AUTOMATIC",
  "AC_DUAL_ZONE",
  "AC_MULTI_ZONE",
  "INNER_NAVIGATION",
  "INNER_BLUETOOTH",
  "INNER_LEATHER",
  "INNER_HEATED_SEATS",
  "INNER_ELECTRIC_SEATS",
  "INNER_HUD",
  "INNER_KEYLESS",
  "INNER_CENTRAL_LOCK",
  "INNER_POWER_WINDOWS",
  "INNER_ISOFIX",
  "INNER_SUNROOF",
  "INNER_CRUISE_CONTROL",
  "OTHER_4X4",
  "OTHER_ALLOY_WHEELS",
  "OTHER_ROOF_RACK",
  "OTHER_TOW_HOOK",
  "OTHER_XENON",
  "OTHER_LED",
  "OTHER_RAIN_SENSOR",
  "PARK_SENSORS_FRONT",
  "PARK_SENSORS_REAR",
  "PARK_CAMERA",
  "PARK_ASSIST",
  "SAFETY_ABS",
  "SAFETY_ESP",
  "SAFETY_ADAPTIVE_CRUISE",
  "SAFETY_LANE_ASSIST",
  "SAFETY_AUTO_BRAKING",
  "SAFETY_BLIND_SPOT",
  "SAFETY_AIRBAGS_SIDE",
  "SAFETY_AIRBAGS_CURTAIN",
  "UNDER_TPMS",
] as const;
export type EquipmentCode = (typeof equipmentCodes)[number];

export const equipmentLabels: Record<EquipmentCode, string> = {
  AC_MANUAL: "Ročna klimatska naprava",
  AC_AUTOMATIC: "Samodejna klimatska naprava",
  AC_DUAL_ZONE: "Dvopodročna samodejna klimatska naprava",
  AC_MULTI_ZONE: "Večpodročna samodejna klimatska naprava",
  INNER_NAVIGATION: "Navigacijski sistem",
  INNER_BLUETOOTH: "Prostoročno telefoniranje (Bluetooth)",
  INNER_LEATHER: "Usnjeno oblazinjenje",
  INNER_HEATED_SEATS: "Ogrevani sedeži",
  INNER_ELECTRIC_SEATS: "Električno nastavljivi sedeži",
  INNER_HUD: "Projekcijski zaslon (HUD)",
  INNER_KEYLESS: "Vstop in zagon brez ključa",
  INNER_CENTRAL_LOCK: "Centralno zaklepanje z daljinskim upravljanjem",
  INNER_POWER_WINDOWS: "Električni pomik stekel",
  INNER_ISOFIX: "Pritrdišča ISOFIX",
  INNER_SUNROOF: "Strešno okno",
  INNER_CRUISE_CONTROL: "Tempomat",
  OTHER_4X4: "Štirikolesni pogon (4x4)",
  OTHER_ALLOY_WHEELS: "Aluminijasta platišča",
  OTHER_ROOF_RACK: "Strešni nosilci",
  OTHER_TOW_HOOK: "Vlečna kljuka",
  OTHER_XENON: "Ksenonski žarometi",
  OTHER_LED: "Žarometi LED",
  OTHER_RAIN_SENSOR: "Senzor za dež",
  PARK_SENSORS_FRONT: "Sprednji parkirni senzorji",
  PARK_SENSORS_REAR: "Zadnji parkirni senzorji",
  PARK_CAMERA: "Vzvratna kamera",
  PARK_ASSIST: "Sistem za samodejno parkiranje",
  SAFETY_ABS: "Zavorni sistem ABS",
  SAFETY_ESP: "Elektronski sistem stabilnosti (ESP)",
  SAFETY_ADAPTIVE_CRUISE: "Prilagodljivi tempomat",
  SAFETY_LANE_ASSIST: "Sistem za ohranjanje smeri vožnje",
  SAFETY_AUTO_BRAKING: "Samodejno zaviranje v sili",
  SAFETY_BLIND_SPOT: "Opozorilnik mrtvega kota",
  SAFETY_AIRBAGS_SIDE: "Stranske varnostne blazine",
  SAFETY_AIRBAGS_CURTAIN: "Zavesne varnostne blazine",
  UNDER_TPMS: "Nadzor tlaka v pnevmatikah",
};

export const equipmentGroups = ["AC", "INNER", "OTHER", "PARK", "SAFETY", "UNDER"] as const;
export type EquipmentGroup = (typeof equipmentGroups)[number];
export const equipmentGroupLabels: Record<EquipmentGroup, string> = {
  AC: "Klimatizacija",
  INNER: "Notranjost in udobje",
  OTHER: "Zunanjost in drugo",
  PARK: "Parkiranje",
  SAFETY: "Varnost",
  UNDER: "Podvozje",
};

export const equipmentGroupOf = (code: EquipmentCode): EquipmentGroup => code.split("_")[0] as EquipmentGroup;

/**
 * How the car has an item (spec section 3: "equipment (serial, additional, package)", decision 051):
 * standard for the trim, an extra the car was ordered with, or part of a named option package.
 */
export const equipmentKinds = ["SERIAL", "ADDITIONAL", "PACKAGE"] as const;
export type EquipmentKind = (typeof equipmentKinds)[number];
export const equipmentKindLabels: Record<EquipmentKind, string> = {
  SERIAL: "Serijska",
  ADDITIONAL: "Dodatna",
  PACKAGE: "V paketu",
};

export type EquipmentItem = { code: EquipmentCode; kind: EquipmentKind; packageName: string | null };

export const packageNameMaxLength = 60;

/** A package name as stored: spaces collapsed; null when empty. */
export function normalizePackageName(name: string | null | undefined): string | null {
  const s = (name ?? "").replace(/\s+/g, " ").trim();
  return s === "" ? null : s;
}

/** The heading of a package's items: "Paket Business" for "Business" and for "Paket Business" alike. */
export function packageTitle(name: string | null): string {
  if (!name) return "Paket opreme";
  return /^paket(\s|$)/i.test(name) ? name : `Paket ${name}`;
}

/**
 * The posting page's groups: serial, additional, then one group per package (in the order of their first
 * item; names that differ only in case are one package), items within a group in catalogue order.
 */
export function groupEquipmentByKind<T extends { code: string; kind: EquipmentKind; packageName?: string | null }>(
  items: readonly T[],
) {
  const order = (code: string) => {
    const i = (equipmentCodes as readonly string[]).indexOf(code);
    return i < 0 ? equipmentCodes.length : i;
  };
  const groups = new Map<string, { key: string; kind: EquipmentKind; packageName: string | null; items: T[] }>();
  const add = (key: string, kind: EquipmentKind, packageName: string | null, item: T) => {
    const g = groups.get(key) ?? { key, kind, packageName, items: [] };
    g.items.push(item);
    groups.set(key, g);
  };
  const sorted = [...items].sort((a, b) => order(a.code) - order(b.code));
  for (const kind of ["SERIAL", "ADDITIONAL"] as const)
    for (const item of sorted) if (item.kind === kind) add(kind, kind, null, item);
  for (const item of items) {
    if (item.kind !== "PACKAGE") continue;
    const name = normalizePackageName(item.packageName);
    const key = `PACKAGE:${(name ?? "").toLocaleLowerCase("sl")}`;
    if (!groups.has(key)) groups.set(key, { key, kind: "PACKAGE", packageName: name, items: [] });
  }
  for (const item of sorted) {
    if (item.kind !== "PACKAGE") continue;
    const name = normalizePackageName(item.packageName);
    add(`PACKAGE:${(name ?? "").toLocaleLowerCase("sl")}`, "PACKAGE", name, item);
  }
  return [...groups.values()];
}

/**
 * Equipment asked as a vehicle field instead (issue 23, decision 060): 4×4 is the drive, alloy rims the rims
 * material. The wizard shows no tick for them; a tick an older client sends sets the field; search's `eq` on the
 * code reads the field; migration 0022 moved the stored ticks into the fields.
 */
export const equipmentAsField = {
  OTHER_4X4: { field: "driveWheels", value: "BOTH" },
  OTHER_ALLOY_WHEELS: { field: "rimsMaterial", value: "ALU" },
} as const satisfies Partial<Record<EquipmentCode, { field: string; value: string }>>;
export type EquipmentAsFieldCode = keyof typeof equipmentAsField;
export const isEquipmentAsField = (code: string): code is EquipmentAsFieldCode => Object.hasOwn(equipmentAsField, code);
/** The codes the wizard offers as ticks. */
export const tickableEquipmentCodes = equipmentCodes.filter((c) => !isEquipmentAsField(c));
