import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SocialProviderId } from "~/domain/social";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { favorites, savedSearches } from "./schema/engagement";
import { featuringPurchases } from "./schema/featuring";
import { postings } from "./schema/postings";
import { mergeRequests, oauthStates, pendingIdentityLinks, sessions, userIdentities, users } from "./schema/users";

export async function insertOAuthState(
  db: Db,
  values: {
    state: string;
    provider: SocialProviderId;
    codeVerifier: string;
    redirectUrl: string;
    emailHint: string | null;
    expiresAt: string;
    linkUserId: number | null;
  },
) {
  await db.insert(oauthStates).values(values);
}

/** Takes (deletes and answers) an unexpired state issued for this provider: each state works once. */
export async function takeOAuthState(db: Db, state: string, provider: SocialProviderId, now = new Date()) {
  return (
    (await db
      .delete(oauthStates)
      .where(
        and(
          eq(oauthStates.state, state),
          eq(oauthStates.provider, provider),
          gt(oauthStates.expiresAt, now.toISOString()),
        ),
      )
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
  return db
    .select({ id: users.id, email: users.email, disabled: users.disabled, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, id))
    .get();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .select({ id: users.id, email: users.email, disabled: users.disabled })
    .from(users)
    .where(eq(users.email, email))
    .get();
}

/** Links a provider identity to a user (a repeat link of the same identity is a no-op). Await it, or put it in a batch. */
export function linkIdentity(
  db: Db,
  values: { provider: SocialProviderId; subject: string; userId: number; email: string | null },
) {
  return db
    .insert(userIdentities)
    .values(values)
    .onConflictDoUpdate({ target: [userIdentities.provider, userIdentities.subject], set: { userId: values.userId } });
}

/** Gives a user without an e-mail (a legacy phone account) its address: the account is now migrated. Await it, or put it in a batch. */
export function setUserEmail(db: Db, userId: number, email: string) {
  return db.update(users).set({ email }).where(eq(users.id, userId));
}

/**
 * Moves a legacy account into an existing one, atomically: postings, favourites, saved searches,
 * purchases and identities change owner; the phone moves (unverified) only with `takePhone` and when
 * the target has none; names fill gaps;
 * the old account is disabled and signed out; the target is flagged so it sees the merge notice.
 * Returns the statements, for the caller's batch with the rest of the sign-in (none when `fromId` is unknown).
 */
export async function mergeStatements(
  db: Db,
  fromId: number,
  intoId: number,
  now = new Date(),
  options: { takePhone?: boolean } = {},
): Promise<BatchItem<"sqlite">[]> {
  const from = await db
    .select({ phoneNumber: users.phoneNumber, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, fromId))
    .get();
  if (!from) return [];
  // The phone moves only when the target's owner chose it on the consent page, and then unverified:
  // it never silently becomes the target's verified phone (issue 19, rule 4).
  const phone = options.takePhone ? from.phoneNumber : null;
  return [
    db.update(postings).set({ userId: intoId }).where(eq(postings.userId, fromId)),
    db
      .insert(favorites)
      .select(
        db
          .select({
            userId: sql<number>`${intoId}`.as("user_id"),
            postingId: favorites.postingId,
            priceAtLike: favorites.priceAtLike,
            priceAlert: favorites.priceAlert,
            priceAlertTold: favorites.priceAlertTold,
            priceAlertToldAt: favorites.priceAlertToldAt,
            createdAt: favorites.createdAt,
          })
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
        phoneVerified: sql`CASE WHEN ${users.phoneNumber} IS NULL THEN 0 ELSE ${users.phoneVerified} END`,
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

/** A social identity waiting for the signed-in owner of `email` to confirm it (decision 031). */
export type PendingIdentityLink = typeof pendingIdentityLinks.$inferSelect;

export async function insertPendingLink(db: Db, values: typeof pendingIdentityLinks.$inferInsert) {
  await db.insert(pendingIdentityLinks).values(values);
}

/** The browser's pending link (by the hash of its cookie), while unexpired. */
export async function findPendingLink(db: Db, id: string, now = new Date()) {
  return (
    (await db
      .select()
      .from(pendingIdentityLinks)
      .where(and(eq(pendingIdentityLinks.id, id), gt(pendingIdentityLinks.expiresAt, now.toISOString())))
      .get()) ?? null
  );
}

/** Takes (deletes and answers) the pending link, only when it is for `email`: a confirmation works once. */
export async function takePendingLink(db: Db, id: string, email: string, now = new Date()) {
  return (
    (await db
      .delete(pendingIdentityLinks)
      .where(
        and(
          eq(pendingIdentityLinks.id, id),
          eq(pendingIdentityLinks.email, email),
          gt(pendingIdentityLinks.expiresAt, now.toISOString()),
        ),
      )
      .returning()
      .get()) ?? null
  );
}

export async function deletePendingLink(db: Db, id: string) {
  await db.delete(pendingIdentityLinks).where(eq(pendingIdentityLinks.id, id));
}

/**
 * Links an identity to a user unless it is linked to another account already (it never moves an
 * identity away from its account). Answers the user the identity belongs to afterwards.
 */
export async function linkIdentityIfFree(
  db: Db,
  values: { provider: SocialProviderId; subject: string; userId: number; email: string | null },
) {
  await db.insert(userIdentities).values(values).onConflictDoNothing();
  return (await findIdentityUser(db, values.provider, values.subject)) ?? null;
}

/** A request to merge a legacy account into `targetUserId`, for the caller's batch (decision 032). */
export function insertMergeRequest(
  db: Db,
  values: { legacyUserId: number; targetUserId: number; redirectUrl: string; expiresAt: string },
) {
  return db.insert(mergeRequests).values(values);
}

/** The newest unexpired merge request waiting for the target's owner. */
export async function findMergeRequest(db: Db, targetUserId: number, now = new Date()) {
  return (
    (await db
      .select()
      .from(mergeRequests)
      .where(and(eq(mergeRequests.targetUserId, targetUserId), gt(mergeRequests.expiresAt, now.toISOString())))
      .orderBy(desc(mergeRequests.id))
      .limit(1)
      .get()) ?? null
  );
}

/** Takes (deletes and answers) one merge request of this target: the one statement that lets a merge run once. */
export async function takeMergeRequest(db: Db, id: number, targetUserId: number, now = new Date()) {
  return (
    (await db
      .delete(mergeRequests)
      .where(
        and(
          eq(mergeRequests.id, id),
          eq(mergeRequests.targetUserId, targetUserId),
          gt(mergeRequests.expiresAt, now.toISOString()),
        ),
      )
      .returning()
      .get()) ?? null
  );
}

/** The target's owner declined: every request waiting for them is gone. */
export async function deleteMergeRequests(db: Db, targetUserId: number) {
  await db.delete(mergeRequests).where(eq(mergeRequests.targetUserId, targetUserId));
}

/** What a merge would move out of the legacy account: its postings, favourites, saved searches and phone. */
export async function mergePreview(db: Db, legacyUserId: number) {
  const [owned, liked, saved, legacy] = await Promise.all([
    db
      .select({
        code: postings.code,
        status: postings.status,
        manufacturerName: manufacturers.name,
        modelName: baseModels.name,
        trimName: postings.trimName,
      })
      .from(postings)
      .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
      .where(eq(postings.userId, legacyUserId))
      .orderBy(desc(postings.id))
      .limit(50)
      .all(),
    db.select({ n: count() }).from(favorites).where(eq(favorites.userId, legacyUserId)).get(),
    db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, legacyUserId)).get(),
    findUserById(db, legacyUserId),
  ]);
  return {
    postings: owned,
    favourites: liked?.n ?? 0,
    savedSearches: saved?.n ?? 0,
    phoneNumber: legacy?.phoneNumber ?? null,
  };
}
