// The building blocks of the posting-field table (decision 055): kinds, value types, Slovenian messages. No zod here:
// the posting page reads the table and must not load a validation library (page-weight budget, decision 028).
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

/** The values of the arrival state (spec section 3). */
export const arrivalStates = ["ARRIVING", "READY"] as const;

/** What is stored and sent: int, decimal, money (integer cents, decision 050), text, enum, bool, yearMonth ('YYYY-MM'). */
export type FieldKind =
  | "int"
  | "decimal"
  | "money"
  | "text"
  | "textarea"
  | "enum"
  | "country"
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

export type FieldDefinition<K extends FieldKind> = {
  kind: K;
  /** The Drizzle column (a key of the table's row) and its table: `postings` or the 1:1 `posting_details`. */
  table: "postings" | "details";
  column: string;
  /** Input limits: the largest number or longest text; an enum's values (schema.ts builds the zod piece from them). */
  max?: number;
  values?: readonly [string, ...string[]];
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
  /** Only a dealership's posting has it: hidden from private sellers, and the API refuses a value from them. */
  audience?: "dealer";
  /** Enumerated values only a dealership's posting may take (the rest of the list is everyone's). */
  dealerValues?: readonly string[];
  /**
   * Needed to publish (issue 23): the wizard marks it, "Naprej" checks it, publishing refuses without it; the
   * message is the same on both sides. `when` makes it conditional on the other values (the price on its type).
   */
  required?: { message: string; when?: (all: Readonly<Record<string, unknown>>) => boolean };
  /** Shown at once on the details step; the other fields wait behind "Več podatkov" for a private seller. */
  essential?: true;
};

/** One entry; its table, column and values stay literal types (the db layer checks the columns, zod the values). */
export const field = <
  K extends FieldKind,
  T extends "postings" | "details",
  C extends string,
  D extends "vehicle" | "posting" = never,
  V extends readonly [string, ...string[]] = never,
>(
  kind: K,
  rest: Omit<FieldDefinition<K>, "kind" | "table" | "column" | "detail" | "values"> & {
    table: T;
    column: C;
    detail?: D;
    values?: V;
  },
) => ({
  kind,
  ...rest,
});
