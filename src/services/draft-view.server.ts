import type { DraftRow } from "~/db/drafts.server";
import type { DraftView } from "~/contracts/drafts";
import { normalizeOffer } from "~/domain/financing";
import { postingFieldKeys, readFields } from "~/domain/posting-field-table/table";
import type { EquipmentCode } from "~/domain/equipment";
import { bySection } from "~/domain/photo-order";
import { pictureFileTypes, toPostingFile } from "~/domain/posting-detail";
import type { FieldError } from "~/domain/errors";
import { missingForPublish } from "~/domain/posting-field-table/publish-rules";

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
    // A dealership's posting has the dealer-only fields (issue 23); the wizard hides them from the rest.
    privatePosting: p.dealershipId === null,
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

/**
 * What a patch of a posting that is not a draft any more would leave missing among the fields it sends
 * (a price cleared, the mileage emptied): publishing's own check on the merged values. Fields it does not
 * send are not held against it, so changing the price type before typing its special price still saves.
 */
export function missingAfterPatch(view: DraftView, patch: Record<string, unknown>): FieldError[] {
  const sent = Object.entries(patch).filter(([, v]) => v !== undefined);
  // A new make sent without a model clears the old make's model (updateDraft): the patch empties `model` too.
  if (patch.manufacturer !== undefined && patch.model === undefined && patch.manufacturer !== view.manufacturer)
    sent.push(["model", null]);
  const keys = new Set(sent.map(([k]) => k));
  if (keys.has("firstRegistration")) keys.add("modelYear");
  const merged = { ...view, ...Object.fromEntries(sent) } as DraftView;
  return missingForPublish(merged).filter((f) => keys.has(f.field));
}
