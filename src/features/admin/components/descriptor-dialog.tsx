import { useEffect, useId, useMemo, useState } from "react";
import { Checkbox, Field, FieldError, FieldFrame, TextArea } from "~/components/ui/field";
import type {
  AdminEquipmentDescriptor,
  EquipmentDescriptorInput,
  EquipmentSegments,
} from "~/contracts/admin-equipment";
import { m } from "~/paraglide/messages";
import { contentFormLabels, FormDialog } from "./admin-page-ui";
import { useSaveEquipmentDescriptor } from "../use-save-equipment-descriptor";

export type Make = { value: string; text: string };

/** The form's text of every field but the makes, which are a list. */
type Values = { [K in Exclude<keyof EquipmentDescriptorInput, "limitedToMakes">]-?: string } & {
  limitedToMakes: string[];
};

const formOf = (existing: AdminEquipmentDescriptor | null): Values => ({
  equipmentCode: existing?.equipmentCode ?? "",
  displayName: existing?.displayName ?? "",
  videoId: existing?.videoId ?? "",
  description: existing?.description ?? "",
  category: existing?.category ?? "",
  link: existing?.link ?? "",
  articleLink: existing?.articleLink ?? "",
  limitedToMakes: existing?.limitedToMakes ?? [],
});

/** The add/edit dialog: equipment, display name, video, description, category, links and the makes it is limited to. */
export function DescriptorDialog({
  descriptor,
  segments,
  makes,
  onClose,
  onSaved,
}: {
  descriptor: AdminEquipmentDescriptor | "new" | null;
  segments: EquipmentSegments;
  makes: Make[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Values | null>(null);
  const [makeFilter, setMakeFilter] = useState("");
  const existing = descriptor && descriptor !== "new" ? descriptor : null;
  const save = useSaveEquipmentDescriptor(existing, onSaved);
  const { reset } = save;
  const errors = save.fieldErrors;
  const labelOf = useMemo(
    () => new Map(segments.segments.flatMap((s) => s.equipment.map((e) => [e.code as string, e.label]))),
    [segments],
  );

  useEffect(() => {
    reset();
    setMakeFilter("");
    setForm(descriptor === null ? null : formOf(existing));
  }, [descriptor, existing, reset]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const text = (key: "displayName" | "videoId" | "link" | "articleLink") => ({
    id: `${id}-${key}`,
    value: form?.[key] ?? "",
    onChange: (value: string) => set(key, value),
    error: errors[key],
  });
  const filteredMakes = makes.filter(
    (mk) =>
      !makeFilter.trim() ||
      mk.text.toLowerCase().includes(makeFilter.trim().toLowerCase()) ||
      form?.limitedToMakes.includes(mk.value),
  );

  return (
    <FormDialog
      open={descriptor !== null}
      title={existing ? m.acontent_equipment_edit_title() : m.acontent_equipment_new_title()}
      values={form}
      form={save}
      input={(values) => ({
        ...values,
        equipmentCode: values.equipmentCode as EquipmentDescriptorInput["equipmentCode"],
      })}
      labels={contentFormLabels()}
      onClose={onClose}
    >
      {(form) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldFrame
              id={`${id}-equipmentCode`}
              label={m.acontent_equipment_code_label()}
              required
              error={errors.equipmentCode}
            >
              {(aria) => (
                <select
                  {...aria}
                  className="field-input aria-invalid:border-danger"
                  required
                  value={form.equipmentCode}
                  onChange={(e) => {
                    const code = e.target.value;
                    // The equipment's own name is a good start for the display name.
                    setForm((f) =>
                      f
                        ? {
                            ...f,
                            equipmentCode: code,
                            displayName: f.displayName.trim() ? f.displayName : (labelOf.get(code) ?? ""),
                          }
                        : f,
                    );
                  }}
                >
                  <option value="">{m.acontent_equipment_choose()}</option>
                  {segments.segments.map((s) => (
                    <optgroup key={s.code} label={s.label}>
                      {s.equipment.map((e) => (
                        <option key={e.code} value={e.code}>
                          {e.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </FieldFrame>
            <Field {...text("displayName")} label={m.acontent_equipment_name_label()} required maxLength={120} />
            <Field
              {...text("videoId")}
              label={m.acontent_equipment_video_label()}
              required
              hint={m.acontent_equipment_video_hint()}
              maxLength={300}
            />
            <FieldFrame id={`${id}-category`} label={m.acontent_equipment_category_label()} error={errors.category}>
              {(aria) => (
                <input
                  {...aria}
                  className="field-input aria-invalid:border-danger"
                  maxLength={60}
                  list={`${id}-categories`}
                  value={form.category}
                  onChange={(e) => set("category", e.target.value)}
                />
              )}
            </FieldFrame>
          </div>
          <datalist id={`${id}-categories`}>
            {segments.categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <Field
            {...text("link")}
            label={m.acontent_equipment_link_label()}
            required
            type="url"
            inputMode="url"
            hint={m.acontent_link_hint()}
            maxLength={500}
          />
          <Field
            {...text("articleLink")}
            label={m.acontent_equipment_article_label()}
            type="url"
            inputMode="url"
            maxLength={500}
          />
          <TextArea
            id={`${id}-description`}
            label={m.acontent_equipment_description_label()}
            maxLength={2000}
            value={form.description}
            onChange={(value) => set("description", value)}
            error={errors.description}
          />
          <fieldset
            className="rounded-lg border border-line p-3"
            aria-describedby={
              [`${id}-limitedToMakes-hint`, errors.limitedToMakes ? `${id}-limitedToMakes-error` : ""]
                .filter(Boolean)
                .join(" ") || undefined
            }
          >
            <legend className="px-1 text-sm font-semibold">{m.acontent_equipment_makes_label()}</legend>
            <p id={`${id}-limitedToMakes-hint`} className="mb-2 text-xs text-muted">
              {form.limitedToMakes.length
                ? m.acontent_equipment_makes_chosen({ count: String(form.limitedToMakes.length) })
                : m.acontent_equipment_makes_hint()}
            </p>
            <label className="sr-only" htmlFor={`${id}-make-filter`}>
              {m.acontent_equipment_makes_filter()}
            </label>
            <input
              id={`${id}-make-filter`}
              type="search"
              className="field-input mb-2"
              placeholder={m.acontent_equipment_makes_filter()}
              value={makeFilter}
              onChange={(e) => setMakeFilter(e.target.value)}
            />
            <div className="grid max-h-44 grid-cols-2 gap-x-3 gap-y-1 overflow-y-auto sm:grid-cols-3">
              {filteredMakes.map((mk) => (
                <Checkbox
                  key={mk.value}
                  id={`${id}-make-${mk.value}`}
                  label={mk.text}
                  checked={form.limitedToMakes.includes(mk.value)}
                  onChange={(checked) =>
                    set(
                      "limitedToMakes",
                      checked ? [...form.limitedToMakes, mk.value] : form.limitedToMakes.filter((c) => c !== mk.value),
                    )
                  }
                />
              ))}
            </div>
            <FieldError id={`${id}-limitedToMakes`} error={errors.limitedToMakes} />
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
