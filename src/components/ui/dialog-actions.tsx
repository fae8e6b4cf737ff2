import type { ReactNode } from "react";
import { FormError, SubmitButton } from "./field";

/**
 * The end of a form in a dialog: the form's message (role="alert"), then Cancel and the submit button,
 * which is disabled while the write is under way (the form helper's `busy`: a double tap sends once).
 */
export function DialogActions({
  error,
  busy,
  busyLabel,
  cancelLabel,
  onCancel,
  children,
}: {
  error?: string | null;
  busy: boolean;
  busyLabel?: ReactNode;
  cancelLabel: ReactNode;
  onCancel: () => void;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          {cancelLabel}
        </button>
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}
