import { Modal } from "~/components/modal";
import { FormError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

/**
 * "Are you sure?" before a consequential write, open while there is a question. The write is a
 * `useConfirmedWrite` hook (src/client): its `busy` holds both buttons (one request per tap), its
 * `formError` stays in the dialog; the caller closes the dialog in the hook's `onDone`.
 */
export function ConfirmDialog({
  title,
  question,
  confirmLabel,
  tone = "danger",
  write,
  onClose,
  onConfirm,
}: {
  title: string;
  question: string | null;
  confirmLabel: string;
  tone?: "danger" | "primary";
  write: { busy: boolean; formError: string | null; reset: () => void };
  onClose: () => void;
  onConfirm: () => void;
}) {
  // A refusal shown last time is forgotten when the dialog closes.
  const close = () => {
    write.reset();
    onClose();
  };
  return (
    <Modal open={question !== null} onClose={close} title={title}>
      {question !== null ? (
        <div className="space-y-4">
          <p>{question}</p>
          <FormError message={write.formError} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-outline" onClick={close} disabled={write.busy}>
              {m.dialog_cancel()}
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
