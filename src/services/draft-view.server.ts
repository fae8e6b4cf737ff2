import type { DraftRow } from "~/db/drafts.server";
import type { DraftView } from "~/contracts/drafts";
import { normalizeOffer } from "~/domain/financing";
import { postingFieldKeys, readFields } from "~/domain/posting-field-table/table";
import type { EquipmentCode } from "~/domain/equipment";
import { pictureFileTypes, toPostingFile } from "~/domain/posting-detail";

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
    pictures: d.files.filter((f) => pictureFileTypes.has(f.fileType)).map(toPostingFile),
    documents: d.files.filter((f) => !pictureFileTypes.has(f.fileType)).map(toPostingFile),
  };
}
