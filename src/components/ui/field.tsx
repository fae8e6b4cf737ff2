import type { ReactNode } from "react";

/**
 * The one set of form fields (decision 056): a label above the control, an optional hint, the error
 * below it; the control is marked `aria-invalid` and described by hint and error, so screen readers
 * read them and the form helper (src/client/use-api-form.ts) can focus the first invalid field.
 */
type FrameProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Shows " *" after the label (the control gets `required` where it has one). */
  required?: boolean;
  /** After the label text, e.g. a unit. */
  labelSuffix?: ReactNode;
  /** The error is announced at once (role="alert"): a form of one field that has no form message. */
  announce?: boolean;
  className?: string;
};

/** What a control needs to be tied to its label, hint and error. */
export type ControlAria = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** The ids that describe a control: its hint, then its error. */
function describedBy(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
      {hint}
    </p>
  ) : null;
}

/** The error line under a control (or under a group of them). */
export function FieldError({
  id,
  error,
  announce,
}: {
  id: string;
  error: string | null | undefined;
  announce?: boolean;
}) {
  return error ? (
    <p id={`${id}-error`} role={announce ? "alert" : undefined} className="mt-1 text-sm text-danger" data-field-error>
      {error}
    </p>
  ) : null;
}

/** Label, hint and error around any control (a file input, a PIN, a cropper): the control gets the aria props. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  labelSuffix,
  announce,
  className,
  children,
}: FrameProps & { children: (aria: ControlAria) => ReactNode }) {
  const aria: ControlAria = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
  };
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
        {labelSuffix}
      </label>
      {children(aria)}
      <Hint id={id} hint={hint} />
      <FieldError id={id} error={error} announce={announce} />
    </div>
  );
}

type InputProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  type?: "text" | "email" | "tel" | "url" | "date" | "time" | "number" | "search" | "password";
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email" | "url";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  step?: number;
  min?: number | string;
  max?: number | string;
};

/** A labelled text input. */
export function Field({
  value,
  onChange,
  onBlur,
  name,
  type = "text",
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
  disabled,
  readOnly,
  step,
  min,
  max,
  ...frame
}: FrameProps & InputProps) {
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <input
          {...aria}
          name={name ?? frame.id}
          className="field-input aria-invalid:border-danger read-only:bg-surface"
          type={type}
          step={step ?? (type === "time" ? 60 : undefined)}
          min={min}
          max={max}
          inputMode={inputMode}
          autoComplete={autoComplete}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          readOnly={readOnly}
          required={frame.required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text. */
export function TextArea({
  value,
  onChange,
  onBlur,
  name,
  rows = 4,
  maxLength,
  placeholder,
  disabled,
  ...frame
}: FrameProps & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <textarea
          {...aria}
          name={name ?? frame.id}
          className="field-input aria-invalid:border-danger"
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          required={frame.required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };

/** A labelled choice; `placeholder` is the empty first option. */
export function Select({
  value,
  onChange,
  options,
  placeholder,
  name,
  disabled,
  ...frame
}: FrameProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  name?: string;
  disabled?: boolean;
}) {
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <select
          {...aria}
          name={name ?? frame.id}
          className="field-input aria-invalid:border-danger"
          disabled={disabled}
          required={frame.required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label beside it, and its hint and error below. */
export function Checkbox({
  id,
  label,
  checked,
  onChange,
  hint,
  error,
  name,
  disabled,
  className,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string | null;
  name?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-sm" htmlFor={id}>
        <input
          id={id}
          name={name ?? id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        {label}
      </label>
      <Hint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The message of a failed submit that is not about one field; announced at once. */
export function FormError({ message, className }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={`rounded-lg bg-red-50 p-3 text-sm font-medium text-danger ${className ?? ""}`.trim()}>
      {message}
    </p>
  ) : null;
}

/** The submit button: disabled while the write is under way (no double submit), with its busy label. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  className = "btn-primary",
  children,
}: {
  busy: boolean;
  busyLabel?: ReactNode;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
