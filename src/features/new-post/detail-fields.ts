import { centsToEuroInput, euroInputValue } from "~/domain/money";
import type { FormGroupKey, SelectOptions } from "~/domain/posting-field-table/define";
import {
  fieldEntry,
  type InputKind,
  inputKindOf,
  postingFieldKeys,
  type PostingFieldKey,
} from "~/domain/posting-field-table/table";
import { m } from "~/paraglide/messages";

export type { SelectOptions };

/** A wizard field: a key of the posting-field table (decision 055). */
export type FieldName = PostingFieldKey;

/** Where the details step shows a field (issue 23): at once, or behind "Več podatkov"; dealer-only or everyone's. */
type Placement = { essential?: boolean; dealerOnly?: boolean };
export type FieldDef = Placement &
  (
    | { name: FieldName; kind: "int" | "decimal" | "euros"; label: () => string; unit?: string }
    | { name: FieldName; kind: "select"; label: () => string; options: Record<string, string> | SelectOptions }
    | {
        name: FieldName;
        kind: Exclude<InputKind, "int" | "decimal" | "euros" | "select">;
        label: () => string;
      }
  );

/** The select's options in the order they are shown. */
export function optionList(options: Record<string, string> | SelectOptions): SelectOptions {
  return Array.isArray(options) ? options : Object.entries(options);
}

export type FieldGroup = { key: string; title: () => string; fields: FieldDef[] };

/** The wizard field of a table entry (its kind, label, unit and options come from the table). */
function fieldDef(name: PostingFieldKey): FieldDef {
  const e = fieldEntry(name);
  const kind = inputKindOf(e.kind);
  const at: Placement = { essential: Boolean(e.essential), dealerOnly: e.audience === "dealer" };
  if (kind === "select") {
    const options = optionList(e.options ?? {});
    // A private seller's list leaves out the dealer-only choices (rental only, with financing); the API refuses them.
    const everyones = options.filter(([v]) => !e.dealerValues?.includes(v));
    return { ...at, name, kind, label: e.label, options: everyones };
  }
  if (kind === "int" || kind === "decimal" || kind === "euros")
    return e.unit === undefined
      ? { ...at, name, kind, label: e.label }
      : { ...at, name, kind, label: e.label, unit: e.unit };
  return { ...at, name, kind, label: e.label };
}

/** The options of a select for this posting: a dealership's posting also has the dealer-only choices. */
export function optionsFor(def: FieldDef & { kind: "select" }, privatePosting: boolean): SelectOptions {
  return privatePosting ? optionList(def.options) : optionList(fieldEntry(def.name).options ?? def.options);
}

/** The control's id of a field the step checks (the summary links to it; focus goes to it). */
export function fieldIdOf(field: string): string {
  if (field === "rentalPrices") return "f-rent-price";
  if (field === "financingOffers") return "f-offer-downPayment";
  return `f-${field}`;
}

/** The label of a field the step checks, for the summary of what is missing. */
export function fieldLabelOf(field: string): string {
  if (field === "manufacturer") return m.spec_brand();
  if (field === "model") return m.spec_model();
  if (field === "rentalPrices") return m.wizard_rental_price();
  return (postingFieldKeys as string[]).includes(field) ? fieldEntry(field as PostingFieldKey).label() : field;
}
const fieldsOf = (group: FormGroupKey) => postingFieldKeys.filter((k) => fieldEntry(k).form === group).map(fieldDef);

/** The details step, grouped as the posting page shows them, in the table's order. */
export const detailGroups: FieldGroup[] = [
  { key: "basic", title: m.spec_group_basic, fields: fieldsOf("basic") },
  { key: "engine", title: m.spec_group_engine, fields: fieldsOf("engine") },
  { key: "body", title: m.spec_group_body, fields: fieldsOf("body") },
  { key: "price", title: m.wizard_group_price, fields: fieldsOf("price") },
  { key: "contact", title: m.wizard_group_contact, fields: fieldsOf("contact") },
];

export const warrantyFields: FieldDef[] = fieldsOf("warranty");

/** Text in an input → the JSON value the API takes (digits only for whole numbers; comma decimals). */
export function parseFieldValue(kind: FieldDef["kind"], raw: string | boolean): unknown {
  if (kind === "bool") return Boolean(raw);
  const s = String(raw).trim();
  if (s === "") return null;
  // What does not parse is sent as typed: the API names it ("Vnesite celo število."); NaN would travel as null and clear the field.
  if (kind === "int") return /^\d+$/.test(s.replace(/\./g, "")) ? Number(s.replace(/\./g, "")) : s;
  // Money: the one euro parser (decision 050) → cents; garbage is sent as typed for the API's Slovenian field error.
  if (kind === "euros") return euroInputValue(s);
  if (kind === "decimal") {
    const n = Number(s.replace(/\./g, "").replace(",", "."));
    return Number.isFinite(n) ? n : s;
  }
  if (kind === "month") {
    const mm = /^(\d{1,2})\/(\d{4})$/.exec(s);
    return mm ? `${mm[2]}-${mm[1]!.padStart(2, "0")}` : s;
  }
  return s;
}

/** The stored value → the text the input shows. */
export function formatFieldValue(kind: FieldDef["kind"], value: unknown): string {
  if (value === null || value === undefined) return "";
  if (kind === "month" && typeof value === "string") {
    const [y, mo] = value.split("-");
    return mo ? `${mo}/${y}` : value;
  }
  if (kind === "euros" && typeof value === "number") return centsToEuroInput(value);
  if (kind === "decimal" && typeof value === "number") return String(value).replace(".", ",");
  return String(value);
}
