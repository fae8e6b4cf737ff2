import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { Modal } from "~/components/modal";
import { youtubeWatchUrl } from "~/domain/youtube";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { createEquipmentDescriptor, deleteEquipmentDescriptor, updateEquipmentDescriptor } from "../admin.mutations";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { focusFirstInvalid } from "~/client/field-errors";
import { m } from "~/paraglide/messages";
import type { AdminEquipmentDescriptor, EquipmentSegments } from "~/contracts/admin-equipment";
import { DeleteConfirm } from "./delete-confirm";
import { equipmentDescriptorsQueryOptions, equipmentSegmentsQueryOptions } from "../admin-content.queries";
import { equipmentDescriptorInputSchema, type EquipmentDescriptorInput } from "~/contracts/admin-equipment";

type Make = { value: string; text: string };

const useMakes = () =>
  useQuery({ queryKey: ["manufacturers"], queryFn: () => data(api.manufacturer.$get()), staleTime: 60 * 60_000 })
    .data ?? [];

/**
 * /administracija/oprema: the additional-equipment descriptors (what a posting's equipment item shows
 * under "več": description, page, video and article), with a dialog to add or edit one and a confirmed
 * delete. Administrators only.
 */
export function EquipmentAdminPage() {
  const { data } = useSuspenseQuery(equipmentDescriptorsQueryOptions());
  const segments = useSuspenseQuery(equipmentSegmentsQueryOptions()).data;
  const makes = useMakes();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminEquipmentDescriptor | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminEquipmentDescriptor | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const makeName = useMemo(() => new Map(makes.map((mk) => [mk.value, mk.text])), [makes]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["equipment-descriptors"] });
    void queryClient.invalidateQueries({ queryKey: ["equipment-segments"] });
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.acontent_equipment_title()}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{m.acontent_equipment_intro()}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
          {m.acontent_equipment_new()}
        </button>
      </div>
      {message ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {message}
        </p>
      ) : null}
      {data.length === 0 ? <p className="card p-6 text-center text-muted">{m.acontent_equipment_empty()}</p> : null}
      <ul className="grid gap-3 desk:grid-cols-2" data-testid="equipment-list">
        {data.map((d) => (
          <li key={d.id} className="card flex flex-col gap-2 p-4" data-descriptor-id={d.id}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="font-semibold">{d.displayName}</h2>
                <p className="text-xs text-muted">
                  {d.equipmentLabel} · <code>{d.equipmentCode}</code>
                </p>
              </div>
              {d.category ? (
                <span className="rounded bg-surface px-1.5 py-0.5 text-xs font-medium text-muted">{d.category}</span>
              ) : null}
            </div>
            {d.description ? <p className="line-clamp-2 text-sm">{d.description}</p> : null}
            <p className="text-xs text-muted">
              {d.limitedToMakes.length
                ? m.acontent_equipment_only_makes({
                    makes: d.limitedToMakes.map((c) => makeName.get(c) ?? c).join(", "),
                  })
                : m.acontent_equipment_all_makes()}
            </p>
            <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {d.link ? (
                <a href={d.link} className="text-brand-700 underline" target="_blank" rel="noopener noreferrer">
                  {m.acontent_equipment_link()}
                </a>
              ) : null}
              {d.videoId ? (
                <a
                  href={youtubeWatchUrl(d.videoId)}
                  className="text-brand-700 underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {m.acontent_equipment_video()}
                </a>
              ) : null}
              {d.articleLink ? (
                <a href={d.articleLink} className="text-brand-700 underline" target="_blank" rel="noopener noreferrer">
                  {m.acontent_equipment_article()}
                </a>
              ) : null}
              <span className="ml-auto flex gap-2">
                <button type="button" className="btn-outline" onClick={() => setEditing(d)}>
                  {m.acontent_edit()}
                  <span className="sr-only"> – {d.displayName}</span>
                </button>
                <button type="button" className="btn-outline text-danger" onClick={() => setDeleting(d)}>
                  {m.acontent_delete()}
                  <span className="sr-only"> – {d.displayName}</span>
                </button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <DescriptorDialog
        descriptor={editing}
        segments={segments}
        makes={makes}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setMessage(m.acontent_equipment_saved());
          refresh();
        }}
      />
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title={m.acontent_equipment_delete_title()}>
        {deleting ? (
          <DeleteConfirm
            question={m.acontent_equipment_delete_question({ name: deleting.displayName })}
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              await deleteEquipmentDescriptor(deleting.id);
              setDeleting(null);
              setMessage(m.acontent_equipment_deleted());
              refresh();
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}

type Form = {
  equipmentCode: string;
  displayName: string;
  videoId: string;
  description: string;
  category: string;
  link: string;
  articleLink: string;
  limitedToMakes: string[];
};

const emptyForm: Form = {
  equipmentCode: "",
  displayName: "",
  videoId: "",
  description: "",
  category: "",
  link: "",
  articleLink: "",
  limitedToMakes: [],
};

/** The add/edit dialog: equipment, display name, video, description, category, links and the makes it is limited to. */
function DescriptorDialog({
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
  const [form, setForm] = useState<Form | null>(null);
  const [makeFilter, setMakeFilter] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const existing = descriptor && descriptor !== "new" ? descriptor : null;
  const labelOf = useMemo(
    () => new Map(segments.segments.flatMap((s) => s.equipment.map((e) => [e.code as string, e.label]))),
    [segments],
  );

  useEffect(() => {
    setErrors({});
    setFailure(null);
    setMakeFilter("");
    setForm(
      descriptor === null
        ? null
        : existing
          ? {
              equipmentCode: existing.equipmentCode,
              displayName: existing.displayName,
              videoId: existing.videoId ?? "",
              description: existing.description ?? "",
              category: existing.category ?? "",
              link: existing.link ?? "",
              articleLink: existing.articleLink ?? "",
              limitedToMakes: existing.limitedToMakes,
            }
          : emptyForm,
    );
  }, [descriptor, existing]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const describedBy = (key: string, hint?: boolean) =>
    [hint ? `${id}-${key}-hint` : "", errors[key] ? `${id}-${key}-error` : ""].filter(Boolean).join(" ") || undefined;
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-danger">
        {errors[key]}
      </p>
    ) : null;
  const text = (
    key: "displayName" | "videoId" | "category" | "link" | "articleLink",
    label: string,
    options: { required?: boolean; type?: string; hint?: string; maxLength?: number; list?: string } = {},
  ) => (
    <div>
      <label className="field-label" htmlFor={`${id}-${key}`}>
        {label}
        {options.required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <input
        id={`${id}-${key}`}
        className="field-input"
        type={options.type ?? "text"}
        inputMode={options.type === "url" ? "url" : undefined}
        maxLength={options.maxLength}
        required={options.required}
        list={options.list}
        value={form?.[key] ?? ""}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(key, Boolean(options.hint))}
      />
      {options.hint ? (
        <p id={`${id}-${key}-hint`} className="mt-1 text-xs text-muted">
          {options.hint}
        </p>
      ) : null}
      {error(key)}
    </div>
  );
  const filteredMakes = makes.filter(
    (mk) =>
      !makeFilter.trim() ||
      mk.text.toLowerCase().includes(makeFilter.trim().toLowerCase()) ||
      form?.limitedToMakes.includes(mk.value),
  );

  return (
    <Modal
      open={descriptor !== null}
      onClose={onClose}
      title={existing ? m.acontent_equipment_edit_title() : m.acontent_equipment_new_title()}
      size="lg"
    >
      {form ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (e) => {
            const formElement = e.currentTarget;
            e.preventDefault();
            setFailure(null);
            const input: EquipmentDescriptorInput = {
              ...form,
              equipmentCode: form.equipmentCode as EquipmentDescriptorInput["equipmentCode"],
            };
            const parsed = equipmentDescriptorInputSchema.safeParse(input);
            if (!parsed.success) {
              setErrors(zodFieldMessages(parsed.error));
              focusFirstInvalid(formElement);
              return;
            }
            setErrors({});
            setBusy(true);
            try {
              if (existing) await updateEquipmentDescriptor(existing.id, input);
              else await createEquipmentDescriptor(input);
              onSaved();
            } catch (err) {
              const f = apiFailure(err, m.error_generic());
              setErrors(f.fields);
              setFailure(f.message);
              focusFirstInvalid(formElement);
            } finally {
              setBusy(false);
            }
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label className="field-label" htmlFor={`${id}-equipmentCode`}>
                {m.acontent_equipment_code_label()}
                <span aria-hidden="true" className="text-danger">
                  {" "}
                  *
                </span>
              </label>
              <select
                id={`${id}-equipmentCode`}
                className="field-input"
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
                aria-invalid={errors.equipmentCode ? true : undefined}
                aria-describedby={describedBy("equipmentCode")}
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
              {error("equipmentCode")}
            </div>
            {text("displayName", m.acontent_equipment_name_label(), { required: true, maxLength: 120 })}
            {text("videoId", m.acontent_equipment_video_label(), {
              required: true,
              hint: m.acontent_equipment_video_hint(),
              maxLength: 300,
            })}
            {text("category", m.acontent_equipment_category_label(), { maxLength: 60, list: `${id}-categories` })}
          </div>
          <datalist id={`${id}-categories`}>
            {segments.categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          {text("link", m.acontent_equipment_link_label(), {
            required: true,
            type: "url",
            hint: m.acontent_link_hint(),
            maxLength: 500,
          })}
          {text("articleLink", m.acontent_equipment_article_label(), { type: "url", maxLength: 500 })}
          <div>
            <label className="field-label" htmlFor={`${id}-description`}>
              {m.acontent_equipment_description_label()}
            </label>
            <textarea
              id={`${id}-description`}
              className="field-input min-h-24"
              maxLength={2000}
              value={form.description}
              onChange={(e) => set("description", e.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy("description")}
            />
            {error("description")}
          </div>
          <fieldset
            className="rounded-lg border border-line p-3"
            aria-describedby={describedBy("limitedToMakes", true)}
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
                <label key={mk.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={form.limitedToMakes.includes(mk.value)}
                    onChange={(e) =>
                      set(
                        "limitedToMakes",
                        e.target.checked
                          ? [...form.limitedToMakes, mk.value]
                          : form.limitedToMakes.filter((c) => c !== mk.value),
                      )
                    }
                  />
                  {mk.text}
                </label>
              ))}
            </div>
            {error("limitedToMakes")}
          </fieldset>
          {failure ? (
            <p role="alert" className="text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={onClose}>
              {m.acontent_cancel()}
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {m.acontent_save()}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
