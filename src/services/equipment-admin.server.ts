import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { existingManufacturerCodes } from "~/db/catalog.server";
import { isGuardFailure } from "~/db/batch.server";
import {
  type DescriptorRow,
  deleteDescriptor,
  findDescriptor,
  insertDescriptor,
  listDescriptorCategories,
  listDescriptors,
  listDescriptorsOf,
  updateDescriptor,
} from "~/db/equipment-admin.server";
import {
  equipmentCodes,
  equipmentGroupLabels,
  equipmentGroupOf,
  equipmentGroups,
  equipmentLabels,
  type EquipmentCode,
} from "~/domain/equipment";
import { clashingDescriptor } from "~/domain/equipment-descriptor";
import { AppError, notFound } from "~/domain/errors";
import { equipmentAdminMessages, type EquipmentDescriptorValues } from "~/contracts/admin-equipment";
import type { AdminEquipmentDescriptor, EquipmentSegments } from "~/contracts/admin-equipment";

const msg = equipmentAdminMessages;

const fieldFailure = (field: string, message: string) =>
  new AppError(400, message, { code: "VALIDATION", fieldErrors: [{ field, kind: "INVALID", message }], errors: [] });

const toAdmin = (r: DescriptorRow): AdminEquipmentDescriptor => ({
  ...r,
  limitedToMakes: r.limitedToMakes ?? [],
  equipmentLabel: equipmentLabels[r.equipmentCode as EquipmentCode] ?? r.equipmentCode,
});

// Slovenian alphabetical order (č after c).
const collator = new Intl.Collator("sl");

/** `GET equipment-segments` (admins): every equipment code by segment, and the categories for suggestions. */
export async function equipmentSegments(db: Db): Promise<EquipmentSegments> {
  const used = await listDescriptorCategories(db);
  const categories = [...new Set([...used, ...equipmentGroups.map((g) => equipmentGroupLabels[g])])].sort(
    collator.compare,
  );
  return {
    segments: equipmentGroups.map((group) => ({
      code: group,
      label: equipmentGroupLabels[group],
      equipment: equipmentCodes
        .filter((c) => equipmentGroupOf(c) === group)
        .map((code) => ({ code, label: equipmentLabels[code] })),
    })),
    categories,
  };
}

/** `GET equipment-descriptor` (admins): every descriptor by equipment code. */
export async function listEquipmentDescriptors(db: Db): Promise<AdminEquipmentDescriptor[]> {
  return (await listDescriptors(db)).map(toAdmin);
}

/**
 * The rules the schema cannot check: every make exists, and no other descriptor of the same equipment
 * would be shown for the same make (two general ones, or two limited ones sharing a make).
 */
async function checkDescriptor(db: Db, values: EquipmentDescriptorValues, id?: number) {
  const known = await existingManufacturerCodes(db, values.limitedToMakes);
  if (values.limitedToMakes.some((make) => !known.has(make))) throw fieldFailure("limitedToMakes", msg.make);
  const clash = clashingDescriptor(
    (await listDescriptorsOf(db, values.equipmentCode)).map((d) => ({ ...d, limitedToMakes: d.limitedToMakes ?? [] })),
    { id, equipmentCode: values.equipmentCode, limitedToMakes: values.limitedToMakes },
  );
  if (clash)
    throw fieldFailure(
      values.limitedToMakes.length ? "limitedToMakes" : "equipmentCode",
      msg.clash.replace("{name}", clash.displayName),
    );
}

/** `POST equipment-descriptor` (admins): a new descriptor with its audit entry. */
export async function createEquipmentDescriptor(
  db: Db,
  actor: AuditActor,
  values: EquipmentDescriptorValues,
): Promise<AdminEquipmentDescriptor> {
  await checkDescriptor(db, values);
  const id = await insertDescriptor(db, values, actor);
  const row = await findDescriptor(db, id);
  if (!row) throw notFound(msg.notFound);
  return toAdmin(row);
}

/** `POST equipment-descriptor/{id}` (admins): the whole descriptor replaced, with its audit entry; 404 when unknown. */
export async function changeEquipmentDescriptor(
  db: Db,
  actor: AuditActor,
  id: number,
  values: EquipmentDescriptorValues,
): Promise<AdminEquipmentDescriptor> {
  const current = await findDescriptor(db, id);
  if (!current) throw notFound(msg.notFound);
  await checkDescriptor(db, values, id);
  try {
    await updateDescriptor(db, id, values, actor, current);
  } catch (err) {
    if (isGuardFailure(err, "audit_log.action")) throw notFound(msg.notFound);
    throw err;
  }
  const row = await findDescriptor(db, id);
  if (!row) throw notFound(msg.notFound);
  return toAdmin(row);
}

/** `DELETE equipment-descriptor/{id}` (admins): the descriptor goes, its audit entry keeps it; 404 when unknown. */
export async function removeEquipmentDescriptor(db: Db, actor: AuditActor, id: number) {
  const current = await findDescriptor(db, id);
  if (!current) throw notFound(msg.notFound);
  try {
    await deleteDescriptor(db, id, actor, current);
  } catch (err) {
    if (isGuardFailure(err, "audit_log.action")) throw notFound(msg.notFound);
    throw err;
  }
}
