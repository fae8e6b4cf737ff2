import type { ReactNode, Ref } from "react";
import type { FieldError } from "~/domain/errors";
import { m } from "~/paraglide/messages";
import { fieldIdOf, fieldLabelOf } from "../detail-fields";

/**
 * A wizard step's form: no browser validation (the server's messages show instead), the step's content,
 * and the footer with its one submit button ("Naprej" unless told otherwise) at the right.
 */
export function StepForm({
  formRef,
  onSubmit,
  busy = false,
  submitLabel,
  submitClassName = "btn-primary px-6 py-3",
  children,
}: {
  /** The form helper's ref: a refused save focuses the first invalid field in it. */
  formRef?: Ref<HTMLFormElement>;
  onSubmit: () => void;
  busy?: boolean;
  submitLabel?: string;
  submitClassName?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="flex justify-end">
        <button type="submit" className={submitClassName} disabled={busy}>
          {submitLabel ?? m.wizard_next()}
        </button>
      </div>
    </form>
  );
}

/** The step's message (a failed save) above its fields. */
export function StepMessage({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
      {message}
    </p>
  ) : null;
}

/**
 * What "Naprej" found missing (issue 23): announced at once, each item a link that focuses its field. Stays
 * until the next "Naprej" (fixing a field does not move the page under the seller's finger).
 */
export function MissingSummary({ missing }: { missing: readonly FieldError[] }) {
  if (!missing.length) return null;
  return (
    <div role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger" data-testid="missing-summary">
      <p className="font-semibold">{m.wizard_missing_title()}</p>
      <ul className="mt-1 list-disc pl-5">
        {missing.map((f) => (
          <li key={f.field}>
            <a
              className="underline"
              href={`#${fieldIdOf(f.field)}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(fieldIdOf(f.field))?.focus();
              }}
            >
              {m.wizard_missing_item({ label: fieldLabelOf(f.field), message: f.message })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
