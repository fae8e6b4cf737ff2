import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { startsWith } from "./sql-text.server";
import { guardedAction } from "./audit.server";
import { guardedValue } from "./batch.server";
import type { Db } from "./client.server";
import type { DealerSignupApplicant } from "~/domain/dealership";
import { findOpenPinRequest } from "./auth.server";
import { auditLog } from "./schema/audit";
import { dealerSignupRequests, dealerships } from "./schema/dealerships";
import { pinRequests, users } from "./schema/users";

/** Stores the password sent for a dealer registration (purpose `dealerSignup`; the hash only). */
export async function insertDealerSignupPin(
  db: Db,
  values: { phoneNumber: string; pinHash: string; expiresAt: string; userId: number | null },
) {
  await db.insert(pinRequests).values({ ...values, purpose: "dealerSignup" });
}

/** The newest unused, unexpired registration password for a number. */
export function findOpenDealerSignupPin(db: Db, phoneNumber: string, now = new Date()) {
  return findOpenPinRequest(db, phoneNumber, now, "dealerSignup");
}

export type NewDealerSignupRow = DealerSignupApplicant & {
  pinHash: string;
  extractKey: string;
  extractMimeType: string;
  userId: number | null;
  /** SHA-256 of the token in the e-mail confirmation link. */
  emailTokenHash: string;
};

/**
 * Stores the request and uses up its password in one batch. The insert succeeds only while the
 * password is still unused, so two submissions racing with the same password store one request;
 * the loser's batch fails with `isGuardFailure(err, "dealer_signup_requests.pin_hash")`.
 * Answers the new request's id.
 */
export async function insertDealerSignupRequest(
  db: Db,
  pinRequestId: number,
  row: NewDealerSignupRow,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const unused = sql`EXISTS (SELECT 1 FROM ${pinRequests} WHERE id = ${pinRequestId} AND used_at IS NULL)`;
  const [inserted] = await db.batch([
    db
      .insert(dealerSignupRequests)
      .values({ ...row, pinHash: guardedValue(row.pinHash, unused), createdAt: at })
      .returning({ id: dealerSignupRequests.id }),
    db
      .update(pinRequests)
      .set({ usedAt: at, attempts: sql`${pinRequests.attempts} + 1` })
      .where(eq(pinRequests.id, pinRequestId)),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error("dealer signup request not inserted");
  return id;
}

/** One registration request by id (every column: the admin console shows them all). */
export function findDealerSignupRequest(db: Db, id: number) {
  return db.select().from(dealerSignupRequests).where(eq(dealerSignupRequests.id, id)).get();
}
export type DealerSignupRequestRow = NonNullable<Awaited<ReturnType<typeof findDealerSignupRequest>>>;

/** Dealership codes equal to `base` or `base-…` (to pick a free one). */
export async function dealershipCodesLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ code: dealerships.code })
    .from(dealerships)
    .where(or(eq(dealerships.code, base), startsWith(dealerships.code, `${base}-`)))
    .all();
  return new Set(rows.flatMap((r) => (r.code ? [r.code] : [])));
}

const applicantColumns = {
  id: users.id,
  email: users.email,
  phoneNumber: users.phoneNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  dealershipId: users.dealershipId,
};

/** The account with this e-mail (any letter case), if any. */
export function findUserByEmailAddress(db: Db, email: string) {
  return db.select(applicantColumns).from(users).where(sql`${users.email} = ${email} COLLATE NOCASE`).get();
}

/** The account with this (canonical) phone number, if any. */
export function findUserByPhoneNumber(db: Db, phoneNumber: string) {
  return db.select(applicantColumns).from(users).where(eq(users.phoneNumber, phoneNumber)).get();
}

/** The account by id, if any. */
export function findUserById(db: Db, id: number) {
  return db.select(applicantColumns).from(users).where(eq(users.id, id)).get();
}
export type Applicant = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export type ConfirmedSignup = {
  requestId: number;
  adminUserId: number;
  code: string;
  dealership: Pick<
    typeof dealerships.$inferInsert,
    | "name"
    | "publicName"
    | "email"
    | "phone"
    | "taxNumber"
    | "registrationNumber"
    | "responsibleFirstName"
    | "responsibleLastName"
    | "responsiblePhone"
    | "responsibleEmail"
  >;
  /** An existing account becomes the head (with the fields to fill in), or a new one is created. */
  head:
    | {
        kind: "existing";
        userId: number;
        set: Partial<
          Pick<typeof users.$inferInsert, "email" | "firstName" | "lastName" | "phoneNumber" | "phoneVerified">
        >;
      }
    | { kind: "new"; email: string; firstName: string; lastName: string; phoneNumber: string | null };
};

// Pending and confirmed by its applicant's e-mail: only such a request can be decided (issue 19, rule 5).
const pendingRequest = (requestId: number) =>
  sql`EXISTS (SELECT 1 FROM ${dealerSignupRequests} WHERE id = ${requestId} AND status = 'PENDING' AND email_verified_at IS NOT NULL)`;

/**
 * The applicant opened the confirmation link: one conditional UPDATE marks the e-mail confirmed and
 * uses the token up. Answers the request, or undefined for an unknown, used or expired token.
 */
export function markDealerSignupEmailVerified(db: Db, tokenHash: string, createdAfter: string, now = new Date()) {
  return db
    .update(dealerSignupRequests)
    .set({ emailVerifiedAt: now.toISOString(), emailTokenHash: null })
    .where(
      and(
        eq(dealerSignupRequests.emailTokenHash, tokenHash),
        eq(dealerSignupRequests.status, "PENDING"),
        isNull(dealerSignupRequests.emailVerifiedAt),
        gt(dealerSignupRequests.createdAt, createdAfter),
      ),
    )
    .returning({
      id: dealerSignupRequests.id,
      companyName: dealerSignupRequests.companyName,
      email: dealerSignupRequests.email,
    })
    .get();
}

/**
 * Confirms a request in one batch: the audit entry, the dealership, its head (joined or created) and
 * the request marked CONFIRMED. The audit entry is written only while the request is PENDING, else
 * the batch fails with `isGuardFailure(err, "audit_log.action")` and nothing changes, so a second
 * confirmation (or a rejection in between) cannot create a second dealership.
 */
export async function storeConfirmedSignup(
  db: Db,
  c: ConfirmedSignup,
  now = new Date(),
): Promise<{ dealershipId: number; userId: number }> {
  const at = now.toISOString();
  const dealershipId = sql<number>`(SELECT id FROM ${dealerships} WHERE code = ${c.code})`;
  const head = c.head;
  const headId =
    head.kind === "existing"
      ? sql<number>`${head.userId}`
      : sql<number>`(SELECT id FROM ${users} WHERE email = ${head.email} COLLATE NOCASE)`;
  const audit = db.insert(auditLog).values({
    actorUserId: c.adminUserId,
    action: guardedAction("dealerSignup.confirm", pendingRequest(c.requestId)),
    entity: "dealer_signup_request",
    entityId: String(c.requestId),
    afterJson: JSON.stringify({
      code: c.code,
      head: head.kind === "existing" ? { userId: head.userId } : { email: head.email },
    }),
    createdAt: at,
  });
  const insertDealership = db
    .insert(dealerships)
    .values({ ...c.dealership, code: c.code, createdAt: at, updatedAt: at });
  const joinHead =
    head.kind === "existing"
      ? db
          .update(users)
          .set({ ...head.set, dealershipId, dealershipRole: "HEAD" })
          .where(eq(users.id, head.userId))
      : db.insert(users).values({
          email: head.email,
          firstName: head.firstName,
          lastName: head.lastName,
          phoneNumber: head.phoneNumber,
          phoneVerified: head.phoneNumber !== null,
          dealershipId,
          dealershipRole: "HEAD",
          registeredAt: at,
        });
  const markConfirmed = db
    .update(dealerSignupRequests)
    .set({ status: "CONFIRMED", dealershipId, userId: headId, decidedBy: c.adminUserId, decidedAt: at })
    .where(eq(dealerSignupRequests.id, c.requestId))
    .returning({ dealershipId: dealerSignupRequests.dealershipId, userId: dealerSignupRequests.userId });
  const [, , , confirmed] = await db.batch([audit, insertDealership, joinHead, markConfirmed]);
  const row = confirmed[0];
  if (!row?.dealershipId || !row.userId) throw new Error("dealer signup not confirmed");
  return { dealershipId: row.dealershipId, userId: row.userId };
}

/** Marks a PENDING request REJECTED with the audit entry (one batch, guarded like `storeConfirmedSignup`). */
export async function storeRejectedSignup(db: Db, requestId: number, adminUserId: number, now = new Date()) {
  const at = now.toISOString();
  await db.batch([
    db.insert(auditLog).values({
      actorUserId: adminUserId,
      action: guardedAction("dealerSignup.reject", pendingRequest(requestId)),
      entity: "dealer_signup_request",
      entityId: String(requestId),
      createdAt: at,
    }),
    db
      .update(dealerSignupRequests)
      .set({ status: "REJECTED", decidedBy: adminUserId, decidedAt: at })
      .where(eq(dealerSignupRequests.id, requestId)),
  ]);
}
