import { and, asc, count, desc, eq, getTableColumns, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { startsWith } from "./sql-text.server";
import { auditEntry as auditValues, type AuditActor } from "./audit-log.server";
import type { Db } from "./client.server";
import { membershipVerified } from "./users.server";
import { guardedValue } from "./batch.server";
import { auditLog } from "./schema/audit";
import {
  dealerContacts,
  dealershipNetworks,
  dealerSignupRequests,
  dealerships,
  salespeople,
} from "./schema/dealerships";
import { creditDayLedger } from "./schema/featuring";
import { oauthCodes, oauthTokens } from "./schema/partner-oauth";
import { users } from "./schema/users";

/** Case-insensitive "contains" over several columns (instr: no LIKE wildcards to escape). */
const contains = (q: string, columns: SQL[]) =>
  or(...columns.map((col) => sql`instr(lower(coalesce(${col}, '')), lower(${q})) > 0`));

// ---------------------------------------------------------------------------
// Dealerships

// Raw table names in the subqueries: drizzle leaves columns unqualified in single-table selects,
// where "id" would then mean the subquery's own table.
const adminDealershipColumns = {
  ...getTableColumns(dealerships),
  networkCode: dealershipNetworks.code,
  networkName: dealershipNetworks.name,
  members: sql<number>`(SELECT count(*) FROM users m WHERE m.dealership_id = dealerships.id)`,
  salespeople: sql<number>`(SELECT count(*) FROM salespeople s WHERE s.dealership_id = dealerships.id)`,
  postings: sql<number>`(SELECT count(*) FROM postings p WHERE p.dealership_id = dealerships.id)`,
  publishedPostings: sql<number>`(SELECT count(*) FROM postings p WHERE p.dealership_id = dealerships.id AND p.status = 'PUBLISHED')`,
  views: sql<number>`(SELECT coalesce(sum(p.views_total), 0) FROM postings p WHERE p.dealership_id = dealerships.id AND p.status = 'PUBLISHED')`,
};

const dealershipSearch = (q: string | undefined) =>
  q
    ? contains(q, [
        sql`${dealerships.name}`,
        sql`${dealerships.publicName}`,
        sql`${dealerships.code}`,
        sql`${dealerships.city}`,
        sql`${dealerships.taxNumber}`,
        sql`${dealerships.buyerNumber}`,
        sql`${dealerships.responsibleEmail}`,
        sql`${dealerships.email}`,
      ])
    : undefined;

/** One page of dealerships for the admin list (by name), with network, members, postings and views; and the total. */
export async function listDealershipsForAdmin(db: Db, options: { q?: string; page: number; size: number }) {
  const where = dealershipSearch(options.q);
  const [rows, total] = await Promise.all([
    db
      .select(adminDealershipColumns)
      .from(dealerships)
      .leftJoin(dealershipNetworks, eq(dealershipNetworks.id, dealerships.networkId))
      .where(where)
      .orderBy(asc(sql`lower(coalesce(${dealerships.publicName}, ${dealerships.name}))`), asc(dealerships.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .all(),
    db.select({ n: count() }).from(dealerships).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type AdminDealershipRow = Awaited<ReturnType<typeof listDealershipsForAdmin>>["rows"][number];

/** One dealership with everything the admin list shows, by its code. */
export function findDealershipForAdmin(db: Db, code: string) {
  return db
    .select(adminDealershipColumns)
    .from(dealerships)
    .leftJoin(dealershipNetworks, eq(dealershipNetworks.id, dealerships.networkId))
    .where(eq(dealerships.code, code))
    .get();
}

/** The network's id by its code. */
export function findNetworkIdByCode(db: Db, code: string) {
  return db
    .select({ id: dealershipNetworks.id })
    .from(dealershipNetworks)
    .where(eq(dealershipNetworks.code, code))
    .get();
}

export type DealershipAdminValues = Omit<
  typeof dealerships.$inferInsert,
  "id" | "code" | "advertisingDays" | "logoKey" | "bannerKey" | "createdAt" | "updatedAt"
>;

/** Creates a dealership with its audit row in one batch; answers the new id. */
export async function insertDealershipForAdmin(
  db: Db,
  code: string,
  values: DealershipAdminValues,
  actor: AuditActor,
  now = new Date(),
) {
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .insert(dealerships)
      .values({ ...values, code, createdAt: at, updatedAt: at })
      .returning({ id: dealerships.id }),
    db.insert(auditLog).values({
      ...auditValues(actor, "dealer.create", "dealership", code, undefined, { code, ...values }),
      createdAt: at,
    }),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error("dealership not inserted");
  return id;
}

/** Changes a dealership's fields with the audit row (before and after) in one batch. */
export async function updateDealershipForAdmin(
  db: Db,
  id: number,
  values: DealershipAdminValues,
  actor: AuditActor,
  before: unknown,
  now = new Date(),
) {
  const at = now.toISOString();
  await db.batch([
    db
      .update(dealerships)
      .set({ ...values, updatedAt: at })
      .where(eq(dealerships.id, id)),
    db
      .insert(auditLog)
      .values({ ...auditValues(actor, "dealer.update", "dealership", id, before, values), createdAt: at }),
  ]);
}

/** What keeps a dealership from being deleted: its postings (any status) and member accounts. */
export async function dealershipUsage(db: Db, id: number) {
  const row = await db
    .select({
      postings: sql<number>`(SELECT count(*) FROM postings WHERE dealership_id = ${id})`,
      members: sql<number>`(SELECT count(*) FROM users WHERE dealership_id = ${id})`,
    })
    .from(dealerships)
    .where(eq(dealerships.id, id))
    .get();
  return { postings: row?.postings ?? 0, members: row?.members ?? 0 };
}

/** Everything that goes with a dealership's row, for the audit snapshot of a deletion. */
export async function dealershipSnapshot(db: Db, id: number) {
  const [row, ledger, contacts, people] = await Promise.all([
    db.select().from(dealerships).where(eq(dealerships.id, id)).get(),
    db.select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, id)).all(),
    db.select().from(dealerContacts).where(eq(dealerContacts.dealershipId, id)).all(),
    db.select().from(salespeople).where(eq(salespeople.dealershipId, id)).all(),
  ]);
  return { dealership: row ?? null, creditDayLedger: ledger, contacts, salespeople: people };
}

const unusedDealership = (id: number) =>
  sql`NOT EXISTS (SELECT 1 FROM postings WHERE dealership_id = ${id}) AND NOT EXISTS (SELECT 1 FROM users WHERE dealership_id = ${id})`;

/**
 * Deletes a dealership in one batch, only while it has no postings and no members: the audit row
 * (with the whole snapshot) is written first and only under that condition, else the batch fails with
 * `isGuardFailure(err, "audit_log.action")` and nothing changes. Contacts, salespeople without
 * accounts and the ledger go with the row (ON DELETE CASCADE); partner grants for it are revoked.
 */
export async function deleteDealershipGuarded(
  db: Db,
  id: number,
  actor: AuditActor,
  snapshot: unknown,
  now = new Date(),
) {
  const at = now.toISOString();
  await db.batch([
    db.insert(auditLog).values({
      ...auditValues(actor, guardedValue("dealer.delete", unusedDealership(id)), "dealership", id, snapshot),
      createdAt: at,
    }),
    db.update(dealerSignupRequests).set({ dealershipId: null }).where(eq(dealerSignupRequests.dealershipId, id)),
    db.delete(oauthCodes).where(eq(oauthCodes.dealershipId, id)),
    db.delete(oauthTokens).where(eq(oauthTokens.dealershipId, id)),
    db.delete(dealerships).where(eq(dealerships.id, id)),
  ]);
}

/** Adds credit days in one batch: the ledger row, the balance increased and the audit row. Answers the new balance. */
export async function grantCreditDays(
  db: Db,
  dealershipId: number,
  grant: { amount: number; reason: string; balanceBefore: number },
  actor: AuditActor,
  now = new Date(),
) {
  const at = now.toISOString();
  const [, updated] = await db.batch([
    db.insert(creditDayLedger).values({
      dealershipId,
      amount: grant.amount,
      reason: grant.reason,
      actorUserId: actor.actorUserId,
      createdAt: at,
    }),
    db
      .update(dealerships)
      .set({ advertisingDays: sql`${dealerships.advertisingDays} + ${grant.amount}`, updatedAt: at })
      .where(eq(dealerships.id, dealershipId))
      .returning({ advertisingDays: dealerships.advertisingDays }),
    db.insert(auditLog).values({
      ...auditValues(
        actor,
        "dealer.credit-days",
        "dealership",
        dealershipId,
        { advertisingDays: grant.balanceBefore },
        { advertisingDays: grant.balanceBefore + grant.amount, amount: grant.amount, reason: grant.reason },
      ),
      createdAt: at,
    }),
  ]);
  return updated[0]?.advertisingDays ?? grant.balanceBefore + grant.amount;
}

/** A dealership's credit-day ledger, newest first, with who granted each entry; and the ledger's sum. */
export async function creditLedgerForAdmin(db: Db, dealershipId: number, limit = 200) {
  const [entries, sum] = await Promise.all([
    db
      .select({
        id: creditDayLedger.id,
        amount: creditDayLedger.amount,
        reason: creditDayLedger.reason,
        purchaseId: creditDayLedger.purchaseId,
        createdAt: creditDayLedger.createdAt,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorEmail: users.email,
      })
      .from(creditDayLedger)
      .leftJoin(users, eq(users.id, creditDayLedger.actorUserId))
      .where(eq(creditDayLedger.dealershipId, dealershipId))
      .orderBy(desc(creditDayLedger.createdAt), desc(creditDayLedger.id))
      .limit(limit)
      .all(),
    db
      .select({ total: sql<number>`coalesce(sum(${creditDayLedger.amount}), 0)`, n: count() })
      .from(creditDayLedger)
      .where(eq(creditDayLedger.dealershipId, dealershipId))
      .get(),
  ]);
  return { entries, total: Number(sum?.total ?? 0), count: sum?.n ?? 0 };
}

// ---------------------------------------------------------------------------
// Networks

const networkColumns = {
  ...getTableColumns(dealershipNetworks),
  dealerships: sql<number>`(SELECT count(*) FROM dealerships d WHERE d.network_id = dealership_networks.id)`,
};

/** Every network by name, with the number of dealerships in it. */
export function listNetworksForAdmin(db: Db) {
  return db
    .select(networkColumns)
    .from(dealershipNetworks)
    .orderBy(asc(sql`lower(${dealershipNetworks.name})`), asc(dealershipNetworks.id))
    .all();
}
export type AdminNetworkRow = Awaited<ReturnType<typeof listNetworksForAdmin>>[number];

/** One network by code, with its dealership count. */
export function findNetworkForAdmin(db: Db, code: string) {
  return db.select(networkColumns).from(dealershipNetworks).where(eq(dealershipNetworks.code, code)).get();
}

/** Network codes equal to `base` or `base-…` (to pick a free one). */
export async function networkCodesLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ code: dealershipNetworks.code })
    .from(dealershipNetworks)
    .where(or(eq(dealershipNetworks.code, base), startsWith(dealershipNetworks.code, `${base}-`)))
    .all();
  return new Set(rows.map((r) => r.code));
}

export type NetworkRowValues = Omit<typeof dealershipNetworks.$inferInsert, "id" | "code" | "createdAt">;

/** Creates a network with its audit row in one batch; answers the new id. */
export async function insertNetwork(
  db: Db,
  code: string,
  values: NetworkRowValues,
  actor: AuditActor,
  now = new Date(),
) {
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .insert(dealershipNetworks)
      .values({ ...values, code, createdAt: at })
      .returning({ id: dealershipNetworks.id }),
    db.insert(auditLog).values({
      ...auditValues(actor, "dealer-network.create", "dealership_network", code, undefined, { code, ...values }),
      createdAt: at,
    }),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error("network not inserted");
  return id;
}

/**
 * Changes a network with its audit row in one batch, only while the row still shows the pictures read
 * before (two admins replacing a picture at once cannot both win): otherwise the batch fails with
 * `isGuardFailure(err, "audit_log.action")` and nothing changes.
 */
export async function updateNetwork(
  db: Db,
  id: number,
  values: Partial<NetworkRowValues>,
  expected: { logoKey: string | null; bannerKey: string | null },
  actor: AuditActor,
  before: unknown,
  now = new Date(),
) {
  const at = now.toISOString();
  const unchanged = sql`EXISTS (SELECT 1 FROM dealership_networks WHERE id = ${id} AND logo_key IS ${expected.logoKey} AND banner_key IS ${expected.bannerKey})`;
  await db.batch([
    db.insert(auditLog).values({
      ...auditValues(actor, guardedValue("dealer-network.update", unchanged), "dealership_network", id, before, values),
      createdAt: at,
    }),
    db.update(dealershipNetworks).set(values).where(eq(dealershipNetworks.id, id)),
  ]);
}

/**
 * Deletes a network in one batch, only while no dealership belongs to it (the guarded audit row first,
 * as for dealerships: `isGuardFailure(err, "audit_log.action")` when one does).
 */
export async function deleteNetworkGuarded(db: Db, id: number, actor: AuditActor, before: unknown, now = new Date()) {
  const at = now.toISOString();
  const empty = sql`NOT EXISTS (SELECT 1 FROM dealerships WHERE network_id = ${id})`;
  await db.batch([
    db.insert(auditLog).values({
      ...auditValues(actor, guardedValue("dealer-network.delete", empty), "dealership_network", id, before),
      createdAt: at,
    }),
    db.delete(dealershipNetworks).where(eq(dealershipNetworks.id, id)),
  ]);
}

// ---------------------------------------------------------------------------
// Salespeople of every dealer

/** One page of all dealers' salespeople (by dealership, then name), optionally of one dealership; and the total. */
export async function listAllSalespeople(
  db: Db,
  options: { q?: string; dealershipCode?: string; page: number; size: number },
) {
  const where = and(
    options.dealershipCode ? eq(dealerships.code, options.dealershipCode) : undefined,
    options.q
      ? contains(options.q, [
          sql`${salespeople.firstName}`,
          sql`${salespeople.lastName}`,
          sql`${salespeople.phoneNumber}`,
          sql`${dealerships.name}`,
          sql`${dealerships.publicName}`,
        ])
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        phoneNumber: salespeople.phoneNumber,
        firstName: salespeople.firstName,
        lastName: salespeople.lastName,
        userId: salespeople.userId,
        invitedAt: salespeople.invitedAt,
        declinedAt: salespeople.declinedAt,
        createdAt: salespeople.createdAt,
        dealershipCode: dealerships.code,
        dealershipName: sql<string>`coalesce(${dealerships.publicName}, ${dealerships.name})`,
      })
      .from(salespeople)
      .innerJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
      .where(where)
      .orderBy(
        asc(sql`lower(coalesce(${dealerships.publicName}, ${dealerships.name}))`),
        asc(sql`lower(coalesce(${salespeople.lastName}, ''))`),
        asc(sql`lower(coalesce(${salespeople.firstName}, ''))`),
        asc(salespeople.id),
      )
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .all(),
    db
      .select({ n: count() })
      .from(salespeople)
      .innerJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------
// Users (the impersonation entry)

/** Accounts matching an id, a phone number or a text (e-mail, name), newest first; at most `limit`. */
export function searchUsersForAdmin(
  db: Db,
  match: { id: number | null; phone: string | null; text: string | null },
  limit = 25,
) {
  const where = or(
    match.id !== null ? eq(users.id, match.id) : undefined,
    match.phone !== null ? eq(users.phoneNumber, match.phone) : undefined,
    match.text !== null
      ? contains(match.text, [
          sql`${users.email}`,
          sql`${users.phoneNumber}`,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          sql`${users.lastName}`,
        ])
      : undefined,
  );
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      amzsAdmin: users.amzsAdmin,
      amzsPostingEditor: users.amzsPostingEditor,
      amzsMembershipNumber: users.amzsMembershipNumber,
      amzsMembershipVerified: membershipVerified,
      disabled: users.disabled,
      registeredAt: users.registeredAt,
      lastLoginAt: users.lastLoginAt,
      dealershipRole: users.dealershipRole,
      dealershipCode: dealerships.code,
      dealershipName: sql<string | null>`coalesce(${dealerships.publicName}, ${dealerships.name})`,
    })
    .from(users)
    .leftJoin(dealerships, eq(dealerships.id, users.dealershipId))
    .where(where ?? sql`1`)
    .orderBy(desc(users.id))
    .limit(limit)
    .all();
}

// ---------------------------------------------------------------------------
// Dealer sign-up requests

/** The pending requests (oldest first: first come, first served) or the decided ones (newest decision first); at most 100. */
export function listSignupRequestsForAdmin(db: Db, pending: boolean) {
  const { pinHash: _pinHash, emailTokenHash: _emailTokenHash, ...columns } = getTableColumns(dealerSignupRequests);
  return (
    db
      .select({
        ...columns,
        dealershipCode: dealerships.code,
        decidedByFirstName: users.firstName,
        decidedByLastName: users.lastName,
        decidedByEmail: users.email,
      })
      .from(dealerSignupRequests)
      .leftJoin(dealerships, eq(dealerships.id, dealerSignupRequests.dealershipId))
      .leftJoin(users, eq(users.id, dealerSignupRequests.decidedBy))
      // A request counts only once its e-mail is confirmed (issue 19, rule 5): until then admins do not see it.
      .where(
        pending
          ? and(eq(dealerSignupRequests.status, "PENDING"), isNotNull(dealerSignupRequests.emailVerifiedAt))
          : ne(dealerSignupRequests.status, "PENDING"),
      )
      .orderBy(
        pending ? asc(dealerSignupRequests.createdAt) : desc(dealerSignupRequests.decidedAt),
        desc(dealerSignupRequests.id),
      )
      .limit(100)
      .all()
  );
}
export type SignupRequestRow = Awaited<ReturnType<typeof listSignupRequestsForAdmin>>[number];
