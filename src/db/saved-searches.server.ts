import { and, asc, eq, sql } from "drizzle-orm";
import { insertWhere } from "./insert-where.server";
import type { Db } from "./client.server";
import { savedSearches } from "./schema/engagement";
import { users } from "./schema/users";

const columns = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  alertsEnabled: savedSearches.alertsEnabled,
  lastSeenAt: savedSearches.lastSeenAt,
  lastNotifiedAt: savedSearches.lastNotifiedAt,
  createdAt: savedSearches.createdAt,
};

export function listSavedSearches(db: Db, userId: number) {
  return db
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id))
    .all();
}

/**
 * Stores a saved search only while the user has fewer than `max` and none with the same criteria when the
 * insert runs (both in the statement, so parallel saves cannot pass them; the unique index of migration 0025
 * backs the second). Answers null when refused; `hasSavedCriteria` tells which.
 */
export async function insertSavedSearch(
  db: Db,
  values: { userId: number; name: string; query: string; criteria: string; unsubscribeToken: string; now: string },
  max: number,
) {
  const allowed = sql`(SELECT count(*) FROM ${savedSearches} WHERE ${savedSearches.userId} = ${values.userId}) < ${max}
    AND NOT EXISTS (SELECT 1 FROM ${savedSearches} WHERE ${savedSearches.userId} = ${values.userId} AND ${savedSearches.criteria} = ${values.criteria})`;
  const [row] = await db.all<{ id: number; name: string; query: string; alerts_enabled: number; created_at: string }>(
    insertWhere(
      savedSearches,
      {
        userId: values.userId,
        name: values.name,
        query: values.query,
        criteria: values.criteria,
        unsubscribeToken: values.unsubscribeToken,
        lastSeenAt: values.now,
        lastNotifiedAt: values.now,
        createdAt: values.now,
      },
      allowed,
      sql`id, name, query, alerts_enabled, created_at`,
    ),
  );
  return row
    ? {
        id: row.id,
        name: row.name,
        query: row.query,
        alertsEnabled: Boolean(row.alerts_enabled),
        createdAt: row.created_at,
      }
    : null;
}

/** Whether the user already has a saved search with these criteria. */
export async function hasSavedCriteria(db: Db, userId: number, criteria: string) {
  const row = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.criteria, criteria)))
    .get();
  return row !== undefined;
}

/** Marks one of the user's saved searches as seen now and answers its query; null when it is not theirs. */
export function openSavedSearch(db: Db, userId: number, id: number, now: string) {
  return db
    .update(savedSearches)
    .set({ lastSeenAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ query: savedSearches.query })
    .get();
}

/** Deletes one of the user's saved searches; false when it is not theirs or does not exist. */
export async function deleteSavedSearch(db: Db, userId: number, id: number) {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
    .get();
  return gone !== undefined;
}

export async function disableAlertsByToken(db: Db, token: string) {
  const row = await db
    .update(savedSearches)
    .set({ alertsEnabled: false })
    .where(eq(savedSearches.unsubscribeToken, token))
    .returning({ id: savedSearches.id })
    .get();
  return row !== undefined;
}

/** Saved searches with alerts on, with their owner's e-mail (for the daily job). */
export function listAlertingSearches(db: Db) {
  return db
    .select({ ...columns, unsubscribeToken: savedSearches.unsubscribeToken, email: users.email, userId: users.id })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(eq(savedSearches.alertsEnabled, true), eq(users.disabled, false)))
    .all();
}

export async function markNotified(db: Db, id: number, now: string) {
  await db.update(savedSearches).set({ lastNotifiedAt: now }).where(eq(savedSearches.id, id));
}
