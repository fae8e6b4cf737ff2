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
 * Stores a saved search only while the user has fewer than `max` when the insert runs (the cap is
 * in the statement, so parallel saves cannot pass it). Answers null at the cap.
 */
export async function insertSavedSearch(
  db: Db,
  values: { userId: number; name: string; query: string; unsubscribeToken: string; now: string },
  max: number,
) {
  const underCap = sql`(SELECT count(*) FROM ${savedSearches} WHERE ${savedSearches.userId} = ${values.userId}) < ${max}`;
  const [row] = await db.all<{ id: number; name: string; query: string; alerts_enabled: number; created_at: string }>(
    insertWhere(
      savedSearches,
      {
        userId: values.userId,
        name: values.name,
        query: values.query,
        unsubscribeToken: values.unsubscribeToken,
        lastSeenAt: values.now,
        lastNotifiedAt: values.now,
        createdAt: values.now,
      },
      underCap,
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

/** Deletes one of the user's saved searches; false when it is not theirs or does not exist. */
export async function deleteSavedSearch(db: Db, userId: number, id: number) {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
    .get();
  return gone !== undefined;
}

export async function markSavedSearchSeen(db: Db, userId: number, id: number, now: string) {
  const row = await db
    .update(savedSearches)
    .set({ lastSeenAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
    .get();
  return row !== undefined;
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
