import type { Db } from "./client.server";
import { auditLog } from "./schema/audit";

/** Appends to the audit log (who, what, when, before/after). */
export async function writeAudit(
  db: Db,
  entry: {
    actorUserId: number | null;
    impersonatedUserId?: number | null;
    action: string;
    entity: string;
    entityId?: string | null;
    before?: unknown;
    after?: unknown;
  },
) {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    impersonatedUserId: entry.impersonatedUserId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    beforeJson: entry.before === undefined ? null : JSON.stringify(entry.before),
    afterJson: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}
