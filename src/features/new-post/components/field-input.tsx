import { useEffect, useState } from "react";
import { m } from "~/paraglide/messages";
import { formatFieldValue, optionList, parseFieldValue, type FieldDef } from "../detail-fields";

/** One wizard field with its label, unit and error; it reports the parsed value when the user leaves it. */
export function FieldInput({
  def,
  value,
  error,
  onCommit,
}: {
  def: FieldDef;
  value: unknown;
  error: string | null;
  onCommit: (value: unknown) => void;
}) {
  const id = `f-${def.name}`;
  const [text, setText] = useState(formatFieldValue(def.kind, value));
  useEffect(() => setText(formatFieldValue(def.kind, value)), [def.kind, value]);
  const describedBy = error ? `${id}-error` : undefined;
  const errorLine = error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-danger">
      {error}
    </p>
  ) : null;

  if (def.kind === "bool") {
    return (
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input
            id={id}
            type="checkbox"
            checked={Boolean(value)}
            onChange={(e) => onCommit(e.target.checked)}
            aria-describedby={describedBy}
          />
          {def.label()}
        </label>
        {errorLine}
      </div>
    );
  }
  if (def.kind === "select") {
    return (
      <div>
        <label className="field-label" htmlFor={id}>
          {def.label()}
        </label>
        <select
          id={id}
          className="field-input"
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onCommit(e.target.value || null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">{m.wizard_choose()}</option>
          {optionList(def.options).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        {errorLine}
      </div>
    );
  }
  const commit = () => onCommit(parseFieldValue(def.kind, text));
  const unit = "unit" in def ? def.unit : undefined;
  const common = {
    id,
    className: "field-input",
    value: text,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: commit,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  return (
    <div className={def.kind === "textarea" ? "sm:col-span-2" : undefined}>
      <label className="field-label" htmlFor={id}>
        {def.label()}
        {unit ? <span className="ml-1 text-muted">({unit})</span> : null}
      </label>
      {def.kind === "textarea" ? (
        <textarea {...common} rows={6} />
      ) : (
        <input
          {...common}
          type={def.kind === "email" ? "email" : def.kind === "tel" ? "tel" : def.kind === "url" ? "url" : "text"}
          inputMode={
            def.kind === "int" ? "numeric" : def.kind === "decimal" || def.kind === "euros" ? "decimal" : undefined
          }
          placeholder={def.kind === "month" ? "MM/LLLL" : undefined}
        />
      )}
      {errorLine}
    </div>
  );
}
