import { asc, eq, getTableColumns, or, sql } from "drizzle-orm";
import { startsWith } from "../sql-text.server";
import { auditEntry as auditValues, type AuditActor, guardedAction } from "../audit.server";
import type { Db } from "../client.server";
import { auditLog } from "../schema/audit";
import { dealershipNetworks } from "../schema/dealerships";

/** The network's id by its code. */
export function findNetworkIdByCode(db: Db, code: string) {
  return db
    .select({ id: dealershipNetworks.id })
    .from(dealershipNetworks)
    .where(eq(dealershipNetworks.code, code))
    .get();
}

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
      ...auditValues(
        actor,
        guardedAction("dealer-network.update", unchanged),
        "dealership_network",
        id,
        before,
        values,
      ),
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
      ...auditValues(actor, guardedAction("dealer-network.delete", empty), "dealership_network", id, before),
      createdAt: at,
    }),
    db.delete(dealershipNetworks).where(eq(dealershipNetworks.id, id)),
  ]);
}

// ---------------------------------------------------------------------------
// Salespeople of every dealer
