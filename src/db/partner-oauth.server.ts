import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { SessionUser } from "~/domain/session";
import type { Db } from "./client.server";
import { dealerships } from "./schema/dealerships";
import { oauthCodes, oauthConsentSessions, oauthTokens, partnerApplications } from "./schema/partner-oauth";
import { users } from "./schema/users";
import { callerUserColumns } from "./users.server";

export type ConsentSessionStatus = (typeof oauthConsentSessions.$inferSelect)["status"];

/** A registered partner application by its code (client_id). */
export function findPartnerByCode(db: Db, code: string) {
  return db
    .select({
      id: partnerApplications.id,
      code: partnerApplications.code,
      name: partnerApplications.name,
      redirectUris: partnerApplications.redirectUris,
      clientSecretHash: partnerApplications.clientSecretHash,
    })
    .from(partnerApplications)
    .where(eq(partnerApplications.code, code))
    .get();
}

/** Stores a new consent session (status PENDING). */
export async function insertConsentSession(db: Db, values: typeof oauthConsentSessions.$inferInsert) {
  await db.insert(oauthConsentSessions).values(values);
}

/** A consent session with its partner's code and name. */
export function findConsentSession(db: Db, id: string) {
  return db
    .select({
      id: oauthConsentSessions.id,
      partnerId: oauthConsentSessions.partnerId,
      redirectUrl: oauthConsentSessions.redirectUrl,
      state: oauthConsentSessions.state,
      codeChallenge: oauthConsentSessions.codeChallenge,
      status: oauthConsentSessions.status,
      expiresAt: oauthConsentSessions.expiresAt,
      partnerCode: partnerApplications.code,
      partnerName: partnerApplications.name,
    })
    .from(oauthConsentSessions)
    .innerJoin(partnerApplications, eq(partnerApplications.id, oauthConsentSessions.partnerId))
    .where(eq(oauthConsentSessions.id, id))
    .get();
}

/** Moves a still-PENDING session to another status; answers whether it was still pending (so two finishes cannot both win). */
export async function closeConsentSession(
  db: Db,
  id: string,
  status: Exclude<ConsentSessionStatus, "PENDING">,
  userId: number | null,
) {
  const rows = await db
    .update(oauthConsentSessions)
    .set({ status, userId })
    .where(and(eq(oauthConsentSessions.id, id), eq(oauthConsentSessions.status, "PENDING")))
    .returning({ id: oauthConsentSessions.id });
  return rows.length > 0;
}

/** Stores an authorization code (by hash). */
export async function insertAuthorizationCode(db: Db, values: typeof oauthCodes.$inferInsert) {
  await db.insert(oauthCodes).values(values);
}

/** An authorization code by its hash. */
export function findAuthorizationCode(db: Db, codeHash: string) {
  return db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).get();
}

/** Marks a code used; answers false when it already was (a replay), atomically. */
export async function claimAuthorizationCode(db: Db, codeHash: string, now: Date) {
  const rows = await db
    .update(oauthCodes)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning({ codeHash: oauthCodes.codeHash });
  return rows.length > 0;
}

/** Stores an access token (by hash). */
export async function insertAccessToken(db: Db, values: typeof oauthTokens.$inferInsert) {
  await db.insert(oauthTokens).values(values);
}

/** Revokes every live token issued for one authorization code. */
export async function revokeTokensOfCode(db: Db, codeHash: string, now: Date) {
  await db
    .update(oauthTokens)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(oauthTokens.codeHash, codeHash), isNull(oauthTokens.revokedAt)));
}

/**
 * The user behind a live partner token: not revoked or expired, the account enabled and still a
 * member of the dealership the grant was made for.
 */
export async function findTokenUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: SessionUser; scope: string; createdAt: string } | null> {
  const row = await db
    .select({
      scope: oauthTokens.scope,
      createdAt: oauthTokens.createdAt,
      user: callerUserColumns,
    })
    .from(oauthTokens)
    .innerJoin(users, and(eq(users.id, oauthTokens.userId), eq(users.dealershipId, oauthTokens.dealershipId)))
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, now.toISOString()),
        eq(users.disabled, false),
      ),
    )
    .get();
  return row ?? null;
}

/** The dealership's live partner tokens with partner and granting user, newest first. */
export function listLiveDealershipTokens(db: Db, dealershipId: number, now: Date) {
  return db
    .select({
      partnerCode: partnerApplications.code,
      partnerName: partnerApplications.name,
      createdAt: oauthTokens.createdAt,
      expiresAt: oauthTokens.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(oauthTokens)
    .innerJoin(partnerApplications, eq(partnerApplications.id, oauthTokens.partnerId))
    .innerJoin(users, eq(users.id, oauthTokens.userId))
    .where(
      and(
        eq(oauthTokens.dealershipId, dealershipId),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, now.toISOString()),
      ),
    )
    .orderBy(desc(oauthTokens.createdAt))
    .all();
}

/** Revokes a partner's live tokens for a dealership; answers how many were revoked. */
export async function revokeDealershipPartnerTokens(db: Db, dealershipId: number, partnerId: number, now: Date) {
  const rows = await db
    .update(oauthTokens)
    .set({ revokedAt: now.toISOString() })
    .where(
      and(
        eq(oauthTokens.dealershipId, dealershipId),
        eq(oauthTokens.partnerId, partnerId),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, now.toISOString()),
      ),
    )
    .returning({ tokenHash: oauthTokens.tokenHash });
  return rows.length;
}

/** A dealership's display name (public name first). */
export async function findDealershipName(db: Db, id: number) {
  const row = await db
    .select({ name: dealerships.name, publicName: dealerships.publicName })
    .from(dealerships)
    .where(eq(dealerships.id, id))
    .get();
  return row ? (row.publicName ?? row.name) : null;
}
