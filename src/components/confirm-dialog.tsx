import { useState } from "react";
import { Modal } from "~/components/modal";
import { ApiError } from "~/client/errors";
import { m } from "~/paraglide/messages";

/** "Are you sure?" before a consequential action; a failure stays in the dialog. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  tone = "danger",
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={title}>
      <p className="text-sm">{text}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline" onClick={close} disabled={busy}>
          {m.dialog_cancel()}
        </button>
        <button
          type="button"
          className={tone === "danger" ? "btn bg-danger text-white hover:bg-danger/90" : "btn-primary"}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
              close();
            } catch (e) {
              setError(e instanceof ApiError ? e.firstMessage : m.error_generic());
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
