import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { wizardSelections } from "./schema/postings";

export type WizardSelectionRow = typeof wizardSelections.$inferSelect;

/** Stores a signed-out seller's vehicle choice under the hash of its token. */
export async function insertWizardSelection(db: Db, values: typeof wizardSelections.$inferInsert) {
  await db.insert(wizardSelections).values(values);
}

/** An unexpired selection nobody else has claimed (unclaimed, or claimed by `userId`). */
export function findOpenWizardSelection(db: Db, tokenHash: string, userId: number | null, now: Date) {
  return db
    .select()
    .from(wizardSelections)
    .where(
      and(
        eq(wizardSelections.tokenHash, tokenHash),
        gt(wizardSelections.expiresAt, now.toISOString()),
        userId === null
          ? isNull(wizardSelections.userId)
          : or(isNull(wizardSelections.userId), eq(wizardSelections.userId, userId)),
      ),
    )
    .get();
}

/**
 * Claims a selection for `userId` in one conditional UPDATE, only while it is unexpired and unclaimed:
 * of two parallel claims exactly one gets the row (one draft per selection); anyone else changes nothing.
 */
export function claimWizardSelection(db: Db, tokenHash: string, userId: number, now: Date) {
  return db
    .update(wizardSelections)
    .set({ userId })
    .where(
      and(
        eq(wizardSelections.tokenHash, tokenHash),
        gt(wizardSelections.expiresAt, now.toISOString()),
        isNull(wizardSelections.userId),
      ),
    )
    .returning()
    .get();
}

/** Records the draft made from a claimed selection (only the first one: a parallel claim keeps its own). */
export async function setWizardSelectionPosting(db: Db, tokenHash: string, userId: number, postingId: number) {
  const row = await db
    .update(wizardSelections)
    .set({ postingId })
    .where(
      and(
        eq(wizardSelections.tokenHash, tokenHash),
        eq(wizardSelections.userId, userId),
        isNull(wizardSelections.postingId),
      ),
    )
    .returning({ postingId: wizardSelections.postingId })
    .get();
  return row !== undefined;
}

/** Gives a claim back when no draft came of it (a cap or a duplicate VIN refused it), so the owner can retry. */
export async function releaseWizardSelection(db: Db, tokenHash: string, userId: number) {
  await db
    .update(wizardSelections)
    .set({ userId: null })
    .where(
      and(
        eq(wizardSelections.tokenHash, tokenHash),
        eq(wizardSelections.userId, userId),
        isNull(wizardSelections.postingId),
      ),
    );
}

/** The daily cron: selections past their expiry are of no use to anyone. */
export async function deleteExpiredWizardSelections(db: Db, now: Date) {
  const rows = await db
    .delete(wizardSelections)
    .where(lte(wizardSelections.expiresAt, now.toISOString()))
    .returning({ n: sql<number>`1` });
  return rows.length;
}
