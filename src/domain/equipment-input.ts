// The equipment request field (issue 21, decision 051): kept out of equipment.ts so pages that only show
// equipment do not load zod.
import {
  equipmentAsField,
  type EquipmentAsFieldCode,
  equipmentCodes,
  equipmentKinds,
  isEquipmentAsField,
  normalizePackageName,
  packageNameMaxLength,
  type EquipmentItem,
} from "./equipment";
import { z } from "./zod-locale";

export const equipmentMessages = {
  kind: "Izberite, ali je oprema serijska, dodatna ali v paketu.",
  packageName: `Ime paketa ima največ ${packageNameMaxLength} znakov (črke, številke, presledki in - + & / . ,).`,
  packageNameOnlyForPackage: "Ime paketa ima le oprema v paketu.",
  duplicate: "Vsak kos opreme izberite le enkrat.",
} as const;

const packageNamePattern = /^[\p{L}\p{N}][\p{L}\p{N} +&/.,'-]*$/u;

// A bare code (the older form of the API) keeps the kind the posting already has for it, and is serial when new.
const equipmentEntrySchema = z.preprocess(
  (v) => (typeof v === "string" ? { code: v, bareCode: true } : v),
  z.object(
    {
      bareCode: z.literal(true).optional(),
      code: z.enum(equipmentCodes, { error: "Izberite opremo s seznama." }),
      kind: z.enum(equipmentKinds, { error: equipmentMessages.kind }).default("SERIAL"),
      packageName: z
        .string({ error: equipmentMessages.packageName })
        .max(200, { error: equipmentMessages.packageName })
        .nullable()
        .optional()
        .transform((v, ctx) => {
          const name = normalizePackageName(v);
          if (name !== null && (name.length > packageNameMaxLength || !packageNamePattern.test(name))) {
            ctx.addIssue({ code: "custom", message: equipmentMessages.packageName });
            return z.NEVER;
          }
          return name;
        }),
    },
    { error: "Izberite opremo s seznama." },
  ),
);

/** An item as sent: `bareCode` when only its code came (its stored kind, if any, is kept: see withStoredKinds). */
export type EquipmentInputItem = EquipmentItem & { bareCode?: true };

/**
 * The items to store: a bare code takes the kind and package name the posting already has for that code
 * (a client that knows only codes never resets an item to serial); new bare codes are serial.
 */
export function withStoredKinds(
  items: readonly EquipmentInputItem[],
  stored: readonly { code: string; kind: EquipmentItem["kind"]; packageName: string | null }[],
): EquipmentItem[] {
  const byCode = new Map(stored.map((s) => [s.code, s]));
  return items.map(({ bareCode, ...item }) => {
    const before = bareCode ? byCode.get(item.code) : undefined;
    return before ? { code: item.code, kind: before.kind, packageName: before.packageName } : item;
  });
}

/**
 * Ticks of equipment asked as a field (4×4, alloy rims: issue 23) become that field's value; the rest stay ticks.
 */
export function splitEquipmentFields(items: readonly EquipmentInputItem[]): {
  items: EquipmentInputItem[];
  fields: Partial<Record<(typeof equipmentAsField)[EquipmentAsFieldCode]["field"], string>>;
} {
  const fields: Partial<Record<(typeof equipmentAsField)[EquipmentAsFieldCode]["field"], string>> = {};
  for (const item of items)
    if (isEquipmentAsField(item.code)) fields[equipmentAsField[item.code].field] = equipmentAsField[item.code].value;
  return { items: items.filter((i) => !isEquipmentAsField(i.code)), fields };
}

/**
 * Request field: the posting's equipment, each item once, as bare codes or {code, kind, packageName};
 * a package name only on a PACKAGE item.
 */
export const equipmentFieldSchema = z
  .array(equipmentEntrySchema, { error: "Izberite opremo s seznama." })
  .max(equipmentCodes.length)
  .transform((entries, ctx): EquipmentInputItem[] => {
    const items = entries.map(
      (e): EquipmentInputItem => ({
        code: e.code,
        kind: e.kind,
        packageName: e.packageName ?? null,
        ...(e.bareCode ? { bareCode: true as const } : {}),
      }),
    );
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.code)) ctx.addIssue({ code: "custom", path: [i], message: equipmentMessages.duplicate });
      seen.add(item.code);
      if (item.packageName !== null && item.kind !== "PACKAGE")
        ctx.addIssue({
          code: "custom",
          path: [i, "packageName"],
          message: equipmentMessages.packageNameOnlyForPackage,
        });
    });
    return items;
  });
