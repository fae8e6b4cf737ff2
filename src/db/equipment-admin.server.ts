import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { auditEntry, type AuditActor, insertGuardedAudit } from "./audit.server";
import { auditLog } from "./schema/audit";
import { equipmentDescriptors } from "./schema/catalogue";

const descriptorColumns = {
  id: equipmentDescriptors.id,
  equipmentCode: equipmentDescriptors.equipmentCode,
  displayName: equipmentDescriptors.displayName,
  videoId: equipmentDescriptors.videoId,
  description: equipmentDescriptors.description,
  category: equipmentDescriptors.category,
  link: equipmentDescriptors.link,
  articleLink: equipmentDescriptors.articleLink,
  limitedToMakes: equipmentDescriptors.limitedToMakes,
  createdAt: equipmentDescriptors.createdAt,
};

/** Every descriptor, by equipment code then id. */
export function listDescriptors(db: Db) {
  return db
    .select(descriptorColumns)
    .from(equipmentDescriptors)
    .orderBy(asc(equipmentDescriptors.equipmentCode), asc(equipmentDescriptors.id))
    .all();
}
export type DescriptorRow = Awaited<ReturnType<typeof listDescriptors>>[number];

/** The descriptors of one equipment code (to find a clash before saving). */
export function listDescriptorsOf(db: Db, equipmentCode: string) {
  return db
    .select(descriptorColumns)
    .from(equipmentDescriptors)
    .where(eq(equipmentDescriptors.equipmentCode, equipmentCode))
    .all();
}

/** One descriptor by id. */
export function findDescriptor(db: Db, id: number) {
  return db.select(descriptorColumns).from(equipmentDescriptors).where(eq(equipmentDescriptors.id, id)).get();
}

/** The categories in use (for the form's suggestions). */
export async function listDescriptorCategories(db: Db) {
  const rows = await db.selectDistinct({ category: equipmentDescriptors.category }).from(equipmentDescriptors).all();
  return rows.flatMap((r) => (r.category ? [r.category] : []));
}

export type DescriptorValues = {
  equipmentCode: string;
  displayName: string;
  videoId: string;
  description: string | null;
  category: string | null;
  link: string;
  articleLink: string | null;
  limitedToMakes: string[];
};

/** Inserts a descriptor and its audit row in one batch; answers the new id. */
export async function insertDescriptor(db: Db, values: DescriptorValues, actor: AuditActor) {
  const [inserted] = await db.batch([
    db.insert(equipmentDescriptors).values(values).returning({ id: equipmentDescriptors.id }),
    // The statement before is the insert: last_insert_rowid() is the new descriptor's id.
    db
      .insert(auditLog)
      .values(
        auditEntry(
          actor,
          "equipment-descriptor.create",
          "equipment_descriptor",
          sql`last_insert_rowid()`,
          undefined,
          values,
        ),
      ),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error("equipment descriptor not inserted");
  return id;
}

// The audit row is written only while the descriptor still exists; else the batch fails with
// `isGuardFailure(err, "audit_log.action")` (another admin deleted it meanwhile) and nothing changes.
const stillThere = (id: number) => sql`EXISTS (SELECT 1 FROM equipment_descriptors WHERE id = ${id})`;

/** Changes a descriptor and writes its audit row in one batch (guarded: see `stillThere`). */
export async function updateDescriptor(
  db: Db,
  id: number,
  values: DescriptorValues,
  actor: AuditActor,
  before: unknown,
) {
  await db.batch([
    insertGuardedAudit(db, actor, "equipment-descriptor.update", stillThere(id), {
      entity: "equipment_descriptor",
      id,
      before,
      after: values,
    }),
    db.update(equipmentDescriptors).set(values).where(eq(equipmentDescriptors.id, id)),
  ]);
}

/** Deletes a descriptor with its audit row (the whole row as before) in one batch (guarded: see `stillThere`). */
export async function deleteDescriptor(db: Db, id: number, actor: AuditActor, before: unknown) {
  await db.batch([
    insertGuardedAudit(db, actor, "equipment-descriptor.delete", stillThere(id), {
      entity: "equipment_descriptor",
      id,
      before,
    }),
    db.delete(equipmentDescriptors).where(eq(equipmentDescriptors.id, id)),
  ]);
}
