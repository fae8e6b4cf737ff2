import { count, desc, eq, sql } from "drizzle-orm";
import { auditEntry as auditValues, type AuditActor } from "../audit.server";
import type { Db } from "../client.server";
import { auditLog } from "../schema/audit";
import { dealerships } from "../schema/dealerships";
import { creditDayLedger } from "../schema/featuring";
import { users } from "../schema/users";

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
