import type { Db } from "~/db/client.server";
import { recordRefund } from "~/db/featuring.server";
import { endFeaturingForHiddenVin } from "~/db/featuring-refunds.server";
import type { PaymentProvider } from "./providers/payment.server";

/**
 * Pays a purchase's refund back through the provider and records how it ended: REFUNDED with the
 * provider's id, or FAILED for support (logged with `failure`; the caller carries on either way).
 */
export async function refundAndRecord(
  db: Db,
  purchaseId: number,
  refund: () => Promise<{ refundId: string }>,
  failure: string,
) {
  try {
    const { refundId } = await refund();
    await recordRefund(db, purchaseId, { status: "REFUNDED", refundId });
  } catch (error) {
    console.error(failure, { purchaseId, error });
    await recordRefund(db, purchaseId, { status: "FAILED" });
  }
}

/**
 * A featured posting whose VIN became hidden stops being featured at once; the whole days after
 * today are credited as decision 038 credits a surplus (card share refunded through the provider,
 * dealer credit days returned). Refund failures are recorded as FAILED for support.
 */
export async function endFeaturingForHiddenVinPosting(
  db: Db,
  posting: { id: number; dealershipId: number | null; featuredUntil: string | null },
  actorUserId: number,
  provider: () => Promise<PaymentProvider | null>,
  now = new Date(),
) {
  if (!posting.featuredUntil || posting.featuredUntil <= now.toISOString()) return;
  const owed = await endFeaturingForHiddenVin(
    db,
    { ...posting, featuredUntil: posting.featuredUntil },
    actorUserId,
    now,
  );
  if (!owed?.length) return;
  const payments = await provider().catch(() => null);
  for (const r of owed) {
    await refundAndRecord(
      db,
      r.purchaseId,
      async () => {
        if (!payments || !r.sessionId) throw new Error("no payment provider or session to refund through");
        return payments.refund({
          purchaseId: r.purchaseId,
          sessionId: r.sessionId,
          paymentIntent: null,
          amount: r.amount,
          idempotencyKey: `featuring-refund-${r.purchaseId}-hidden-vin-${posting.featuredUntil}`,
        });
      },
      "featuring refund for a hidden VIN failed",
    );
  }
}
