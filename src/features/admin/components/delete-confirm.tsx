import { FormError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

/** The question and its two buttons; the deletion is a use-delete-… hook's write, a failure stays in the dialog. */
export function DeleteConfirm({
  question,
  deletion,
  onCancel,
  onConfirm,
}: {
  question: string;
  /** The hook's state: the delete button waits while `busy`, `formError` says why it failed. */
  deletion: { busy: boolean; formError: string | null };
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="space-y-4">
      <p>{question}</p>
      <FormError message={deletion.formError} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
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
  );
}
