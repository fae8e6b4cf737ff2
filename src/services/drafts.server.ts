import type { SessionUser } from "~/domain/session";
import { appConfig } from "~/app.config";
import type { Db } from "~/db/client.server";
import {
  deleteDraftRow,
  type DetailsInsert,
  expirePostings,
  findBaseModel,
  findDraft,
  findManufacturerByCode,
  findPublishedVin,
  findTrim,
  insertDraft,
  isDealershipMember,
  newPostingCode,
  type PostingInsert,
  saveDraft,
  publishUnderCap,
  setPostingStatus,
  setVinUnlessPublishedElsewhere,
} from "~/db/drafts.server";
import { findManufacturerByWmi } from "~/db/vehicle-data.server";
import { autoPromising } from "~/domain/badges";
import { searchPriceOf } from "~/domain/money";
import { splitEquipmentFields, withStoredKinds } from "~/domain/equipment-input";
import { parseEuroStandard } from "~/domain/posting-fields";
import { patchColumns } from "~/domain/posting-field-table/table";
import { dealerOnlyErrors, missingForPublish } from "~/domain/posting-field-table/publish-rules";
import { parseVin, vinModelYear, vinWmi } from "~/domain/vin";
import { labelOf } from "~/domain/enums/labels";
import { postingStatusLabels, postingTransitions, type PostingStatus } from "~/domain/enums/posting";
import { AppError, badRequest, notFound } from "~/domain/errors";
import type { FieldError } from "~/domain/errors";
import {
  type CreateDraftInput,
  type DraftEnumFieldName,
  draftEnumFields,
  type DraftUpdate,
  draftMessages,
} from "~/contracts/drafts";
import { endFeaturingForHiddenVinPosting } from "./featuring-refunds.server";
import { canManagePosting } from "./posting-detail.server";
import type { PaymentProvider } from "./providers/payment.server";
import { trueFinancingOffers } from "./draft-financing.server";
import { missingAfterPatch, toDraftView } from "./draft-view.server";

export const draftErrors = {
  duplicateVin: () => new AppError(409, draftMessages.duplicateVin, { code: "DUPLICATE_VIN" }),
  forbidden: () => new AppError(403, "Nimate dostopa do tega oglasa.", { code: "FORBIDDEN" }),
  tooManyDrafts: (max: number) =>
    new AppError(409, `Imate že ${max} osnutkov. Dokončajte ali izbrišite katerega od njih, nato začnite novega.`, {
      code: "DRAFT_CAP",
    }),
  notDraft: () =>
    new AppError(409, "Izbrišete lahko le osnutek. Objavljen oglas lahko deaktivirate.", { code: "NOT_A_DRAFT" }),
  cap: (max: number) =>
    new AppError(
      409,
      `Kot zasebni prodajalec imate lahko hkrati največ ${max} aktivne oglase. Deaktivirajte katerega od njih ali se registrirajte kot trgovec.`,
      { code: "ACTIVE_POSTING_CAP" },
    ),
  transition: (from: string, to: string) =>
    new AppError(409, `Oglasa ni mogoče prestaviti iz stanja ${statusName(from)} v stanje ${statusName(to)}.`, {
      code: "INVALID_TRANSITION",
    }),
  foreignSalesperson: () =>
    badRequest("Svetovalec mora biti član poslovne enote oglasa.", [
      {
        field: "salespersonUserId",
        kind: "INVALID",
        message: "Izberite svetovalca svoje poslovne enote. Zasebni oglas nima svetovalca.",
      },
    ]),
  modelWithoutMake: () =>
    badRequest("Model brez znamke ni mogoč.", [
      { field: "manufacturer", kind: "MISSING", message: "Najprej izberite znamko." },
    ]),
  unknownModel: () =>
    badRequest("Model ne obstaja.", [{ field: "model", kind: "INVALID", message: "Izberite model s seznama." }]),
  dealerOnly: (fieldErrors: FieldError[]) => badRequest("Nekatera polja so na voljo le trgovcem.", fieldErrors),
  invalidVin: (message: string) => badRequest(message, [{ field: "vin", kind: "INVALID", message }]),
  incomplete: (fieldErrors: FieldError[]) =>
    new AppError(400, "Preverite oglas: nekatera polja manjkajo ali niso pravilna.", {
      code: "INCOMPLETE",
      fieldErrors,
    }),
};

/** A private posting takes no dealer-only field or choice (issue 23): a forged one is a 400, nothing is stored. */
function refuseDealerOnly(dealershipId: number | null, input: Readonly<Record<string, unknown>>) {
  if (dealershipId !== null) return;
  const refused = dealerOnlyErrors(input);
  if (refused.length) throw draftErrors.dealerOnly(refused);
}

const statusName = (s: string) => (labelOf(postingStatusLabels, s) ?? s).toLowerCase();

/** Only the seller and the staff of the posting's dealership edit it (editors use the admin screens). */
export async function ownDraft(db: Db, user: SessionUser, codeOrId: string) {
  const draft = await findDraft(db, codeOrId);
  if (!draft) throw notFound("Oglas ne obstaja.");
  const p = draft.posting;
  const owner = p.userId === user.id || (p.dealershipId !== null && p.dealershipId === user.dealershipId);
  if (!owner && !canManagePosting(user, p)) throw draftErrors.forbidden();
  return draft;
}

/** `POST draft {vin, hiddenVin, isPartialVin}` (or a manual make and model): a new draft owned by the user. */
export async function createDraft(
  db: Db,
  user: SessionUser,
  raw: Omit<CreateDraftInput, "vin"> & { vin: string | null } & DraftEnumValues,
  now = new Date(),
) {
  // The one VIN rule (issue 21): whatever the route's schema let through is normalised and checked again here.
  const vin = parseVin(raw.vin, raw.isPartialVin ?? false);
  if (!vin.ok) throw draftErrors.invalidVin(vin.message);
  refuseDealerOnly(user.dealershipId, raw);
  const input = { ...raw, vin: vin.vin, isPartialVin: vin.isPartialVin };
  const maxDrafts =
    user.dealershipId === null ? appConfig.limits.draftsPerUser.private : appConfig.limits.draftsPerUser.dealer;
  if (input.vin && !input.isPartialVin && (await findPublishedVin(db, user.id, input.vin)))
    throw draftErrors.duplicateVin();
  const posting: PostingInsert = {
    code: newPostingCode(),
    userId: user.id,
    dealershipId: user.dealershipId,
    salespersonUserId: user.dealershipRole === "SALESPERSON" ? user.id : null,
    privatePosting: user.dealershipId === null,
    status: "DRAFT",
    vin: input.vin,
    hiddenVin: input.hiddenVin ?? false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (input.manufacturer) {
    const make = await findManufacturerByCode(db, input.manufacturer);
    if (!make)
      throw badRequest("Znamka ne obstaja.", [
        { field: "manufacturer", kind: "INVALID", message: "Izberite znamko s seznama." },
      ]);
    posting.manufacturerId = make.id;
  }
  if (input.trimId) Object.assign(posting, await trimColumns(db, input.trimId));
  // A whole VIN tells the make (WMI) and the model year: the seller does not type them again.
  if (input.vin && !input.isPartialVin && !posting.manufacturerId) {
    const make = await findManufacturerByWmi(db, vinWmi(input.vin));
    posting.manufacturerId = make ? ((await findManufacturerByCode(db, make.code))?.id ?? null) : null;
    posting.modelYear = vinModelYear(input.vin, now);
  }
  // A model is of the make (sent, or read from the VIN); one that is not there is a 400, never dropped silently.
  if (input.model && !input.trimId) {
    if (!posting.manufacturerId) throw draftErrors.modelWithoutMake();
    const model = await findBaseModel(db, posting.manufacturerId, input.model);
    if (!model) throw draftErrors.unknownModel();
    posting.baseModelId = model.id;
  }
  const details: DetailsInsert = {
    isPartialVin: input.isPartialVin ?? false,
    entryMode: input.vin ? "VIN_ENTRY" : "MANUAL_ENTRY",
    wizardStep: input.trimId ? "details" : "trim",
  };
  // The seller's first values of enumerated fields (already checked against their lists) win over the trim's.
  const first = enumColumns(raw);
  Object.assign(posting, first.posting);
  Object.assign(details, first.details);
  // The cap is checked by the insert itself: ten parallel starts cannot pass it.
  const created = await insertDraft(db, posting, details, maxDrafts);
  if (!created) throw draftErrors.tooManyDrafts(maxDrafts);
  return created;
}

type DraftEnumValues = Partial<Pick<DraftUpdate, DraftEnumFieldName>>;

/** The columns of the enumerated fields that were sent (null clears; absent leaves as is). */
function enumColumns(v: DraftEnumValues): { posting: Partial<PostingInsert>; details: Partial<DetailsInsert> } {
  const { postings, details } = patchColumns(v, Object.keys(draftEnumFields) as DraftEnumFieldName[]);
  return { posting: postings as Partial<PostingInsert>, details: details as Partial<DetailsInsert> };
}

/** A chosen trim pre-fills what it knows (the seller can still change each value). */
async function trimColumns(db: Db, trimId: number): Promise<Partial<PostingInsert>> {
  const found = await findTrim(db, trimId);
  if (!found)
    throw badRequest("Izvedenka ne obstaja.", [
      { field: "trimId", kind: "INVALID", message: "Izberite izvedenko s seznama." },
    ]);
  const t = found.trim;
  return {
    trimId: t.id,
    seriesId: t.seriesId,
    manufacturerId: found.manufacturerId,
    baseModelId: found.baseModelId,
    trimName: t.name,
    powerKw: t.powerKw,
    fuel: t.fuel as PostingInsert["fuel"],
    displacementCcm: t.displacementCcm,
    transmission: t.transmission as PostingInsert["transmission"],
    driveWheels: t.driveWheels as PostingInsert["driveWheels"],
    bodyType: t.bodyType as PostingInsert["bodyType"],
    doors: t.doors,
    seats: t.seats,
    consumptionCombined: t.consumptionCombined,
    euroStandard: t.euroStandard ? parseEuroStandard(t.euroStandard) : null,
    batteryKwh: t.batteryKwh,
  };
}

export async function getDraft(db: Db, user: SessionUser, code: string) {
  return toDraftView(await ownDraft(db, user, code));
}

/** `POST draft/{code}`: saves whatever the step sent; the rest stays as it was. */
export async function updateDraft(
  db: Db,
  user: SessionUser,
  code: string,
  input: DraftUpdate & { isPartialVin?: boolean },
  now = new Date(),
  payments: () => Promise<PaymentProvider | null> = async () => null,
) {
  const draft = await ownDraft(db, user, code);
  refuseDealerOnly(draft.posting.dealershipId, input);
  // A published (or sold, expired, removed) posting keeps what publishing needed: the same rules as the wizard.
  const cleared = draft.posting.status === "DRAFT" ? [] : missingAfterPatch(toDraftView(draft), input);
  if (cleared.length) throw draftErrors.incomplete(cleared);
  const p: Partial<PostingInsert> = {};
  const d: Partial<DetailsInsert> = {};
  const set = <K extends keyof PostingInsert>(k: K, v: PostingInsert[K] | undefined) => {
    if (v !== undefined) p[k] = v;
  };
  const setD = <K extends keyof DetailsInsert>(k: K, v: DetailsInsert[K] | undefined) => {
    if (v !== undefined) d[k] = v;
  };
  if (input.manufacturer !== undefined) {
    const make = input.manufacturer ? await findManufacturerByCode(db, input.manufacturer) : null;
    if (input.manufacturer && !make)
      throw badRequest("Znamka ne obstaja.", [
        { field: "manufacturer", kind: "INVALID", message: "Izberite znamko s seznama." },
      ]);
    p.manufacturerId = make?.id ?? null;
    // A new make without a model clears the old make's model.
    if (input.model === undefined && make?.id !== draft.posting.manufacturerId) p.baseModelId = null;
  }
  // A model is of the make sent with it, else of the draft's make; one that is not there is a 400, never dropped silently.
  if (input.model !== undefined) {
    const makeId = input.manufacturer !== undefined ? p.manufacturerId : draft.posting.manufacturerId;
    if (input.model && !makeId) throw draftErrors.modelWithoutMake();
    const model = input.model && makeId ? await findBaseModel(db, makeId, input.model) : undefined;
    if (input.model && !model) throw draftErrors.unknownModel();
    p.baseModelId = model?.id ?? null;
  }
  if (input.trimId) Object.assign(p, await trimColumns(db, input.trimId));
  // The one VIN rule (issue 21); a partial VIN stays partial only while it is shorter than 17.
  let newVin: string | null | undefined;
  if (input.vin !== undefined || input.isPartialVin !== undefined) {
    const vin = parseVin(
      input.vin !== undefined ? input.vin : draft.posting.vin,
      input.isPartialVin ?? Boolean(draft.details?.isPartialVin),
    );
    if (!vin.ok) throw draftErrors.invalidVin(vin.message);
    if (input.vin !== undefined) newVin = vin.vin;
    d.isPartialVin = vin.isPartialVin;
  }
  set("hiddenVin", input.hiddenVin);
  // Spec section 5: a hidden VIN carries no Promising badge (and is not promoted: featuring ends below).
  const hidesVin = input.hiddenVin === true && !draft.posting.hiddenVin;
  if (input.hiddenVin === true) p.badgePromising = false;
  // A 4×4 or alloy-rims tick (an older client) is the drive or rims field (issue 23); a field sent with it wins.
  const ticks = input.equipment && splitEquipmentFields(input.equipment);
  // Every field of the posting-field table that was sent, to its column (decision 055).
  const fields = patchColumns({ ...ticks?.fields, ...input });
  Object.assign(p, fields.postings);
  Object.assign(d, fields.details);
  if (input.rentalPrices !== undefined) {
    p.rentalPrices = input.rentalPrices.map((r) => ({ price: r.price, interval: r.interval }));
    p.hasRentalOptions = input.rentalPrices.length > 0;
  }
  if (input.salespersonUserId !== undefined && input.salespersonUserId !== null) {
    // Only a member of the posting's own dealership; a private posting has none (issue 19, rule 1).
    const dealershipId = draft.posting.dealershipId;
    if (dealershipId === null || !(await isDealershipMember(db, input.salespersonUserId, dealershipId)))
      throw draftErrors.foreignSalesperson();
  }
  set("salespersonUserId", input.salespersonUserId);
  setD("wizardStep", input.wizardStep);
  const merged = {
    priceType: p.priceType ?? draft.posting.priceType,
    price: p.price !== undefined ? p.price : draft.posting.price,
    specialPrice: p.specialPrice !== undefined ? p.specialPrice : draft.posting.specialPrice,
  };
  p.searchPrice = searchPriceOf(merged);
  if (input.financingOffers !== undefined) {
    const financingPrice = d.financingPrice !== undefined ? d.financingPrice : (draft.details?.financingPrice ?? null);
    d.financingOffers = trueFinancingOffers(
      input.financingOffers,
      financingPrice ?? merged.specialPrice ?? merged.price,
    );
  }
  // A published posting takes a VIN only if no other published posting of its owner has it: checked in the UPDATE itself.
  if (
    newVin !== undefined &&
    newVin !== draft.posting.vin &&
    !(await setVinUnlessPublishedElsewhere(db, draft.posting.id, newVin, now))
  )
    throw draftErrors.duplicateVin();
  await saveDraft(db, draft.posting.id, p, d, ticks && withStoredKinds(ticks.items, draft.equipment), now);
  if (hidesVin) await endFeaturingForHiddenVinPosting(db, draft.posting, user.id, payments, now);
  // Read back what was saved; the access check above already passed.
  const saved = await findDraft(db, draft.posting.code);
  if (!saved) throw notFound("Oglas ne obstaja.");
  return toDraftView(saved);
}

/**
 * Publishes (from a draft, or again from REMOVED/EXPIRED/SOLD) in one conditional UPDATE that holds
 * the private seller's cap (app.config.ts) and the posting's current state. Nothing changed: the
 * state moved meanwhile (409 transition) or the cap is reached (409 cap).
 */
async function publishOrRefuse(
  db: Db,
  posting: { id: number; code: string },
  from: string,
  values: Partial<PostingInsert>,
) {
  const max = appConfig.limits.activePostingsPrivateUser;
  if (await publishUnderCap(db, posting.id, from, max, values)) return;
  const now = await findDraft(db, posting.code);
  if (now && now.posting.status !== from) throw draftErrors.transition(now.posting.status, "PUBLISHED");
  if (now?.posting.vin && (await findPublishedVin(db, now.posting.userId, now.posting.vin, now.posting.id)))
    throw draftErrors.duplicateVin();
  throw draftErrors.cap(max);
}

const lifetimeMs = appConfig.limits.postingLifetimeDays * 86_400_000;

/** `POST draft/{code}/publish`: complete, under the cap, VIN not already published → PUBLISHED for the configured period. */
export async function publishDraft(db: Db, user: SessionUser, code: string, now = new Date()) {
  const draft = await ownDraft(db, user, code);
  if (draft.posting.status !== "DRAFT") throw draftErrors.transition(draft.posting.status, "PUBLISHED");
  const missing = missingForPublish(toDraftView(draft));
  if (missing.length) throw draftErrors.incomplete(missing);
  // Promising is granted by itself when the histories are complete and clean (spec: badge candidacy).
  const x = draft.details;
  const promising = autoPromising({
    badges: {
      verified: draft.posting.badgeVerified,
      goodBuy: draft.posting.badgeGoodBuy,
      promising: draft.posting.badgePromising,
      financing: draft.posting.badgeFinancing,
    },
    hiddenVin: draft.posting.hiddenVin,
    historyOdometer: x?.historyOdometer ?? [],
    historyOwnerAge: x?.historyOwnerAge ?? [],
    historyRegistrationOutcomes: x?.historyRegistrationOutcomes ?? [],
    registerStolen: Boolean(x?.registerStolen),
    registerPledged: Boolean(x?.registerPledged),
  });
  await publishOrRefuse(db, draft.posting, "DRAFT", {
    badgePromising: draft.posting.badgePromising || promising,
    publishedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
    updatedAt: now.toISOString(),
  });
  return { id: draft.posting.id, code: draft.posting.code, status: "PUBLISHED" as const };
}

/** Allowed status changes: deactivate/activate, sold/cancel sale, prolong an expired one. Drafts publish only through publish. */
/** `POST postings/{code}/status {status}`. */
export async function changeStatus(db: Db, user: SessionUser, code: string, status: string, now = new Date()) {
  const draft = await ownDraft(db, user, code);
  const from = draft.posting.status;
  if (from === status) return { code: draft.posting.code, status };
  if (!postingTransitions[from as PostingStatus]?.includes(status as PostingStatus))
    throw draftErrors.transition(from, status);
  const values: Partial<PostingInsert> = { status: status as PostingInsert["status"], updatedAt: now.toISOString() };
  if (status === "PUBLISHED") {
    if (from === "EXPIRED" || !draft.posting.expiresAt || draft.posting.expiresAt < now.toISOString())
      values.expiresAt = new Date(now.getTime() + lifetimeMs).toISOString();
    if (from === "SOLD") values.soldAt = null;
    await publishOrRefuse(db, draft.posting, from, values);
    return { code: draft.posting.code, status };
  }
  if (status === "SOLD") values.soldAt = now.toISOString();
  await setPostingStatus(db, draft.posting.id, values);
  return { code: draft.posting.code, status };
}

export async function deleteDraft(db: Db, user: SessionUser, code: string) {
  const draft = await ownDraft(db, user, code);
  if (draft.posting.status !== "DRAFT") throw draftErrors.notDraft();
  await deleteDraftRow(db, draft.posting.id);
}

export { listMine, type MyPostings } from "./my-postings.server";

export { expirePostings };
