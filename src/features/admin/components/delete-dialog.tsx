import { Modal } from "~/components/modal";
import { FormError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

/**
 * "Delete …?" with its two buttons, open while there is a question; the deletion is a use-delete-… hook's
 * write (its `busy` holds the button, its `formError` stays in the dialog).
 */
export function DeleteDialog({
  title,
  question,
  deletion,
  onClose,
  onConfirm,
}: {
  title: string;
  question: string | null;
  deletion: { busy: boolean; formError: string | null };
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal open={question !== null} onClose={onClose} title={title}>
      {question !== null ? (
        <div className="space-y-4">
          <p>{question}</p>
          <FormError message={deletion.formError} />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={onClose}>
              {m.acontent_cancel()}
            </button>
            <button
              type="button"
              className="btn bg-danger text-white hover:bg-red-800"
              disabled={deletion.busy}
              onClick={onConfirm}
            >
              {m.acontent_delete()}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
