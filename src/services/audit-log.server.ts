import { type AuditLogRow, dealershipCodesById, listAuditEntities, listAuditLog } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import type { AuditLogQuery } from "~/contracts/admin-audit";
import { auditEntityHref } from "~/domain/audit-labels";
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

const toEntry = (r: AuditLogRow, codes: Map<number, string>): AuditEntry => {
  const before = parsed(r.beforeJson);
  const after = parsed(r.afterJson);
  const code = r.entity === "dealership" && r.entityId ? codes.get(Number(r.entityId)) : undefined;
  return {
    id: r.id,
    createdAt: r.createdAt,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    href: auditEntityHref({ entity: r.entity, entityId: r.entityId, before, after, code }),
    actor: person(r.actorId, r.actorFirstName, r.actorLastName, r.actorEmail),
    impersonated: person(r.impersonatedId, r.impersonatedFirstName, r.impersonatedLastName, r.impersonatedEmail),
    before,
    after,
  };
};

// Dealerships are logged by id after their creation; their admin screen is found by code.
const dealershipIds = (rows: AuditLogRow[]) => [
  ...new Set(
    rows.flatMap((r) =>
      r.entity === "dealership" && r.entityId && /^\d+$/.test(r.entityId) ? [Number(r.entityId)] : [],
    ),
  ),
];

/** `GET audit-log` (admins): one page, newest first, filtered by entity and actor; plus the entities for the filter. */
export async function auditLogPage(db: Db, query: AuditLogQuery): Promise<AuditLogPage> {
  const page = query.page ?? 1;
  const [{ rows, total }, entities] = await Promise.all([
    listAuditLog(db, { entity: query.entity, actor: query.actor, page, size: auditLogPageSize }),
    listAuditEntities(db),
  ]);
  const codes = await dealershipCodesById(db, dealershipIds(rows));
  return { total, page, size: auditLogPageSize, entries: rows.map((r) => toEntry(r, codes)), entities };
}
