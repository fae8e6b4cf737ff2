import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AuditAction, AuditEntity } from "~/domain/audit-labels";
import { guardedValue } from "./batch.server";
import type { Db } from "./client.server";
import { auditLog } from "./schema/audit";
import { dealerships } from "./schema/dealerships";
import { users } from "./schema/users";

/** Who acted: the real person (when impersonating, plus whom they acted as). */
export type AuditActor = { actorUserId: number; impersonatedUserId: number | null };

/** The audit log: the rows written with each change, and the admin's pages of it. */

const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** An audit-log row's values, to insert in the same batch as the change it records (before and after as JSON). */
export function auditEntry<A extends AuditAction | SQL, I extends string | SQL>(
  actor: AuditActor,
  action: A,
  entity: AuditEntity,
  entityId: I | number,
  before?: unknown,
  after?: unknown,
) {
  return {
    actorUserId: actor.actorUserId,
    impersonatedUserId: actor.impersonatedUserId,
    action,
    entity,
    entityId: typeof entityId === "number" ? String(entityId) : entityId,
    beforeJson: asJson(before),
    afterJson: asJson(after),
  };
}

/** An action written only while `guard` holds (see `guardedValue`): the typed action keeps its label. */
export const guardedAction = (action: AuditAction, guard: SQL) => guardedValue(action, guard);

/**
 * The audit row of a guarded change, for its batch: written only while `guard` holds, else the batch
 * fails with `isGuardFailure(err, "audit_log.action")` and nothing in it changes.
 */
export function insertGuardedAudit(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  guard: SQL,
  row: { entity: AuditEntity; id: number; before: unknown; after?: unknown },
) {
  return db
    .insert(auditLog)
    .values(auditEntry(actor, guardedAction(action, guard), row.entity, String(row.id), row.before, row.after));
}

/** Appends to the audit log on its own (who, what, when, before/after). */
export async function writeAudit(
  db: Db,
  entry: {
    actorUserId: number | null;
    impersonatedUserId?: number | null;
    action: AuditAction;
    entity: AuditEntity;
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
    beforeJson: asJson(entry.before),
    afterJson: asJson(entry.after),
  });
}

const actorUser = alias(users, "actor_user");
const impersonatedUser = alias(users, "impersonated_user");

/** Case-insensitive "contains" (instr: no LIKE wildcards to escape). */
const contains = (q: string, column: SQL) => sql`instr(lower(coalesce(${column}, '')), lower(${q})) > 0`;

/**
 * One page of the audit log, newest first, with the actor's and the impersonated user's names and
 * e-mails; optionally of one entity and of one actor (user id, or part of the name or e-mail).
 */
export async function listAuditLog(db: Db, options: { entity?: string; actor?: string; page: number; size: number }) {
  const actor = options.actor;
  const where = and(
    options.entity ? eq(auditLog.entity, options.entity) : undefined,
    actor
      ? /^\d{1,12}$/.test(actor)
        ? eq(auditLog.actorUserId, Number(actor))
        : or(
            contains(actor, sql`${actorUser.email}`),
            contains(actor, sql`${actorUser.firstName} || ' ' || ${actorUser.lastName}`),
          )
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        beforeJson: auditLog.beforeJson,
        afterJson: auditLog.afterJson,
        actorId: auditLog.actorUserId,
        actorFirstName: actorUser.firstName,
        actorLastName: actorUser.lastName,
        actorEmail: actorUser.email,
        impersonatedId: auditLog.impersonatedUserId,
        impersonatedFirstName: impersonatedUser.firstName,
        impersonatedLastName: impersonatedUser.lastName,
        impersonatedEmail: impersonatedUser.email,
      })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
      .leftJoin(impersonatedUser, eq(impersonatedUser.id, auditLog.impersonatedUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .all(),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type AuditLogRow = Awaited<ReturnType<typeof listAuditLog>>["rows"][number];

/** The entities the log holds, for the filter. */
export async function listAuditEntities(db: Db) {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity).all();
  return rows.map((r) => r.entity);
}

/** The codes of dealerships named by id in the log (their admin screen is found by code); deleted ones are absent. */
export async function dealershipCodesById(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: dealerships.id, code: dealerships.code })
    .from(dealerships)
    .where(inArray(dealerships.id, ids))
    .all();
  return new Map(rows.flatMap((r) => (r.code ? [[r.id, r.code] as const] : [])));
}
