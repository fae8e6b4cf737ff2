import { and, asc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { savedSearches, users } from "./schema";

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
  return db.select(columns).from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id)).all();
}

export async function insertSavedSearch(db: Db, values: { userId: number; name: string; query: string; unsubscribeToken: string; now: string }) {
  return db
    .insert(savedSearches)
    .values({ userId: values.userId, name: values.name, query: values.query, unsubscribeToken: values.unsubscribeToken, lastSeenAt: values.now, lastNotifiedAt: values.now, createdAt: values.now })
    .returning(columns)
    .get();
}

/** Deletes one of the user's saved searches; false when it is not theirs or does not exist. */
export async function deleteSavedSearch(db: Db, userId: number, id: number) {
  const gone = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id }).get();
  return gone !== undefined;
}

export async function markSavedSearchSeen(db: Db, userId: number, id: number, now: string) {
  const row = await db.update(savedSearches).set({ lastSeenAt: now }).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id }).get();
  return row !== undefined;
}

export async function disableAlertsByToken(db: Db, token: string) {
  const row = await db.update(savedSearches).set({ alertsEnabled: false }).where(eq(savedSearches.unsubscribeToken, token)).returning({ id: savedSearches.id }).get();
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
