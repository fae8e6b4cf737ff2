// What a posting needs to be published and what only a dealership's posting may carry (issue 23, decision 060),
// read from the posting-field table so the wizard's markers, its "Naprej" check and the server say the same.
import type { FieldError } from "../errors";
import { fieldEntry, type PostingFieldKey, postingFieldKeys } from "./table";

/** The values the rules read: the draft view (table fields by key, plus make, model and the lists). */
export type RuleValues = Readonly<Record<string, unknown>>;

/** Needed fields that are not table entries: make and model, and the rental price of a rental-only offer. */
const frameRules: { field: string; message: string; when?: (all: RuleValues) => boolean }[] = [
  { field: "manufacturer", message: "Izberite znamko." },
  { field: "model", message: "Izberite model." },
];
const rentalRule = {
  field: "rentalPrices",
  message: "Vnesite ceno najema.",
  when: (all: RuleValues) => all.priceType === "RENTAL_ONLY",
};

/** Every publishing rule in the order the details step shows its fields (make and model first). */
const rules = [
  ...frameRules,
  ...postingFieldKeys.flatMap((k) => {
    const r = fieldEntry(k).required;
    return r ? [{ field: k as string, ...r }] : [];
  }),
  rentalRule,
];

const isEmpty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** The fields required now, given the other values (the price follows its type): the wizard marks these. */
export function requiredNow(all: RuleValues): Set<string> {
  return new Set(rules.filter((r) => !r.when || r.when(all)).map((r) => r.field));
}

/** What a posting still needs before it is published: one MISSING error per gap, in the form's order. */
export function missingForPublish(all: RuleValues): FieldError[] {
  return rules
    .filter((r) => (!r.when || r.when(all)) && isEmpty(all[r.field]))
    .map((r) => ({ field: r.field, kind: "MISSING" as const, message: r.message }));
}

export const dealerOnlyMessage = "To polje je na voljo le trgovcem.";
/** Dealer-only fields that are not table entries (rental prices, financing offers). */
const dealerOnlyLists = ["rentalPrices", "financingOffers"] as const;
/** The table's fields only a dealership's posting has. */
export const dealerOnlyFieldKeys: PostingFieldKey[] = postingFieldKeys.filter(
  (k) => fieldEntry(k).audience === "dealer",
);
/** Whether a field is shown to (and taken from) a private seller. */
export const forPrivateSeller = (key: PostingFieldKey) => fieldEntry(key).audience !== "dealer";
/** The choices of an enumerated field a private seller may take. */
export function privateValues(key: PostingFieldKey): (v: string) => boolean {
  const dealerValues = fieldEntry(key).dealerValues ?? [];
  return (v) => !dealerValues.includes(v);
}

/**
 * A private seller's write may clear dealer-only fields (null, false, an empty list) but not set them: one
 * INVALID error per field set, or per dealer-only choice of an enumerated field (a rental-only price type).
 */
export function dealerOnlyErrors(input: RuleValues): FieldError[] {
  const fields = [...dealerOnlyFieldKeys, ...dealerOnlyLists].filter((k) => {
    const v = input[k];
    return v !== undefined && v !== false && !isEmpty(v);
  });
  const values = postingFieldKeys.filter((k) => {
    const v = input[k];
    return typeof v === "string" && !privateValues(k)(v);
  });
  return [...fields, ...values].map((field) => ({ field, kind: "INVALID" as const, message: dealerOnlyMessage }));
}
