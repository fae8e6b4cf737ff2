import { fieldSpecRows } from "./posting-field-table/table";
import type { PostingDetail } from "./posting-detail";

/** The facts a buyer reads first, in this order (issue 24): under the price on the page, at the top of the PDF's table. */
export const keyFactKeys = ["firstRegistration", "odometerKm", "fuel", "powerKw", "transmission", "bodyType"] as const;
export type KeyFactKey = (typeof keyFactKeys)[number] | "modelYear";

/** One key fact: the table field it comes from, its spec label and its formatted value (as in the spec table). */
export type KeyFact = { key: KeyFactKey; label: string; value: string };

const rowOf = new Map(fieldSpecRows.map((r) => [r.key, r]));

/**
 * First registration (month/year; the model year when there is none), mileage, fuel, power in kW and KM,
 * gearbox and body, each formatted by its posting-field table entry; facts the posting lacks are left out.
 */
export function keyFacts(p: Pick<PostingDetail, "vehicle">): KeyFact[] {
  const all: Readonly<Record<string, unknown>> = p.vehicle;
  const fact = (key: KeyFactKey): KeyFact[] => {
    const row = rowOf.get(key);
    const value = row?.show(all);
    return !row || value === null || value === undefined || value === false || value === ""
      ? []
      : [{ key, label: row.label(), value: String(value) }];
  };
  return keyFactKeys.flatMap((key) => {
    const found = fact(key);
    return key === "firstRegistration" && found.length === 0 ? fact("modelYear") : found;
  });
}
