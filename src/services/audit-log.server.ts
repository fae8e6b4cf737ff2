import { type AuditLogRow, listAuditEntities, listAuditLog } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import type { AuditLogQuery } from "~/contracts/admin-audit";
import type { AuditEntry, AuditLogPage } from "~/contracts/admin-audit";

export const auditLogPageSize = 25;

type Person = { id: number; name: string | null; email: string | null };

// A snapshot written by hand (or truncated) is shown as its text rather than failing the page.
const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const person = (id: number | null, first: string | null, last: string | null, email: string | null): Person | null =>
  id === null ? null : { id, name: [first, last].filter(Boolean).join(" ") || null, email };

const toEntry = (r: AuditLogRow): AuditEntry => ({
  id: r.id,
  createdAt: r.createdAt,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  actor: person(r.actorId, r.actorFirstName, r.actorLastName, r.actorEmail),
  impersonated: person(r.impersonatedId, r.impersonatedFirstName, r.impersonatedLastName, r.impersonatedEmail),
  before: parsed(r.beforeJson),
  after: parsed(r.afterJson),
});

/** `GET audit-log` (admins): one page, newest first, filtered by entity and actor; plus the entities for the filter. */
export async function auditLogPage(db: Db, query: AuditLogQuery): Promise<AuditLogPage> {
  const page = query.page ?? 1;
  const [{ rows, total }, entities] = await Promise.all([
    listAuditLog(db, { entity: query.entity, actor: query.actor, page, size: auditLogPageSize }),
    listAuditEntities(db),
  ]);
  return { total, page, size: auditLogPageSize, entries: rows.map(toEntry), entities };
}
