import { m } from "~/paraglide/messages";
import { featuredLastDay, featuringOrderNumber, isFeaturingPackage } from "./featuring";
import { daysLabel, packageNames } from "./featuring-labels";
import { formatDate, formatPrice } from "./format";
import { vatIncluded } from "./money";

/** What the receipt of one paid featuring purchase names (money in cents, instants as ISO strings). */
export type FeaturingReceiptInput = {
  purchaseId: number;
  /** Make and model, or the posting's code. */
  title: string;
  postingUrl: string;
  package: string;
  /** Days the posting got (fewer than bought when the 180-day ceiling cut them: decision 038). */
  deliveredDays: number;
  /** What the card was charged, VAT included. */
  amount: number;
  /** What was paid back for days that did not fit. */
  refundAmount: number;
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
  vatRatePercent: number;
};

/**
 * The receipt e-mail after a paid featuring (decision 062): order number, posting, package, days, the
 * period they cover, the amount with VAT and the VAT in it (prices include 22 % VAT). A refund of days
 * that no longer fitted is named, and the VAT is of what was kept.
 */
export function featuringReceipt(r: FeaturingReceiptInput): { subject: string; text: string } {
  const kept = r.amount - r.refundAmount;
  const { net, vat } = vatIncluded(kept, r.vatRatePercent);
  const packageName = isFeaturingPackage(r.package) ? packageNames[r.package]() : r.package;
  const lines = [
    m.feat_receipt_greeting(),
    "",
    m.feat_receipt_intro(),
    "",
    m.feat_receipt_order({ number: featuringOrderNumber(r.purchaseId) }),
    ...(r.paidAt ? [m.feat_receipt_paid_at({ date: formatDate(r.paidAt) })] : []),
    m.feat_receipt_posting({ title: r.title }),
    m.feat_receipt_package({ package: packageName }),
    m.feat_receipt_days({ days: daysLabel(r.deliveredDays) }),
    ...(r.periodStart && r.periodEnd && r.deliveredDays > 0
      ? [m.feat_receipt_period({ from: formatDate(r.periodStart), to: formatDate(featuredLastDay(r.periodEnd)) })]
      : []),
    ...(r.refundAmount > 0
      ? [
          m.feat_receipt_charged({ amount: formatPrice(r.amount) }),
          m.feat_receipt_refund({ amount: formatPrice(r.refundAmount) }),
        ]
      : []),
    m.feat_receipt_amount({ amount: formatPrice(kept) }),
    m.feat_receipt_net({ amount: formatPrice(net) }),
    m.feat_receipt_vat({ rate: String(r.vatRatePercent), amount: formatPrice(vat) }),
    "",
    m.feat_receipt_link({ url: r.postingUrl }),
    "",
    m.feat_receipt_closing(),
  ];
  return { subject: m.feat_receipt_subject({ title: r.title }), text: lines.join("\n") };
}
