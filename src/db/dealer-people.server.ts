import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { auditLog } from "./schema/audit";
import { dealerContacts, dealerships, salespeople } from "./schema/dealerships";
import { postings } from "./schema/postings";
import { users } from "./schema/users";

/** An audit row to write in the same batch as the change (admins acting for a dealership). */
export type AuditRow = typeof auditLog.$inferInsert;

const dealershipColumns = {
  id: dealerships.id,
  code: dealerships.code,
  name: dealerships.name,
  publicName: dealerships.publicName,
};

/** A dealership's id, code and names by its id. */
export function findDealershipById(db: Db, id: number) {
  return db.select(dealershipColumns).from(dealerships).where(eq(dealerships.id, id)).get();
}

/** A dealership's id, code and names by its public code. */
export function findDealershipByCode(db: Db, code: string) {
  return db.select(dealershipColumns).from(dealerships).where(eq(dealerships.code, code)).get();
}

/** A salesperson as listed: the person, the account once linked, the invitation's state. */
export const salespersonListColumns = {
  phoneNumber: salespeople.phoneNumber,
  firstName: salespeople.firstName,
  lastName: salespeople.lastName,
  userId: salespeople.userId,
  invitedAt: salespeople.invitedAt,
  declinedAt: salespeople.declinedAt,
};

const salespersonColumns = { id: salespeople.id, dealershipId: salespeople.dealershipId, ...salespersonListColumns };
export type SalespersonRow = {
  id: number;
  dealershipId: number;
  phoneNumber: string;
  firstName: string | null;
  lastName: string | null;
  userId: number | null;
  invitedAt: string | null;
  declinedAt: string | null;
};

/** The dealership's salespeople, by last then first name. */
export function listSalespeople(db: Db, dealershipId: number): Promise<SalespersonRow[]> {
  return db
    .select(salespersonColumns)
    .from(salespeople)
    .where(eq(salespeople.dealershipId, dealershipId))
    .orderBy(
      asc(sql`lower(coalesce(${salespeople.lastName}, ''))`),
      asc(sql`lower(coalesce(${salespeople.firstName}, ''))`),
      asc(salespeople.id),
    )
    .all();
}

/** The salesperson with this phone in any dealership (a phone belongs to one dealer only). */
export function findSalespersonByPhone(db: Db, phoneNumber: string): Promise<SalespersonRow | undefined> {
  return db.select(salespersonColumns).from(salespeople).where(eq(salespeople.phoneNumber, phoneNumber)).get();
}

/** Makes an account a member of the dealership; a head of the same dealership stays HEAD. */
const joinedRole = (dealershipId: number | SQL) =>
  sql`CASE WHEN ${users.dealershipId} = ${dealershipId} AND ${users.dealershipRole} = 'HEAD' THEN 'HEAD' ELSE 'SALESPERSON' END`;

/**
 * Adds a salesperson as an open invitation (never linked to an account: only the phone's owner can
 * accept, decision 033), with the audit row in the same batch. Answers the new row.
 */
export async function insertSalesperson(
  db: Db,
  values: {
    dealershipId: number;
    phoneNumber: string;
    firstName: string;
    lastName: string;
    inviteTokenHash: string;
    invitedAt: string;
  },
  audit?: AuditRow,
): Promise<SalespersonRow> {
  const insert = db
    .insert(salespeople)
    .values({ ...values, userId: null })
    .returning(salespersonColumns);
  const [inserted] = audit ? await db.batch([insert, db.insert(auditLog).values(audit)]) : [await insert.all()];
  const row = inserted[0];
  if (!row) throw new Error("salesperson not inserted");
  return row;
}

/** A new invitation for a salesperson who has not joined: a fresh token (the old link dies), not declined any more. */
export function renewInvitation(db: Db, id: number, tokenHash: string, at: string) {
  return db
    .update(salespeople)
    .set({ inviteTokenHash: tokenHash, invitedAt: at, declinedAt: null })
    .where(and(eq(salespeople.id, id), isNull(salespeople.userId)))
    .returning(salespersonColumns)
    .get();
}

const openInvitation = (tokenHash: string, invitedAfter: string) =>
  and(
    eq(salespeople.inviteTokenHash, tokenHash),
    isNull(salespeople.userId),
    isNull(salespeople.declinedAt),
    gt(salespeople.invitedAt, invitedAfter),
  );

/** The open invitation with this token (sent after `invitedAfter`), with the dealership's name. */
export function findOpenInvitation(db: Db, tokenHash: string, invitedAfter: string) {
  return db
    .select({
      id: salespeople.id,
      dealershipId: salespeople.dealershipId,
      dealershipName: sql<string>`coalesce(${dealerships.publicName}, ${dealerships.name})`,
    })
    .from(salespeople)
    .innerJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
    .where(openInvitation(tokenHash, invitedAfter))
    .get();
}

/**
 * The signed-in owner accepts, in one batch of conditional statements: the account joins the
 * invitation's dealership only while the invitation is open and the account is in no other
 * dealership; the row is linked only if the account did join. Answers the linked row, if any.
 */
export async function acceptInvitation(db: Db, tokenHash: string, userId: number, invitedAfter: string) {
  const invitationDealership = sql`(SELECT dealership_id FROM salespeople WHERE invite_token_hash = ${tokenHash} AND user_id IS NULL AND declined_at IS NULL AND invited_at > ${invitedAfter})`;
  const [, linked] = await db.batch([
    db
      .update(users)
      .set({ dealershipId: sql`${invitationDealership}`, dealershipRole: joinedRole(invitationDealership) })
      .where(
        and(
          eq(users.id, userId),
          sql`${invitationDealership} IS NOT NULL`,
          sql`(${users.dealershipId} IS NULL OR ${users.dealershipId} = ${invitationDealership})`,
        ),
      ),
    db
      .update(salespeople)
      .set({ userId, inviteTokenHash: null })
      .where(
        and(
          openInvitation(tokenHash, invitedAfter),
          sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND dealership_id = ${salespeople.dealershipId})`,
        ),
      )
      .returning(salespersonColumns),
  ]);
  return linked[0];
}

/** The owner declines: the invitation closes (the token dies); the head sees it declined. */
export function declineInvitation(db: Db, tokenHash: string, invitedAfter: string, at: string) {
  return db
    .update(salespeople)
    .set({ declinedAt: at, inviteTokenHash: null })
    .where(openInvitation(tokenHash, invitedAfter))
    .returning({ id: salespeople.id })
    .get();
}

/** New names of a salesperson of the dealership; answers the row, or undefined when it is not theirs. */
export function updateSalespersonNames(
  db: Db,
  dealershipId: number,
  phoneNumber: string,
  names: { firstName: string; lastName: string },
) {
  return db
    .update(salespeople)
    .set(names)
    .where(and(eq(salespeople.dealershipId, dealershipId), eq(salespeople.phoneNumber, phoneNumber)))
    .returning(salespersonColumns)
    .get();
}

/**
 * Removes a salesperson in one batch: the dealership's postings assigned to them are unassigned,
 * a linked salesperson account leaves the dealership (a head keeps the membership), the row goes;
 * with `audit`, the audit row too.
 */
export async function deleteSalesperson(db: Db, row: SalespersonRow, audit?: AuditRow) {
  const remove = db.delete(salespeople).where(eq(salespeople.id, row.id));
  const audited = audit ? [db.insert(auditLog).values(audit)] : [];
  if (row.userId === null) {
    await db.batch([remove, ...audited]);
    return;
  }
  await db.batch([
    db
      .update(postings)
      .set({ salespersonUserId: null })
      .where(and(eq(postings.dealershipId, row.dealershipId), eq(postings.salespersonUserId, row.userId))),
    db
      .update(users)
      .set({ dealershipId: null, dealershipRole: null })
      .where(
        and(
          eq(users.id, row.userId),
          eq(users.dealershipId, row.dealershipId),
          eq(users.dealershipRole, "SALESPERSON"),
        ),
      ),
    remove,
    ...audited,
  ]);
}

/** A member of the dealership (head or salesperson account) with this phone. */
export function findMemberByPhone(db: Db, dealershipId: number, phoneNumber: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.dealershipId, dealershipId), eq(users.phoneNumber, phoneNumber), isNotNull(users.phoneNumber)))
    .get();
}

/**
 * Assigns a dealership's posting to one of its members, in one statement: a member removed (or moved to
 * another dealership) meanwhile is not assigned (false).
 */
export async function setPostingSalesperson(db: Db, postingId: number, dealershipId: number, userId: number) {
  const rows = await db
    .update(postings)
    .set({ salespersonUserId: userId, updatedAt: new Date().toISOString() })
    .where(
      and(
        eq(postings.id, postingId),
        eq(postings.dealershipId, dealershipId),
        sql`EXISTS (SELECT 1 FROM users WHERE users.id = ${userId} AND users.dealership_id = ${dealershipId})`,
      ),
    )
    .returning({ id: postings.id });
  return rows.length > 0;
}

/**
 * Whom a dealership's posting can be delegated to: its members with a phone (the head first), each with
 * how many of the dealership's published postings they hold, and the salespeople invited but not joined.
 */
export async function listDelegates(db: Db, dealershipId: number) {
  // "users"."id" spelled out: drizzle writes a lone table's columns unqualified, which inside the subquery would be the posting's id.
  const held = sql<number>`(SELECT count(*) FROM postings WHERE postings.dealership_id = ${dealershipId} AND postings.salesperson_user_id = "users"."id" AND postings.status = 'PUBLISHED')`;
  const [members, invited] = await Promise.all([
    db
      .select({
        userId: users.id,
        phoneNumber: sql<string>`${users.phoneNumber}`,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.dealershipRole,
        postings: held,
      })
      .from(users)
      .where(and(eq(users.dealershipId, dealershipId), isNotNull(users.phoneNumber)))
      .orderBy(
        sql`${users.dealershipRole} = 'HEAD' DESC`,
        asc(sql`lower(coalesce(${users.lastName}, ''))`),
        asc(sql`lower(coalesce(${users.firstName}, ''))`),
        asc(users.id),
      )
      .all(),
    db
      .select(salespersonColumns)
      .from(salespeople)
      .where(
        and(eq(salespeople.dealershipId, dealershipId), isNull(salespeople.userId), isNull(salespeople.declinedAt)),
      )
      .orderBy(asc(salespeople.id))
      .all(),
  ]);
  return { members, invited };
}

// ---------------------------------------------------------------------------
// Contacts

const contactColumns = {
  id: dealerContacts.id,
  name: dealerContacts.name,
  phone: dealerContacts.phone,
  email: dealerContacts.email,
  comment: dealerContacts.comment,
  addToAllPostings: dealerContacts.addToAllPostings,
};
type ContactValues = {
  name: string;
  phone: string | null;
  email: string | null;
  comment: string | null;
  addToAllPostings: boolean;
};

/** The dealership's contacts, oldest first (the order they were entered in). */
export function listContacts(db: Db, dealershipId: number) {
  return db
    .select(contactColumns)
    .from(dealerContacts)
    .where(eq(dealerContacts.dealershipId, dealershipId))
    .orderBy(asc(dealerContacts.id))
    .all();
}

/**
 * The query of the contacts to show on every posting of the dealerships `dealershipIds` selects (a
 * subquery), for a caller's batch.
 */
export function contactsForAllPostingsQuery(db: Db, dealershipIds: SQLWrapper) {
  return db
    .select({ ...contactColumns, dealershipId: dealerContacts.dealershipId })
    .from(dealerContacts)
    .where(and(inArray(dealerContacts.dealershipId, dealershipIds), eq(dealerContacts.addToAllPostings, true)))
    .orderBy(asc(dealerContacts.id));
}

/** Stores a new contact of the dealership. */
export async function insertContact(db: Db, dealershipId: number, values: ContactValues) {
  const row = await db
    .insert(dealerContacts)
    .values({ dealershipId, ...values })
    .returning(contactColumns)
    .get();
  if (!row) throw new Error("contact not inserted");
  return row;
}

/** Changes a contact of the dealership; undefined when the id is not one of theirs. */
export function updateContact(db: Db, dealershipId: number, id: number, values: ContactValues) {
  return db
    .update(dealerContacts)
    .set(values)
    .where(and(eq(dealerContacts.id, id), eq(dealerContacts.dealershipId, dealershipId)))
    .returning(contactColumns)
    .get();
}

/** Removes a contact of the dealership; false when the id is not one of theirs. */
export async function deleteContact(db: Db, dealershipId: number, id: number) {
  const row = await db
    .delete(dealerContacts)
    .where(and(eq(dealerContacts.id, id), eq(dealerContacts.dealershipId, dealershipId)))
    .returning({ id: dealerContacts.id })
    .get();
  return row !== undefined;
}
