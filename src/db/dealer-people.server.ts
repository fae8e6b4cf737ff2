import { and, asc, eq, inArray, isNotNull, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { batchAll, type Db } from "./client.server";
import { auditLog, dealerContacts, dealerships, postings, salespeople, users } from "./schema";

/** An audit row to write in the same batch as the change (admins acting for a dealership). */
export type AuditRow = typeof auditLog.$inferInsert;

const dealershipColumns = { id: dealerships.id, code: dealerships.code, name: dealerships.name, publicName: dealerships.publicName };

/** A dealership's id, code and names by its id. */
export function findDealershipById(db: Db, id: number) {
  return db.select(dealershipColumns).from(dealerships).where(eq(dealerships.id, id)).get();
}

/** A dealership's id, code and names by its public code. */
export function findDealershipByCode(db: Db, code: string) {
  return db.select(dealershipColumns).from(dealerships).where(eq(dealerships.code, code)).get();
}

const salespersonColumns = {
  id: salespeople.id,
  dealershipId: salespeople.dealershipId,
  phoneNumber: salespeople.phoneNumber,
  firstName: salespeople.firstName,
  lastName: salespeople.lastName,
  userId: salespeople.userId,
  invitedAt: salespeople.invitedAt,
};
export type SalespersonRow = { id: number; dealershipId: number; phoneNumber: string; firstName: string | null; lastName: string | null; userId: number | null; invitedAt: string | null };

/** The dealership's salespeople, by last then first name. */
export function listSalespeople(db: Db, dealershipId: number): Promise<SalespersonRow[]> {
  return db
    .select(salespersonColumns)
    .from(salespeople)
    .where(eq(salespeople.dealershipId, dealershipId))
    .orderBy(asc(sql`lower(coalesce(${salespeople.lastName}, ''))`), asc(sql`lower(coalesce(${salespeople.firstName}, ''))`), asc(salespeople.id))
    .all();
}

/** The salesperson with this phone in any dealership (a phone belongs to one dealer only). */
export function findSalespersonByPhone(db: Db, phoneNumber: string): Promise<SalespersonRow | undefined> {
  return db.select(salespersonColumns).from(salespeople).where(eq(salespeople.phoneNumber, phoneNumber)).get();
}

/** The account registered with this phone, with its dealership membership. */
export function findUserMembershipByPhone(db: Db, phoneNumber: string) {
  return db
    .select({ id: users.id, dealershipId: users.dealershipId, dealershipRole: users.dealershipRole, firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .get();
}

/** Accounts whose phone matches a salesperson of the dealership not yet linked to an account. */
export function findUnlinkedSalespeopleWithAccounts(db: Db, dealershipId: number) {
  return db
    .select({ salespersonId: salespeople.id, userId: users.id, userDealershipId: users.dealershipId, userRole: users.dealershipRole })
    .from(salespeople)
    .innerJoin(users, eq(users.phoneNumber, salespeople.phoneNumber))
    .where(and(eq(salespeople.dealershipId, dealershipId), isNull(salespeople.userId)))
    .all();
}

/** Makes an account a member of the dealership; a head of the same dealership stays HEAD. */
function joinDealership(db: Db, userId: number, dealershipId: number) {
  return db
    .update(users)
    .set({ dealershipId, dealershipRole: sql`CASE WHEN ${users.dealershipId} = ${dealershipId} AND ${users.dealershipRole} = 'HEAD' THEN 'HEAD' ELSE 'SALESPERSON' END` })
    // Never moves a member of another dealership: the service refuses those phones first.
    .where(and(eq(users.id, userId), sql`(${users.dealershipId} IS NULL OR ${users.dealershipId} = ${dealershipId})`));
}

/** Links salespeople to their accounts (and the accounts to the dealership) in one batch. */
export async function linkSalespeople(db: Db, dealershipId: number, links: { salespersonId: number; userId: number }[]) {
  const statements = links.flatMap((l) => [db.update(salespeople).set({ userId: l.userId }).where(eq(salespeople.id, l.salespersonId)), joinDealership(db, l.userId, dealershipId)]);
  await batchAll(db, statements);
}

/** Adds a salesperson; one with an account joins the dealership (and an audit row is written) in the same batch. Answers the new row. */
export async function insertSalesperson(
  db: Db,
  values: { dealershipId: number; phoneNumber: string; firstName: string; lastName: string; userId: number | null },
  audit?: AuditRow,
): Promise<SalespersonRow> {
  const insert = db.insert(salespeople).values(values).returning(salespersonColumns);
  const join = values.userId === null ? [] : [joinDealership(db, values.userId, values.dealershipId)];
  const audited = audit ? [db.insert(auditLog).values(audit)] : [];
  const [inserted] = join.length || audited.length ? await db.batch([insert, ...join, ...audited]) : [await insert.all()];
  const row = inserted[0];
  if (!row) throw new Error("salesperson not inserted");
  return row;
}

/** New names of a salesperson of the dealership; answers the row, or undefined when it is not theirs. */
export function updateSalespersonNames(db: Db, dealershipId: number, phoneNumber: string, names: { firstName: string; lastName: string }) {
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
    db.update(postings).set({ salespersonUserId: null }).where(and(eq(postings.dealershipId, row.dealershipId), eq(postings.salespersonUserId, row.userId))),
    db
      .update(users)
      .set({ dealershipId: null, dealershipRole: null })
      .where(and(eq(users.id, row.userId), eq(users.dealershipId, row.dealershipId), eq(users.dealershipRole, "SALESPERSON"))),
    remove,
    ...audited,
  ]);
}

/** Records when the invitation SMS went out. */
export async function markSalespersonInvited(db: Db, id: number, at: string) {
  await db.update(salespeople).set({ invitedAt: at }).where(eq(salespeople.id, id));
}

/** A member of the dealership (head or salesperson account) with this phone. */
export function findMemberByPhone(db: Db, dealershipId: number, phoneNumber: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.dealershipId, dealershipId), eq(users.phoneNumber, phoneNumber), isNotNull(users.phoneNumber)))
    .get();
}

/** Assigns a posting to a salesperson account. */
export async function setPostingSalesperson(db: Db, postingId: number, userId: number) {
  await db.update(postings).set({ salespersonUserId: userId, updatedAt: new Date().toISOString() }).where(eq(postings.id, postingId));
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
type ContactValues = { name: string; phone: string | null; email: string | null; comment: string | null; addToAllPostings: boolean };

/** The dealership's contacts, oldest first (the order they were entered in). */
export function listContacts(db: Db, dealershipId: number) {
  return db.select(contactColumns).from(dealerContacts).where(eq(dealerContacts.dealershipId, dealershipId)).orderBy(asc(dealerContacts.id)).all();
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
  const row = await db.insert(dealerContacts).values({ dealershipId, ...values }).returning(contactColumns).get();
  if (!row) throw new Error("contact not inserted");
  return row;
}

/** Changes a contact of the dealership; undefined when the id is not one of theirs. */
export function updateContact(db: Db, dealershipId: number, id: number, values: ContactValues) {
  return db.update(dealerContacts).set(values).where(and(eq(dealerContacts.id, id), eq(dealerContacts.dealershipId, dealershipId))).returning(contactColumns).get();
}

/** Removes a contact of the dealership; false when the id is not one of theirs. */
export async function deleteContact(db: Db, dealershipId: number, id: number) {
  const row = await db.delete(dealerContacts).where(and(eq(dealerContacts.id, id), eq(dealerContacts.dealershipId, dealershipId))).returning({ id: dealerContacts.id }).get();
  return row !== undefined;
}
