import { and, eq, gt, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SessionInfo, SessionUser } from "~/domain/session";
import type { Db } from "./client.server";
import { dealerships } from "./schema/dealerships";
import { sessions, users } from "./schema/users";

/** Verified only while the number an admin verified is the number on the profile (decision 039). */
export const membershipVerified =
  sql<boolean>`coalesce(${users.amzsMembershipVerifiedNumber} = ${users.amzsMembershipNumber}, 0)`.mapWith((v) =>
    Boolean(v),
  );

/** The account fields every signed-in caller carries; a partner token's user has exactly these. */
export const callerUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  phoneVerified: users.phoneVerified,
  amzsMembershipNumber: users.amzsMembershipNumber,
  amzsAdmin: users.amzsAdmin,
  amzsPostingEditor: users.amzsPostingEditor,
  accountsWereMerged: users.accountsWereMerged,
  dealershipId: users.dealershipId,
  dealershipRole: users.dealershipRole,
  registeredAt: users.registeredAt,
} as const;

/** A session's user: the caller's fields and whether the membership is verified. */
const sessionUserColumns = { ...callerUserColumns, amzsMembershipVerified: membershipVerified } as const;

/** A column under an alias of its own, decoded by the column's own mapper. */
const col = <C extends AnySQLiteColumn>(column: C, name: string) =>
  sql<C["_"]["data"]>`${column}`.mapWith(column).as(name);

/**
 * The live (not revoked, not expired) session with this token hash and its enabled user, as ONE statement that a
 * lookup runs alone (`findActiveSession`) and a page's read may put first in its own batch (issue 27, decision 089:
 * the posting page's batch). Every column has an alias of its own: a D1 batch answers rows as objects keyed by
 * column name, which sessions, users and dealerships share (`id`, `name`, …). `withProfile` reads what `GET me`
 * answers (liked postings, the dealership) in the same statement. `hash` and `now` (ISO) may be placeholders.
 */
export function sessionStatement(db: Db, hash: string | Placeholder, now: string | Placeholder, withProfile: boolean) {
  const user = Object.fromEntries(
    Object.entries(callerUserColumns).map(([key, column]) => [key, col(column, `su_${key}`)]),
  ) as { [K in keyof typeof callerUserColumns]: SQL.Aliased<(typeof callerUserColumns)[K]["_"]["data"]> };
  return db
    .select({
      sessionId: col(sessions.id, "s_id"),
      impersonatorUserId: col(sessions.impersonatorUserId, "s_impersonator"),
      createdAt: col(sessions.createdAt, "s_created"),
      rotatedAt: col(sessions.rotatedAt, "s_rotated"),
      user: { ...user, amzsMembershipVerified: membershipVerified.as("su_amzsMembershipVerified") },
      liked: (withProfile
        ? sql<string | null>`(SELECT json_group_array(posting_id) FROM favorites WHERE user_id = ${users.id})`
        : sql<null>`NULL`
      ).as("s_liked"),
      dealershipCode: (withProfile ? sql<string | null>`${dealerships.code}` : sql<null>`NULL`).as("s_dcode"),
      dealershipPublicName: (withProfile ? sql<string | null>`${dealerships.publicName}` : sql<null>`NULL`).as(
        "s_dpublic",
      ),
      dealershipName: (withProfile ? sql<string | null>`${dealerships.name}` : sql<null>`NULL`).as("s_dname"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(dealerships, eq(dealerships.id, users.dealershipId))
    .where(
      and(eq(sessions.id, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.disabled, false)),
    );
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionStatement>["all"]>>[number];

/** A session's row (from `sessionStatement`, alone or in a batch) as the API's session; none: signed out. */
export function toSessionInfo(row: SessionRow | undefined, withProfile: boolean): SessionInfo | null {
  if (!row) return null;
  const user: SessionUser = row.user;
  return {
    id: row.sessionId,
    user,
    impersonatorUserId: row.impersonatorUserId,
    issuedAt: row.createdAt,
    rotated: row.rotatedAt !== null,
    ...(withProfile && {
      profile: {
        likedPostings: JSON.parse(row.liked ?? "[]") as number[],
        dealership:
          row.dealershipName !== null
            ? { code: row.dealershipCode, publicName: row.dealershipPublicName, name: row.dealershipName }
            : null,
      },
    }),
  };
}

/** The live session with this token hash and its enabled user (`sessionStatement`, run alone); null: signed out. */
export async function findActiveSession(
  db: Db,
  sessionHash: string,
  now = new Date(),
  withProfile = false,
): Promise<SessionInfo | null> {
  return toSessionInfo(await sessionStatement(db, sessionHash, now.toISOString(), withProfile).get(), withProfile);
}

/**
 * Replaces a session by a new one with a fresh lifetime. The old token keeps working for a minute,
 * so requests already in flight with it are not signed out.
 */
export async function rotateSession(
  db: Db,
  oldHash: string,
  next: { id: string; userId: number; expiresAt: string },
  now = new Date(),
) {
  const grace = new Date(now.getTime() + 60_000).toISOString();
  await db.batch([
    db.insert(sessions).values(next),
    db
      .update(sessions)
      .set({ rotatedAt: now.toISOString(), expiresAt: grace })
      .where(and(eq(sessions.id, oldHash), isNull(sessions.rotatedAt))),
  ]);
}

/** Stores a session for a token hash (the token itself never reaches D1). Await it, or put it in a batch. */
export function insertSession(
  db: Db,
  values: { id: string; userId: number; expiresAt: string; impersonatorUserId?: number | null },
) {
  return db.insert(sessions).values(values);
}

/** Marks a session revoked; later requests with its token are signed out. */
export async function revokeSession(db: Db, sessionHash: string, now = new Date()) {
  await db.update(sessions).set({ revokedAt: now.toISOString() }).where(eq(sessions.id, sessionHash));
}

/** Saves the profile fields; the first save also records acceptance of the terms. */
export async function updateProfile(
  db: Db,
  userId: number,
  values: { firstName: string; lastName: string; amzsMembershipNumber: string | null },
  now = new Date(),
) {
  const current = await db
    .select({ acceptedTermsAt: users.acceptedTermsAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  await db
    .update(users)
    .set({ ...values, acceptedTermsAt: current?.acceptedTermsAt ?? now.toISOString() })
    .where(eq(users.id, userId));
}

/** A user by id or by phone number (impersonation accepts either). */
export function findUserByIdOrPhone(db: Db, key: string) {
  const byId = /^\d{1,9}$/.test(key) ? Number(key) : null;
  return db
    .select({ id: users.id, email: users.email, disabled: users.disabled, amzsAdmin: users.amzsAdmin })
    .from(users)
    .where(byId !== null ? eq(users.id, byId) : eq(users.phoneNumber, key))
    .get();
}

/** The account as a session carries it, read now (after a write that may have changed it). */
export async function findSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const row = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).get();
  return row ?? null;
}
