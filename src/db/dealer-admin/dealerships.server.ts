import { asc, count, eq, getTableColumns, or, sql, type SQL } from "drizzle-orm";
import { auditEntry as auditValues, type AuditActor, guardedAction } from "../audit.server";
import type { Db } from "../client.server";
import { auditLog } from "../schema/audit";
import {
  dealerContacts,
  dealershipNetworks,
  dealerSignupRequests,
  dealerships,
  salespeople,
} from "../schema/dealerships";
import { creditDayLedger } from "../schema/featuring";
import { oauthCodes, oauthTokens } from "../schema/partner-oauth";

/** Case-insensitive "contains" over several columns (instr: no LIKE wildcards to escape). */
export const contains = (q: string, columns: SQL[]) =>
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
      ...auditValues(actor, guardedAction("dealer.delete", unusedDealership(id)), "dealership", id, snapshot),
      createdAt: at,
    }),
    db.update(dealerSignupRequests).set({ dealershipId: null }).where(eq(dealerSignupRequests.dealershipId, id)),
    db.delete(oauthCodes).where(eq(oauthCodes.dealershipId, id)),
    db.delete(oauthTokens).where(eq(oauthTokens.dealershipId, id)),
    db.delete(dealerships).where(eq(dealerships.id, id)),
  ]);
}
