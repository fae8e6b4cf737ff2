import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { loginTokens, pinAttemptBackoff, pinRequests, rateLimits, sessions, users } from "./schema/users";

/**
 * Counts one event against a fixed window; true while the count stays within `limit`.
 * One statement (upsert + RETURNING), so concurrent requests cannot both slip through.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<boolean> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count })
    .get();
  return (row?.count ?? 1) <= limit;
}

export async function insertLoginToken(
  db: Db,
  values: {
    tokenHash: string;
    email: string;
    redirectUrl: string;
    expiresAt: string;
    userId?: number | null;
    provider?: string | null;
    subject?: string | null;
  },
) {
  await db.insert(loginTokens).values(values);
}

/** The token is known, unused and unexpired. */
const openLoginToken = (tokenHash: string, now: Date) =>
  and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now.toISOString()));

const loginTokenFields = {
  email: loginTokens.email,
  redirectUrl: loginTokens.redirectUrl,
  userId: loginTokens.userId,
  provider: loginTokens.provider,
  subject: loginTokens.subject,
};

/** An unexpired, unused token (without using it up); null when it is unknown, expired or already used. */
export async function findOpenLoginToken(db: Db, tokenHash: string, now = new Date()) {
  return (await db.select(loginTokenFields).from(loginTokens).where(openLoginToken(tokenHash, now)).get()) ?? null;
}

/** The page a token (open, used or expired) was asked for from; null when the token is unknown. */
export async function findLoginTokenReturnPath(db: Db, tokenHash: string) {
  return (
    (
      await db
        .select({ redirectUrl: loginTokens.redirectUrl })
        .from(loginTokens)
        .where(eq(loginTokens.tokenHash, tokenHash))
        .get()
    )?.redirectUrl ?? null
  );
}

/** Marks an unexpired, unused token used and answers it; null when it is unknown, expired or already used. */
export async function consumeLoginToken(db: Db, tokenHash: string, now = new Date()) {
  return (
    (await db
      .update(loginTokens)
      .set({ usedAt: now.toISOString() })
      .where(openLoginToken(tokenHash, now))
      .returning(loginTokenFields)
      .get()) ?? null
  );
}

/** The statement that marks an open token used (for a batch; it changes nothing when the token is not open). */
export function markLoginTokenUsed(db: Db, tokenHash: string, now = new Date()) {
  return db.update(loginTokens).set({ usedAt: now.toISOString() }).where(openLoginToken(tokenHash, now));
}

/**
 * The statement that inserts a session only while the sign-in token is still open, for the start of a
 * batch that then marks the token used. Its user_id is read through the token: when the token was used
 * (a concurrent second use), has expired or is unknown, it is NULL, the NOT NULL constraint fails and
 * D1 rolls the whole batch back, so nothing of it is written.
 */
export function insertSessionWhileLoginTokenOpen(
  db: Db,
  tokenHash: string,
  values: { id: string; userId: number; expiresAt: string },
  now = new Date(),
) {
  const userIdWhileOpen = db
    .select({ userId: sql<number>`${values.userId}` })
    .from(loginTokens)
    .where(openLoginToken(tokenHash, now));
  return db.insert(sessions).values({ ...values, userId: sql`(${userIdWhileOpen})` });
}

/**
 * The user with this e-mail, created (without names: registration completes the profile) when new.
 * Race-safe: when the same link is opened twice at once, both requests end up with the one row.
 */
export async function findOrCreateUserByEmail(db: Db, email: string, now = new Date()) {
  const find = () =>
    db.select({ id: users.id, disabled: users.disabled }).from(users).where(eq(users.email, email)).get();
  const existing = await find();
  if (existing) return existing;
  const created = await db
    .insert(users)
    .values({ email, registeredAt: now.toISOString() })
    .onConflictDoNothing()
    .returning({ id: users.id, disabled: users.disabled })
    .get();
  const user = created ?? (await find());
  if (!user) throw new Error("user not created");
  return user;
}

export function findUserByPhone(db: Db, phoneNumber: string) {
  return db
    .select({ id: users.id, email: users.email, registeredAt: users.registeredAt, disabled: users.disabled })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .get();
}

export async function insertPinRequest(
  db: Db,
  values: {
    phoneNumber: string;
    pinHash: string;
    expiresAt: string;
    userId: number | null;
    purpose?: "login" | "userUpdate";
    browserHash?: string;
  },
) {
  await db.insert(pinRequests).values({ ...values, purpose: values.purpose ?? "login" });
}

/** The newest unused, unexpired PIN request for a phone number (and purpose; and user, or asking browser's cookie hash). */
export function findOpenPinRequest(
  db: Db,
  phoneNumber: string,
  now = new Date(),
  purpose: "login" | "userUpdate" | "dealerSignup" = "login",
  userId?: number,
  browserHash?: string,
) {
  return db
    .select({ id: pinRequests.id, pinHash: pinRequests.pinHash, attempts: pinRequests.attempts })
    .from(pinRequests)
    .where(
      and(
        eq(pinRequests.phoneNumber, phoneNumber),
        eq(pinRequests.purpose, purpose),
        userId === undefined ? undefined : eq(pinRequests.userId, userId),
        browserHash === undefined ? undefined : eq(pinRequests.browserHash, browserHash),
        isNull(pinRequests.usedAt),
        gt(pinRequests.expiresAt, now.toISOString()),
      ),
    )
    .orderBy(desc(pinRequests.id))
    .get();
}

/** The newest open sign-in code of a number asked for by this browser (its cookie's hash), if any. */
export function findOpenLoginPinRequestOfBrowser(db: Db, phoneNumber: string, browserHash: string, now = new Date()) {
  return findOpenPinRequest(db, phoneNumber, now, "login", undefined, browserHash);
}

export async function recordPinAttempt(db: Db, id: number, used: boolean, now = new Date()) {
  await db
    .update(pinRequests)
    .set({ attempts: sql`${pinRequests.attempts} + 1`, ...(used ? { usedAt: now.toISOString() } : {}) })
    .where(eq(pinRequests.id, id));
}

/** Confirms a phone for a user: the code is marked used and the number saved in one batch. */
export async function confirmPhone(
  db: Db,
  pinRequestId: number,
  userId: number,
  phoneNumber: string,
  now = new Date(),
) {
  await db.batch([
    db
      .update(pinRequests)
      .set({ usedAt: now.toISOString(), attempts: sql`${pinRequests.attempts} + 1` })
      .where(eq(pinRequests.id, pinRequestId)),
    db.update(users).set({ phoneNumber, phoneVerified: true }).where(eq(users.id, userId)),
  ]);
}

/** How a backoff key grows: `free` attempts without delay, then `baseMs` doubling per attempt up to `capMs`. */
export type Backoff = { free: number; baseMs: number; capMs: number; quietMs: number };

/**
 * Takes one PIN attempt under a backoff key, in one conditional upsert: counted (as a failure until
 * `clearPinBackoff` says otherwise) and the key locked for its next delay, but only while the key is
 * not locked already. Null while locked (then nothing is counted, so a lock never grows past `capMs`);
 * otherwise the attempt's number. After `quietMs` without attempts the count starts again.
 */
export async function takePinAttempt(db: Db, key: string, b: Backoff, now = new Date()): Promise<number | null> {
  const t = now.getTime();
  const next = sql`(CASE WHEN ${pinAttemptBackoff.lastAttemptAt} < ${t - b.quietMs} THEN 1 ELSE ${pinAttemptBackoff.failures} + 1 END)`;
  const delay = (n: SQL | number) =>
    sql`(CASE WHEN ${n} <= ${b.free} THEN 0 ELSE min(${b.capMs}, ${b.baseMs} << min(${n} - ${b.free} - 1, 30)) END)`;
  const row = await db
    .insert(pinAttemptBackoff)
    .values({ key, failures: 1, lastAttemptAt: t, lockedUntil: sql`${t} + ${delay(1)}` })
    .onConflictDoUpdate({
      target: pinAttemptBackoff.key,
      set: { failures: next, lastAttemptAt: t, lockedUntil: sql`${t} + ${delay(next)}` },
      setWhere: sql`${pinAttemptBackoff.lockedUntil} <= ${t}`,
    })
    .returning({ failures: pinAttemptBackoff.failures })
    .get();
  return row?.failures ?? null;
}

/** When the key's lock ends (epoch ms), or null when it is not locked. */
export async function pinLockedUntil(db: Db, key: string, now = new Date()): Promise<number | null> {
  const row = await db
    .select({ until: pinAttemptBackoff.lockedUntil })
    .from(pinAttemptBackoff)
    .where(and(eq(pinAttemptBackoff.key, key), gt(pinAttemptBackoff.lockedUntil, now.getTime())))
    .get();
  return row?.until ?? null;
}

/** A correct PIN: the attempts counted under these keys are forgiven. */
export async function clearPinBackoff(db: Db, keys: string[]) {
  await db.delete(pinAttemptBackoff).where(inArray(pinAttemptBackoff.key, keys));
}

/**
 * Claims one attempt on an open PIN request in one conditional update (at most `max` per PIN, also
 * under parallel requests); null when the request is used, expired or out of attempts.
 */
export async function claimPinAttempt(db: Db, id: number, max: number, now = new Date()) {
  return (
    (await db
      .update(pinRequests)
      .set({ attempts: sql`${pinRequests.attempts} + 1` })
      .where(
        and(
          eq(pinRequests.id, id),
          isNull(pinRequests.usedAt),
          gt(pinRequests.expiresAt, now.toISOString()),
          sql`${pinRequests.attempts} < ${max}`,
        ),
      )
      .returning({ attempts: pinRequests.attempts })
      .get()) ?? null
  );
}

/** Marks a PIN request used, once: false when a parallel request used it first. */
export async function spendPinRequest(db: Db, id: number, now = new Date()) {
  const row = await db
    .update(pinRequests)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(pinRequests.id, id), isNull(pinRequests.usedAt)))
    .returning({ id: pinRequests.id })
    .get();
  return Boolean(row);
}
