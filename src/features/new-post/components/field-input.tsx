import { useEffect, useState } from "react";
import { Checkbox, Field, Select, TextArea } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { type FieldDef, formatFieldValue, optionList, parseFieldValue, type SelectOptions } from "../detail-fields";

const inputType = (kind: FieldDef["kind"]) =>
  kind === "email" ? "email" : kind === "tel" ? "tel" : kind === "url" ? "url" : "text";
const inputMode = (kind: FieldDef["kind"]) =>
  kind === "int" ? "numeric" : kind === "decimal" || kind === "euros" ? "decimal" : undefined;

type ControlProps = {
  def: FieldDef;
  value: unknown;
  error: string | null;
  required?: boolean;
  /** A select's choices for this posting (else the table's). */
  options?: SelectOptions;
  onCommit: (value: unknown) => void;
};

/**
 * One wizard field: a posting-field table entry (its kind, label, unit, options) as a control of the one
 * Field set (src/components/ui/field.tsx), which draws the label, the error and the aria wiring. Text
 * reports its parsed value when the user leaves it; a choice or a checkbox at once. A required field shows
 * " *"; an error a save has just cleared keeps its space until the next "Naprej" (issue 23: no lost tap).
 */
export function FieldInput({
  def,
  value,
  error,
  settled,
  required,
  options,
  onCommit,
}: ControlProps & { settled?: string | null }) {
  return (
    <div className={def.kind === "textarea" ? "sm:col-span-2" : undefined}>
      <Control def={def} value={value} error={error} required={required} options={options} onCommit={onCommit} />
      {/* One empty line where the cleared message was (its words are gone; its space stays until "Naprej"). */}
      {settled && !error ? (
        <p aria-hidden="true" className="mt-1 text-sm" data-settled-error>
          {"\u00a0"}
        </p>
      ) : null}
    </div>
  );
}

function Control({ def, value, error, required, options, onCommit }: ControlProps) {
  const id = `f-${def.name}`;
  const [text, setText] = useState(formatFieldValue(def.kind, value));
  useEffect(() => setText(formatFieldValue(def.kind, value)), [def.kind, value]);

  if (def.kind === "bool")
    return <Checkbox id={id} label={def.label()} checked={Boolean(value)} onChange={onCommit} error={error} />;
  if (def.kind === "select")
    return (
      <Select
        id={id}
        label={def.label()}
        value={typeof value === "string" ? value : ""}
        onChange={(v) => onCommit(v || null)}
        options={(options ?? optionList(def.options)).map(([v, label]) => ({ value: v, label }))}
        placeholder={m.wizard_choose()}
        required={required}
        error={error}
      />
    );
  const commit = () => onCommit(parseFieldValue(def.kind, text));
  if (def.kind === "textarea")
    return (
      <TextArea
        id={id}
        label={def.label()}
        required={required}
        rows={6}
        value={text}
        onChange={setText}
        onBlur={commit}
        error={error}
      />
    );
  const unit = "unit" in def ? def.unit : undefined;
  return (
    <Field
      id={id}
      label={def.label()}
      required={required}
      labelSuffix={unit ? <span className="ml-1 text-muted">({unit})</span> : undefined}
      type={inputType(def.kind)}
      inputMode={inputMode(def.kind)}
      placeholder={def.kind === "month" ? "MM/LLLL" : undefined}
      value={text}
      onChange={setText}
      onBlur={commit}
      error={error}
    />
  );
}
