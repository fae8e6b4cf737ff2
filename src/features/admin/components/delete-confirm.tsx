import { useState } from "react";
import { apiFailure } from "~/client/field-errors";
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
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-4">
      <p>{question}</p>
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          {m.acontent_cancel()}
        </button>
        <button
          type="button"
          className="btn bg-danger text-white hover:bg-red-800"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } catch (err) {
              setFailure(apiFailure(err, m.error_generic()).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          {m.acontent_delete()}
        </button>
      </div>
    </div>
  );
}
