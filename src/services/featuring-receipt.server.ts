import { appConfig } from "~/app.config";
import type { Db } from "~/db/client.server";
import { claimReceipt, releaseReceipt } from "~/db/featuring.server";
import { featuringReceipt } from "~/domain/featuring-receipt";
import type { EmailProvider } from "./providers/email.server";

/** Where receipts go and which site their links name. */
export type ReceiptChannel = { email: EmailProvider; siteUrl: string };

/**
 * Sends the receipt of a paid featuring purchase once (decision 062). The send is claimed on the
 * purchase first, so a replayed, repeated or parallel completion of the same payment sends nothing
 * more; a send that fails gives the claim back (logged) and the next delivery of the payment tries
 * again. A buyer without an e-mail address gets none. Answers whether this call sent it.
 */
export async function sendFeaturingReceipt(db: Db, channel: ReceiptChannel, purchaseId: number, now = new Date()) {
  const r = await claimReceipt(db, purchaseId, now);
  if (!r?.email) return false;
  const title = [r.manufacturerName, r.modelName].filter(Boolean).join(" ") || r.code;
  const { subject, text } = featuringReceipt({
    purchaseId: r.id,
    title,
    postingUrl: `${channel.siteUrl}/oglas/${r.postingId}`,
    package: r.package,
    deliveredDays: r.deliveredDays ?? r.days,
    amount: r.amount,
    refundAmount: r.refundAmount,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    paidAt: r.paidAt,
    vatRatePercent: appConfig.billing.vatRatePercent,
  });
  try {
    await channel.email.send({ to: r.email, subject, text });
    return true;
  } catch (error) {
    console.error("featuring receipt not sent", { purchaseId, error });
    await releaseReceipt(db, purchaseId);
    return false;
  }
}
