import { and, eq, gt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SocialProviderId } from "~/domain/social";
import type { Db } from "./client.server";
import { favorites, featuringPurchases, oauthStates, postings, savedSearches, sessions, userIdentities, users } from "./schema";

export async function insertOAuthState(
  db: Db,
  values: { state: string; provider: SocialProviderId; codeVerifier: string; redirectUrl: string; emailHint: string | null; expiresAt: string; linkUserId: number | null },
) {
  await db.insert(oauthStates).values(values);
}

/** Takes (deletes and answers) an unexpired state issued for this provider: each state works once. */
export async function takeOAuthState(db: Db, state: string, provider: SocialProviderId, now = new Date()) {
  return (
    (await db
      .delete(oauthStates)
      .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider), gt(oauthStates.expiresAt, now.toISOString())))
      .returning()
      .get()) ?? null
  );
}

export function findIdentityUser(db: Db, provider: SocialProviderId, subject: string) {
  return db
    .select({ id: users.id, email: users.email, disabled: users.disabled })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .get();
}

export function findUserById(db: Db, id: number) {
  return db.select({ id: users.id, email: users.email, disabled: users.disabled, phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, id)).get();
}

export function findUserByEmail(db: Db, email: string) {
  return db.select({ id: users.id, email: users.email, disabled: users.disabled }).from(users).where(eq(users.email, email)).get();
}

/** Links a provider identity to a user (a repeat link of the same identity is a no-op). Await it, or put it in a batch. */
export function linkIdentity(db: Db, values: { provider: SocialProviderId; subject: string; userId: number; email: string | null }) {
  return db.insert(userIdentities).values(values).onConflictDoUpdate({ target: [userIdentities.provider, userIdentities.subject], set: { userId: values.userId } });
}

/** Gives a user without an e-mail (a legacy phone account) its address: the account is now migrated. Await it, or put it in a batch. */
export function setUserEmail(db: Db, userId: number, email: string) {
  return db.update(users).set({ email }).where(eq(users.id, userId));
}

/**
 * Moves a legacy account into an existing one, atomically: postings, favourites, saved searches,
 * purchases and identities change owner; the phone moves when the target has none; names fill gaps;
 * the old account is disabled and signed out; the target is flagged so it sees the merge notice.
 * Returns the statements, for the caller's batch with the rest of the sign-in (none when `fromId` is unknown).
 */
export async function mergeStatements(db: Db, fromId: number, intoId: number, now = new Date()): Promise<BatchItem<"sqlite">[]> {
  const from = await db.select({ phoneNumber: users.phoneNumber, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, fromId)).get();
  if (!from) return [];
  const phone = from.phoneNumber;
  return [
    db.update(postings).set({ userId: intoId }).where(eq(postings.userId, fromId)),
    db
      .insert(favorites)
      .select(
        db
          .select({ userId: sql<number>`${intoId}`.as("user_id"), postingId: favorites.postingId, priceAtLike: favorites.priceAtLike, createdAt: favorites.createdAt })
          .from(favorites)
          .where(eq(favorites.userId, fromId)),
      )
      .onConflictDoNothing(),
    db.delete(favorites).where(eq(favorites.userId, fromId)),
    db.update(savedSearches).set({ userId: intoId }).where(eq(savedSearches.userId, fromId)),
    db.update(featuringPurchases).set({ userId: intoId }).where(eq(featuringPurchases.userId, fromId)),
    db.update(userIdentities).set({ userId: intoId }).where(eq(userIdentities.userId, fromId)),
    db.update(users).set({ phoneNumber: null, disabled: true }).where(eq(users.id, fromId)),
    db
      .update(users)
      .set({
        phoneNumber: sql`COALESCE(${users.phoneNumber}, ${phone})`,
        phoneVerified: sql`CASE WHEN ${users.phoneNumber} IS NULL AND ${phone} IS NOT NULL THEN 1 ELSE ${users.phoneVerified} END`,
        firstName: sql`COALESCE(${users.firstName}, ${from.firstName})`,
        lastName: sql`COALESCE(${users.lastName}, ${from.lastName})`,
        accountsWereMerged: true,
      })
      .where(eq(users.id, intoId)),
    db.update(sessions).set({ revokedAt: now.toISOString() }).where(eq(sessions.userId, fromId)),
  ];
}

/** The merge notice has been shown. */
export async function clearMergedFlag(db: Db, userId: number) {
  await db.update(users).set({ accountsWereMerged: false }).where(eq(users.id, userId));
}
