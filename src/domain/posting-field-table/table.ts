// THE posting-field table (issue 22, decision 055): one entry per vehicle attribute a seller edits. The draft
// update schema, the draft patch, the draft and detail views, the wizard's fields, the spec rows and the PDF
// rows are all derived from it, so a new attribute is one entry (plus its column and its label).
import { basicEngineFields } from "./basic-engine-fields";
import { bodyOfferFields } from "./body-offer-fields";
import type { FieldDefinition, FieldKind, FieldValueOf, RowValue, SpecGroupKey } from "./define";

/** Every field, in the wizard's order. */
export const postingFields = { ...basicEngineFields, ...bodyOfferFields };

export type PostingFields = typeof postingFields;
export type PostingFieldKey = keyof PostingFields;
type Entry = FieldDefinition<FieldKind>;

/** The keys in table order, typed. */
export const postingFieldKeys = Object.keys(postingFields) as PostingFieldKey[];
/** An entry seen through its common shape (for loops that do not care which field it is). */
export const fieldEntry = (key: PostingFieldKey): Entry => postingFields[key] as Entry;

/** The codes an enumerated entry takes (its `values`), or string for any other entry. */
type CodeOf<F> = F extends { values?: infer V }
  ? NonNullable<V> extends readonly (infer S extends string)[]
    ? S
    : string
  : string;
/** A field's value in the views, by key: an enumerated field is one of its codes (a wrong code fails tsc). */
export type PostingFieldValues = {
  [K in PostingFieldKey]: PostingFields[K]["kind"] extends "enum"
    ? CodeOf<PostingFields[K]> | null
    : FieldValueOf<PostingFields[K]["kind"]>;
};
type DetailOf<K extends PostingFieldKey> = NonNullable<PostingFields[K]["detail"]>;
type KeysWhere<P extends "vehicle" | "posting"> = {
  [K in PostingFieldKey]: [DetailOf<K>] extends [never] ? never : DetailOf<K> extends P ? K : never;
}[PostingFieldKey];
/** The detail view's `vehicle` fields and its top-level fields that come from the table. */
export type VehicleFieldValues = Pick<PostingFieldValues, KeysWhere<"vehicle">>;
export type PostingLevelFieldValues = Pick<PostingFieldValues, KeysWhere<"posting">>;

/** A stored column value → the view's value (booleans never null; absent details are null). */
export function viewValue(key: PostingFieldKey, stored: unknown): unknown {
  return fieldEntry(key).kind === "bool" ? Boolean(stored) : (stored ?? null);
}

/** The view values of the given keys, read from the posting row and its details row by the table's columns. */
export function readFields<K extends PostingFieldKey>(
  keys: readonly K[],
  rows: { postings: object; details: object | null },
): Pick<PostingFieldValues, K> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const e = fieldEntry(k);
    const row = (e.table === "postings" ? rows.postings : rows.details) as Record<string, unknown> | null;
    out[k] = viewValue(k, row?.[e.column]);
  }
  return out as Pick<PostingFieldValues, K>;
}

export const vehicleFieldKeys = postingFieldKeys.filter(
  (k) => fieldEntry(k).detail === "vehicle",
) as KeysWhere<"vehicle">[];
export const postingLevelFieldKeys = postingFieldKeys.filter(
  (k) => fieldEntry(k).detail === "posting",
) as KeysWhere<"posting">[];

/**
 * The columns a patch sets, per table: every table field that was sent (null clears, absent leaves as is;
 * a `nullKeeps` field ignores null).
 */
export function patchColumns(
  input: Partial<Record<PostingFieldKey, unknown>>,
  keys: readonly PostingFieldKey[] = postingFieldKeys,
) {
  const postings: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  for (const k of keys) {
    const e = fieldEntry(k);
    const v = input[k];
    if (v === undefined || (v === null && e.nullKeeps)) continue;
    (e.table === "postings" ? postings : details)[e.column] = v;
  }
  return { postings, details };
}

/** The wizard's input kinds (field-input.tsx renders each). */
export type InputKind =
  | "int"
  | "decimal"
  | "euros"
  | "select"
  | "bool"
  | "text"
  | "textarea"
  | "month"
  | "email"
  | "tel"
  | "url";
const inputKinds: Record<FieldKind, InputKind> = {
  int: "int",
  decimal: "decimal",
  money: "euros",
  text: "text",
  textarea: "textarea",
  enum: "select",
  country: "select",
  bool: "bool",
  yearMonth: "month",
  email: "email",
  tel: "tel",
  url: "url",
};
export const inputKindOf = (kind: FieldKind): InputKind => inputKinds[kind];

/** One spec row source: its label, group and order, and the text it shows from the flat field values. */
export type SpecRowSource = {
  key: string;
  group: SpecGroupKey;
  order: number;
  label: () => string;
  show: (all: Readonly<Record<string, unknown>>) => RowValue;
};
/** The table's spec rows. */
export const fieldSpecRows: SpecRowSource[] = postingFieldKeys.flatMap((k) => {
  const e = fieldEntry(k);
  if (!e.spec) return [];
  const { group, order, show } = e.spec;
  return [{ key: k, group, order, label: e.label, show: (all) => show(viewValue(k, all[k]) as never, all) }];
});

/** The column names the table uses in one Drizzle table (checked against the schema in the db layer). */
export type PostingFieldColumns<T extends "postings" | "details"> = {
  [K in PostingFieldKey]: PostingFields[K] extends { table: T; column: infer C } ? C : never;
}[PostingFieldKey];
