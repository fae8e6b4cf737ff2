import { z } from "../zod-locale";

/** The Slovenian field errors of the draft endpoints (kept word for word). */
export const draftMessages = {
  partialVinInvalid: "Delna številka šasije mora imeti vsaj 11 znakov (črke brez I, O, Q in številke).",
  vinOrModel: "Vnesite številko šasije ali izberite znamko in model.",
  wholeNumber: "Vnesite celo število.",
  number: "Vnesite število.",
  tooLarge: "Vrednost je prevelika.",
  tooSmall: "Vrednost ne sme biti negativna.",
  month: "Vnesite mesec in leto (MM/LLLL).",
  text: "Besedilo je predolgo.",
  email: "Neveljaven naslov elektronske pošte",
  phone: "Neveljavna telefonska številka.",
  url: "Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
  choose: "Izberite vrednost s seznama.",
  duplicateVin: "Vozilo s to številko šasije že imate objavljeno.",
} as const;

export const int = (max: number) =>
  z
    .number({ error: draftMessages.wholeNumber })
    .int({ error: draftMessages.wholeNumber })
    .min(0, { error: draftMessages.tooSmall })
    .max(max, { error: draftMessages.tooLarge })
    .nullable()
    .optional();
export const decimal = (max: number) =>
  z
    .number({ error: draftMessages.number })
    .min(0, { error: draftMessages.tooSmall })
    .max(max, { error: draftMessages.tooLarge })
    .nullable()
    .optional();
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: draftMessages.choose }).nullable().optional();
export const text = (max: number) => z.string().trim().max(max, { error: draftMessages.text }).nullable().optional();
export const bool = () => z.boolean().optional();
/** Empty text clears the field (null). */
export const orEmpty = <S extends z.ZodType>(s: S) =>
  s
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null));

/** What is stored and sent: int, decimal, money (integer cents, decision 050), text, enum, bool, yearMonth ('YYYY-MM'). */
export type FieldKind =
  | "int"
  | "decimal"
  | "money"
  | "text"
  | "textarea"
  | "enum"
  | "bool"
  | "yearMonth"
  | "email"
  | "tel"
  | "url";
/** The value of a field in the draft and detail views (enums travel as their codes). */
export type FieldValueOf<K extends FieldKind> = K extends "bool"
  ? boolean
  : K extends "int" | "decimal" | "money"
    ? number | null
    : string | null;

export type SpecGroupKey = "basic" | "engine" | "body" | "warranty";
export type FormGroupKey = "basic" | "engine" | "body" | "price" | "contact" | "warranty";
/** Options in a fixed order (an object would put keys like "5" before "5a" wrongly; countries have their own order). */
export type SelectOptions = readonly (readonly [value: string, label: string])[];
/** A value a spec row shows; null, undefined, false and "" leave the row out. */
export type RowValue = string | number | null | undefined | false;

export type FieldDefinition<K extends FieldKind, S extends z.ZodType> = {
  kind: K;
  /** The Drizzle column (a key of the table's row) and its table: `postings` or the 1:1 `posting_details`. */
  table: "postings" | "details";
  column: string;
  /** The request field of `POST draft/{code}` (Slovenian messages). */
  schema: S;
  label: () => string;
  /** The wizard's section (absent: not a wizard field of the details or warranty step). */
  form?: FormGroupKey;
  unit?: string;
  options?: Record<string, string> | SelectOptions;
  /** Where `GET postings/{code}` carries it: in `vehicle`, at the top level, or not by this table. */
  detail?: "vehicle" | "posting";
  /** A row of the posting page's spec table and of the PDF facts (basic and engine groups), sorted by `order`. */
  spec?: {
    group: SpecGroupKey;
    order: number;
    show: (value: FieldValueOf<K>, all: Readonly<Record<string, unknown>>) => RowValue;
  };
  /** null in a patch leaves the stored value (the price type always has one). */
  nullKeeps?: true;
};

/** One entry; its table and column stay literal types so the db layer can check them against the Drizzle tables. */
export const field = <
  K extends FieldKind,
  S extends z.ZodType,
  T extends "postings" | "details",
  C extends string,
  D extends "vehicle" | "posting" = never,
>(
  kind: K,
  schema: S,
  rest: Omit<FieldDefinition<K, S>, "kind" | "schema" | "table" | "column" | "detail"> & {
    table: T;
    column: C;
    detail?: D;
  },
) => ({
  kind,
  schema,
  ...rest,
});
