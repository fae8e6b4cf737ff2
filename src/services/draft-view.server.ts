import type { DraftRow } from "~/db/drafts.server";
import type { DraftView } from "~/contracts/drafts";
import { normalizeOffer } from "~/domain/financing";
import { postingFieldKeys, readFields } from "~/domain/posting-field-table/table";
import type { EquipmentCode } from "~/domain/equipment";
import { bySection } from "~/domain/photo-order";
import { pictureFileTypes, toPostingFile } from "~/domain/posting-detail";
import type { FieldError } from "~/domain/errors";

/** The wizard's view of a draft: every editable field (euros), the files, and the vehicle names. */
export function toDraftView(d: DraftRow): DraftView {
  const p = d.posting;
  const x = d.details;
  return {
    id: p.id,
    code: p.code,
    status: p.status,
    manufacturer: d.manufacturerCode,
    manufacturerName: d.manufacturerName,
    model: d.modelCode,
    modelName: d.modelName,
    trimId: p.trimId,
    vin: p.vin,
    hiddenVin: p.hiddenVin,
    isPartialVin: Boolean(x?.isPartialVin),
    // Every field of the posting-field table, read by its column (decision 055).
    ...readFields(postingFieldKeys, { postings: p, details: x }),
    rentalPrices: p.rentalPrices,
    financingOffers: (x?.financingOffers ?? []).map(normalizeOffer),
    salespersonUserId: p.salespersonUserId,
    // The codes (as before issue 21) and each item with its kind and package name (decision 051).
    equipment: d.equipment.map((e) => e.code),
    equipmentItems: d.equipment.map((e) => ({
      code: e.code as EquipmentCode,
      kind: e.kind,
      packageName: e.packageName,
    })),
    wizardStep: x?.wizardStep ?? null,
    pictures: bySection(d.files.filter((f) => pictureFileTypes.has(f.fileType))).map(toPostingFile),
    documents: d.files.filter((f) => !pictureFileTypes.has(f.fileType)).map(toPostingFile),
  };
}

/** What a posting needs before it is published (MISSING per field, as the wizard marks them). */
export function missingForPublish(v: DraftView): FieldError[] {
  const missing: FieldError[] = [];
  const need = (ok: unknown, field: string, message: string) => {
    if (ok === null || ok === undefined || ok === "") missing.push({ field, kind: "MISSING", message });
  };
  need(v.manufacturer, "manufacturer", "Izberite znamko.");
  need(v.model, "model", "Izberite model.");
  need(v.modelYear ?? v.firstRegistration, "modelYear", "Vnesite letnik ali datum prve registracije.");
  need(v.odometerKm, "odometerKm", "Vnesite prevožene kilometre.");
  need(v.fuel, "fuel", "Izberite vrsto goriva.");
  need(v.contactRegion, "contactRegion", "Izberite regijo.");
  if (v.priceType === "RENTAL_ONLY") {
    if (v.rentalPrices.length === 0)
      missing.push({ field: "rentalPrices", kind: "MISSING", message: "Vnesite ceno najema." });
  } else if (v.priceType !== "NEGOTIABLE") {
    need(v.price, "price", "Vnesite ceno.");
    if (v.priceType === "SPECIAL_OFFER") need(v.specialPrice, "specialPrice", "Vnesite akcijsko ceno.");
  }
  return missing;
}

/**
 * What a patch of a posting that is not a draft any more would leave missing among the fields it sends
 * (a price cleared, the mileage emptied): publishing's own check on the merged values. Fields it does not
 * send are not held against it, so changing the price type before typing its special price still saves.
 */
export function missingAfterPatch(view: DraftView, patch: Record<string, unknown>): FieldError[] {
  const sent = Object.entries(patch).filter(([, v]) => v !== undefined);
  const keys = new Set(sent.map(([k]) => k));
  if (keys.has("firstRegistration")) keys.add("modelYear");
  const merged = { ...view, ...Object.fromEntries(sent) } as DraftView;
  return missingForPublish(merged).filter((f) => keys.has(f.field));
}
