import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";

/** The question and its two buttons; a failure stays in the dialog. */
export function DeleteConfirm({
  question,
  onCancel,
  onConfirm,
}: {
  question: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const deletion = useApiForm<void, void>({
    mutationFn: () => onConfirm(),
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
  return (
    <div className="space-y-4">
      <p>{question}</p>
      {deletion.formError ? (
        <p role="alert" className="text-sm text-danger">
          {deletion.formError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          {m.acontent_cancel()}
        </button>
        <button
          type="button"
          className="btn bg-danger text-white hover:bg-red-800"
          disabled={deletion.busy}
          onClick={() => void deletion.submit()}
        >
          {m.acontent_delete()}
        </button>
      </div>
    </div>
  );
}
