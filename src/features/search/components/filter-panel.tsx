import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { formatNumber } from "~/domain/format";
import { type Range, type SearchFilters, withFilters, yearOrOlder } from "~/domain/search-filters";
import { digitsOnly } from "~/domain/digits";
import { m } from "~/paraglide/messages";
import type { Field, FlagsField, ListField, RangeField } from "../filter-fields";
import { postingAgeOptions } from "../filter-fields";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";

export type FacetCounts = Partial<Record<string, ReadonlyMap<string, number>>>;

type PanelProps = {
  fields: Field[];
  value: SearchFilters;
  onChange: (next: SearchFilters) => void;
  facets?: FacetCounts;
  /** Lists longer than this collapse behind "show more" (the sidebar); 0 shows all. */
  collapseAfter?: number;
};

/**
 * Renders filter fields; every change calls onChange with the whole new filter object. Each control carries the
 * name the URL codec reads, so inside a GET form (FilterForm) it also works before hydration (decision 064).
 */
export function FilterPanel({ fields, value, onChange, facets, collapseAfter = 0 }: PanelProps) {
  return (
    <div className="space-y-5">
      {fields.map((field) => {
        const key =
          field.kind === "list" || field.kind === "range"
            ? field.key
            : field.kind === "flags"
              ? field.keys.map((k) => k.key).join("-")
              : field.kind;
        switch (field.kind) {
          case "makeModel":
            return <MakeModelField key={key} value={value} onChange={onChange} facets={facets} />;
          case "range":
            return <RangeInput key={key} field={field} value={value} onChange={onChange} />;
          case "list":
            return (
              <ListInput
                key={key}
                field={field}
                value={value}
                onChange={onChange}
                counts={field.facet ? facets?.[field.facet] : undefined}
                collapseAfter={collapseAfter}
              />
            );
          case "flags":
            return <FlagsInput key={key} field={field} value={value} onChange={onChange} />;
          case "postingAge":
            return <PostingAgeInput key={key} value={value} onChange={onChange} />;
        }
      })}
    </div>
  );
}

const countText = (counts: ReadonlyMap<string, number> | undefined, value: string) => {
  if (!counts) return null;
  return <span className="ml-auto text-xs tabular-nums text-muted">{formatNumber(counts.get(value) ?? 0)}</span>;
};

function MakeModelField({
  value,
  onChange,
  facets,
}: {
  value: SearchFilters;
  onChange: (f: SearchFilters) => void;
  facets?: FacetCounts;
}) {
  const id = useId();
  const manufacturers = useSuspenseQuery(manufacturersQueryOptions()).data;
  const current = value.model[0];
  const make = current?.manufacturer ?? "";
  const models = useQuery(modelsQueryOptions(make));
  const makeCounts = facets?.manufacturer;
  const others = value.model.slice(1);
  return (
    <div className="space-y-3">
      <div>
        <label className="field-label" htmlFor={`${id}-make`}>
          {m.filter_make()}
        </label>
        <select
          id={`${id}-make`}
          name="make"
          className="field-input"
          value={make}
          onChange={(e) =>
            onChange(
              withFilters(value, {
                model: e.target.value ? [{ manufacturer: e.target.value, model: null }, ...others] : others,
              }),
            )
          }
        >
          <option value="">{m.filter_any_make()}</option>
          {manufacturers.map((mk) => (
            <option key={mk.value} value={mk.value}>
              {mk.text}
              {makeCounts ? ` (${formatNumber(makeCounts.get(mk.value) ?? 0)})` : ""}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="field-label" htmlFor={`${id}-model`}>
          {m.filter_model()}
        </label>
        <select
          id={`${id}-model`}
          name="make.model"
          className="field-input"
          disabled={!make}
          value={current?.model ?? ""}
          onChange={(e) =>
            onChange(withFilters(value, { model: [{ manufacturer: make, model: e.target.value || null }, ...others] }))
          }
        >
          <option value="">{m.filter_any_model()}</option>
          {(models.data ?? []).map((md) => (
            <option key={md.value} value={md.value}>
              {md.text}
              {facets?.model ? ` (${formatNumber(facets.model.get(`${make}(${md.value})`) ?? 0)})` : ""}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function RangeInput({
  field,
  value,
  onChange,
}: {
  field: RangeField;
  value: SearchFilters;
  onChange: (f: SearchFilters) => void;
}) {
  const id = useId();
  const range = value[field.key];
  const commit = (next: Range) =>
    onChange(withFilters(value, { [field.key]: next.min === null && next.max === null ? null : next }));
  if (field.years) {
    const thisYear = new Date().getFullYear();
    const years = Array.from({ length: thisYear + 1 - (yearOrOlder + 1) + 1 }, (_, i) => thisYear + 1 - i);
    const select = (end: "min" | "max") => (
      <select
        id={`${id}-${end}`}
        name={`${field.key}.${end}`}
        aria-label={`${field.label()} ${end === "min" ? m.filter_from() : m.filter_to()}`}
        className="field-input"
        value={range?.[end] ?? ""}
        onChange={(e) =>
          commit({
            min: range?.min ?? null,
            max: range?.max ?? null,
            [end]: e.target.value ? Number(e.target.value) : null,
          })
        }
      >
        <option value="">{end === "min" ? m.filter_from() : m.filter_to()}</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
        {end === "max" && field.key === "year" ? <option value={yearOrOlder}>{m.filter_year_or_older()}</option> : null}
      </select>
    );
    return (
      <fieldset>
        <legend className="field-label">{field.label()}</legend>
        <div className="grid grid-cols-2 gap-2">
          {select("min")}
          {select("max")}
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset>
      <legend className="field-label">{field.label()}</legend>
      <div className="grid grid-cols-2 gap-2">
        <NumberInput
          name={`${field.key}.min`}
          label={`${field.label()} ${m.filter_from()}`}
          placeholder={m.filter_from()}
          value={range?.min ?? null}
          decimals={field.step !== undefined && field.step < 1}
          onCommit={(v) => commit({ min: v, max: range?.max ?? null })}
        />
        <NumberInput
          name={`${field.key}.max`}
          label={`${field.label()} ${m.filter_to()}`}
          placeholder={m.filter_to()}
          value={range?.max ?? null}
          decimals={field.step !== undefined && field.step < 1}
          onCommit={(v) => commit({ min: range?.min ?? null, max: v })}
        />
      </div>
    </fieldset>
  );
}

/** A number box that commits on blur or Enter, not on every keystroke (each commit is a search). */
function NumberInput({
  name,
  label,
  placeholder,
  value,
  decimals,
  onCommit,
}: {
  name: string;
  label: string;
  placeholder: string;
  value: number | null;
  decimals: boolean;
  onCommit: (v: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? "" : String(value));
  useEffect(() => setText(value === null ? "" : String(value)), [value]);
  const commit = () => {
    const cleaned = decimals ? text.replace(",", ".").replace(/[^\d.]/g, "") : digitsOnly(text);
    const next = cleaned === "" || Number.isNaN(Number(cleaned)) ? null : Number(cleaned);
    if (next !== value) onCommit(next);
  };
  return (
    <input
      name={name}
      aria-label={label}
      placeholder={placeholder}
      inputMode={decimals ? "decimal" : "numeric"}
      autoComplete="off"
      className="field-input"
      value={text}
      onChange={(e) => setText(decimals ? e.target.value : digitsOnly(e.target.value))}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

function ListInput({
  field,
  value,
  onChange,
  counts,
  collapseAfter,
}: {
  field: ListField;
  value: SearchFilters;
  onChange: (f: SearchFilters) => void;
  counts?: ReadonlyMap<string, number>;
  collapseAfter: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const selected = value[field.key] as string[];
  const options = Object.entries(field.labels);
  const visible =
    collapseAfter > 0 && !expanded ? options.filter(([v], i) => i < collapseAfter || selected.includes(v)) : options;
  const toggle = (v: string, on: boolean) => {
    const next = on ? [...selected, v] : selected.filter((x) => x !== v);
    const allowed = options.map(([o]) => o).filter((o) => next.includes(o));
    onChange(withFilters(value, { [field.key]: allowed } as Partial<SearchFilters>));
  };
  return (
    <fieldset>
      <legend className="field-label">{field.label()}</legend>
      <ul className={`grid gap-1 ${options.length > 8 && collapseAfter === 0 ? "sm:grid-cols-2" : ""}`}>
        {visible.map(([v, label]) => (
          <li key={v}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-surface">
              <input
                type="checkbox"
                name={field.key}
                value={v}
                className="size-4 accent-brand-600"
                checked={selected.includes(v)}
                onChange={(e) => toggle(v, e.target.checked)}
              />
              <span>{label}</span>
              {countText(counts, v)}
            </label>
          </li>
        ))}
      </ul>
      {collapseAfter > 0 && options.length > collapseAfter ? (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-brand-700 hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((x) => !x)}
        >
          {expanded ? "−" : "+"} {field.label()}
        </button>
      ) : null}
    </fieldset>
  );
}

function FlagsInput({
  field,
  value,
  onChange,
}: {
  field: FlagsField;
  value: SearchFilters;
  onChange: (f: SearchFilters) => void;
}) {
  return (
    <fieldset>
      <legend className="field-label">{field.label()}</legend>
      <ul className="grid gap-1">
        {field.keys.map(({ key, label }) => (
          <li key={key}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-surface">
              <input
                type="checkbox"
                name={key}
                value="true"
                className="size-4 accent-brand-600"
                checked={value[key]}
                onChange={(e) => onChange(withFilters(value, { [key]: e.target.checked }))}
              />
              <span>{label()}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PostingAgeInput({ value, onChange }: { value: SearchFilters; onChange: (f: SearchFilters) => void }) {
  const options: [string, string][] = [["", m.filter_any_age()], ...postingAgeOptions];
  return (
    <fieldset>
      <legend className="field-label">{m.filter_posting_age()}</legend>
      <ul className="grid gap-1">
        {options.map(([v, label]) => (
          <li key={v || "any"}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-surface">
              <input
                type="radio"
                name="postingAge"
                value={v}
                className="size-4 accent-brand-600"
                checked={(value.postingAge ?? "") === v}
                onChange={() =>
                  onChange(withFilters(value, { postingAge: (v || null) as SearchFilters["postingAge"] }))
                }
              />
              <span>{label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
