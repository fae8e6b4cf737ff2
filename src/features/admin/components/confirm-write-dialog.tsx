import { Modal } from "~/components/modal";
import { FormError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

/**
 * "Delete …?" (or another consequential write) with its two buttons, open while there is a question. The
 * write is a hook of ../use-confirmed-writes.ts: its `busy` holds the buttons, its `formError` stays here.
 */
export function ConfirmWriteDialog({
  title,
  question,
  confirmLabel = m.acontent_delete(),
  tone = "danger",
  write,
  onClose,
  onConfirm,
}: {
  title: string;
  question: string | null;
  confirmLabel?: string;
  tone?: "danger" | "primary";
  write: { busy: boolean; formError: string | null };
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal open={question !== null} onClose={onClose} title={title}>
      {question !== null ? (
        <div className="space-y-4">
          <p>{question}</p>
          <FormError message={write.formError} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-outline" onClick={onClose} disabled={write.busy}>
              {m.acontent_cancel()}
            </button>
            <button
              type="button"
              className={tone === "danger" ? "btn bg-danger text-white hover:bg-red-800" : "btn-primary"}
              disabled={write.busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
