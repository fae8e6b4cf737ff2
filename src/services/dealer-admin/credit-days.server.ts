import type { CreditLedger } from "~/contracts/admin-dealers";
import { creditLedgerForAdmin, grantCreditDays } from "~/db/dealer-admin/credit-days.server";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { personName, requireDealership } from "./shared.server";

/** Shown in the ledger for days an admin grants without a note. */
export const defaultGrantReason = "Dodelitev skrbnika";

/** `GET dealer/{code}/credit-days` (admins): the balance and the ledger, newest first. */
export async function getCreditLedger(db: Db, code: string): Promise<CreditLedger> {
  const d = await requireDealership(db, code);
  const ledger = await creditLedgerForAdmin(db, d.id);
  return {
    code,
    name: d.publicName ?? d.name,
    advertisingDays: d.advertisingDays,
    ledgerTotal: ledger.total,
    entries: ledger.entries.map((e) => ({
      id: e.id,
      amount: e.amount,
      reason: e.reason,
      createdAt: e.createdAt,
      actor: personName(e.actorFirstName, e.actorLastName, e.actorEmail),
      purchaseId: e.purchaseId,
    })),
  };
}

/** `POST dealer/{code}/credit-days` (admins): the ledger row and the balance increase in one batch (with the audit row). */
export async function addCreditDays(
  db: Db,
  actor: AuditActor,
  code: string,
  input: { amount: number; reason: string | null },
): Promise<CreditLedger> {
  const d = await requireDealership(db, code);
  await grantCreditDays(
    db,
    d.id,
    { amount: input.amount, reason: input.reason ?? defaultGrantReason, balanceBefore: d.advertisingDays },
    actor,
  );
  return getCreditLedger(db, code);
}

// ---------------------------------------------------------------------------
// Networks
