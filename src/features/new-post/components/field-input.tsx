import { useEffect, useState } from "react";
import { Checkbox, Field, Select, TextArea } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { type FieldDef, formatFieldValue, optionList, parseFieldValue } from "../detail-fields";

const inputType = (kind: FieldDef["kind"]) =>
  kind === "email" ? "email" : kind === "tel" ? "tel" : kind === "url" ? "url" : "text";
const inputMode = (kind: FieldDef["kind"]) =>
  kind === "int" ? "numeric" : kind === "decimal" || kind === "euros" ? "decimal" : undefined;

/**
 * One wizard field: a posting-field table entry (its kind, label, unit, options) as a control of the one
 * Field set (src/components/ui/field.tsx), which draws the label, the error and the aria wiring. Text
 * reports its parsed value when the user leaves it; a choice or a checkbox at once.
 */
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

  if (def.kind === "bool")
    return <Checkbox id={id} label={def.label()} checked={Boolean(value)} onChange={onCommit} error={error} />;
  if (def.kind === "select")
    return (
      <Select
        id={id}
        label={def.label()}
        value={typeof value === "string" ? value : ""}
        onChange={(v) => onCommit(v || null)}
        options={optionList(def.options).map(([v, label]) => ({ value: v, label }))}
        placeholder={m.wizard_choose()}
        error={error}
      />
    );
  const commit = () => onCommit(parseFieldValue(def.kind, text));
  if (def.kind === "textarea")
    return (
      <TextArea
        id={id}
        className="sm:col-span-2"
        label={def.label()}
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
