import { type ReactNode, useEffect, useId, useState } from "react";
import { Modal } from "~/components/modal";
import { Field, FormError } from "~/components/ui/field";
import { typedNameMatches } from "~/domain/typed-confirmation";
import { m } from "~/paraglide/messages";

/**
 * "Are you sure?" before a consequential write, open while there is a question. The write is a
 * `useConfirmedWrite` hook (src/client): its `busy` holds both buttons (one request per tap), its
 * `formError` stays in the dialog; the caller closes the dialog in the hook's `onDone`. With `typedName`
 * (deleting a dealership or a network, decision 073) the admin types that name first: the confirm button
 * stays disabled until it matches, and `onConfirm` gets what was typed for the server to check again.
 */
export function ConfirmDialog({
  title,
  question,
  confirmLabel,
  tone = "danger",
  typedName,
  write,
  onClose,
  onConfirm,
}: {
  title: string;
  question: ReactNode | null;
  confirmLabel: string;
  tone?: "danger" | "primary";
  typedName?: string;
  write: { busy: boolean; formError: string | null; reset: () => void };
  onClose: () => void;
  onConfirm: (typed: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const open = question !== null;
  // Every opening starts with an empty field.
  useEffect(() => {
    if (open) setTyped("");
  }, [open, typedName]);
  // A refusal shown last time is forgotten when the dialog closes.
  const close = () => {
    write.reset();
    onClose();
  };
  const matches = typedName === undefined || typedNameMatches(typed, typedName);
  return (
    <Modal open={open} onClose={close} title={title}>
      {open ? (
        <div className="space-y-4">
          {typeof question === "string" ? <p>{question}</p> : question}
          {typedName !== undefined ? (
            <Field
              id={`${id}-typed`}
              label={m.confirm_type_name({ name: typedName })}
              autoComplete="off"
              maxLength={200}
              value={typed}
              onChange={setTyped}
            />
          ) : null}
          <FormError message={write.formError} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-outline" onClick={close} disabled={write.busy}>
              {m.dialog_cancel()}
            </button>
            <button
              type="button"
              className={tone === "danger" ? "btn bg-danger text-white hover:bg-red-800" : "btn-primary"}
              disabled={write.busy || !matches}
              onClick={() => onConfirm(typed)}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
