import type { OwnFeaturing } from "~/domain/featuring";
import { daysLabel, packageNames } from "~/domain/featuring-labels";
import { formatDate } from "~/domain/format";
import { m } from "~/paraglide/messages";
import { ConfirmDialog } from "./confirm-dialog";

/** A status change the seller is asked about: sold or removed, with the posting's featuring if any. */
export type StatusQuestion = { status: "SOLD" | "REMOVED"; featuring: OwnFeaturing | null };

/** Days of featuring beyond today would run on unseen: the change asks first (decision 062). */
export const featuringAtStake = (featuring: OwnFeaturing | null | undefined): featuring is OwnFeaturing =>
  featuring?.atStake === true;

/** "Izpostavljeno do 12. 12. 2026 · Paket Standard": a featured posting as its seller sees it. */
export const featuredUntilLabel = (featuring: OwnFeaturing) =>
  [
    m.my_postings_featured_until({ date: formatDate(featuring.untilDay) }),
    featuring.package ? m.my_postings_package({ package: packageNames[featuring.package]() }) : null,
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * "Označim oglas kot prodan?" / "Deaktiviram oglas?" in the one ConfirmDialog. With featuring days at stake it
 * says what happens to them: not refunded nor moved, they run on while the posting is hidden, and it is
 * featured again to that day when brought back in time (decision 062).
 */
export function PostingStatusDialog({
  question,
  write,
  onClose,
  onConfirm,
}: {
  question: StatusQuestion | null;
  write: { busy: boolean; formError: string | null; reset: () => void };
  onClose: () => void;
  onConfirm: () => void;
}) {
  const sold = question?.status !== "REMOVED";
  const featuring = featuringAtStake(question?.featuring) ? question?.featuring : null;
  const days = featuring ? { days: daysLabel(featuring.daysLeft), date: formatDate(featuring.untilDay) } : null;
  const text =
    question === null
      ? null
      : days
        ? sold
          ? m.status_days_sold(days)
          : m.status_days_removed(days)
        : sold
          ? m.status_confirm_sold()
          : m.status_confirm_removed();
  return (
    <ConfirmDialog
      title={sold ? m.status_confirm_sold_title() : m.status_confirm_removed_title()}
      question={text}
      confirmLabel={sold ? m.status_confirm_sold_button() : m.status_confirm_removed_button()}
      tone={featuring ? "danger" : "primary"}
      write={write}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
