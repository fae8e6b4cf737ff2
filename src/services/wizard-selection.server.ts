import type { SessionUser } from "~/domain/session";
import type { WizardSelectionView } from "~/contracts/drafts";
import { appConfig } from "~/app.config";
import { hitRateLimit } from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import { findBaseModel, findDraft, findManufacturerByCode, findTrim } from "~/db/drafts.server";
import {
  claimWizardSelection,
  findOpenWizardSelection,
  insertWizardSelection,
  releaseWizardSelection,
  setWizardSelectionPosting,
  type WizardSelectionRow,
} from "~/db/wizard-selections.server";
import { AppError, badRequest, notFound } from "~/domain/errors";
import { localClient } from "~/lib/client-address";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { createDraft } from "./drafts.server";

/**
 * The vehicle a signed-out seller chose on /nov-oglas (decision 046). It waits on the server under a
 * random token that travels in the sign-in step's address, so the sign-in request's return path carries
 * it to whichever tab or browser opens the link. The first signed-in user to claim it gets a draft
 * from it; after that nobody else can.
 */

const selectionGone = () =>
  notFound("Izbira vozila ni več veljavna (potekla je ali je že uporabljena). Izberite vozilo znova.");
const tooManySelections = () =>
  new AppError(429, "Preveč poskusov v kratkem času. Poskusite znova čez nekaj minut.", { code: "TOO_MANY_REQUESTS" });

const tokenHashOf = async (token: string) => (/^[A-Za-z0-9_-]{20,100}$/.test(token) ? sha256Hex(token) : null);

type SelectionInput = {
  vin: string | null;
  hiddenVin?: boolean;
  isPartialVin?: boolean;
  manufacturer?: string | null;
  model?: string | null;
  trimId?: number | null;
};

/** The names a seller recognises: make, model and trim (for the sign-in step's summary). */
async function describe(
  db: Db,
  s: Pick<WizardSelectionRow, "vin" | "hiddenVin" | "isPartialVin" | "manufacturer" | "model" | "trimId">,
): Promise<WizardSelectionView> {
  const make = s.manufacturer ? await findManufacturerByCode(db, s.manufacturer) : undefined;
  const model = make && s.model ? await findBaseModel(db, make.id, s.model) : undefined;
  const trim = s.trimId ? await findTrim(db, s.trimId) : undefined;
  return {
    vin: s.vin,
    hiddenVin: s.hiddenVin,
    isPartialVin: s.isPartialVin,
    manufacturer: s.manufacturer,
    manufacturerName: make?.name ?? null,
    model: s.model,
    modelName: model?.name ?? null,
    trimId: s.trimId,
    trimName: trim?.trim.name ?? null,
  };
}

/** `POST draft-selection`: keeps a signed-out seller's choice (already valid by the draft schema) and answers its token. */
export async function createWizardSelection(db: Db, input: SelectionInput, client: string | null, now = new Date()) {
  if (
    client &&
    client !== localClient &&
    !(await hitRateLimit(
      db,
      `wizard-selection:client:${client}`,
      appConfig.limits.wizardSelectionsPerClientPerHour,
      60 * 60_000,
      now,
    ))
  )
    throw tooManySelections();
  // Refused now rather than after the sign-in: a make, model or trim that does not exist.
  const make = input.manufacturer ? await findManufacturerByCode(db, input.manufacturer) : undefined;
  if (input.manufacturer && !make)
    throw badRequest("Znamka ne obstaja.", [
      { field: "manufacturer", kind: "INVALID", message: "Izberite znamko s seznama." },
    ]);
  if (make && input.model && !(await findBaseModel(db, make.id, input.model)))
    throw badRequest("Model ne obstaja.", [{ field: "model", kind: "INVALID", message: "Izberite model s seznama." }]);
  if (input.trimId && !(await findTrim(db, input.trimId)))
    throw badRequest("Izvedenka ne obstaja.", [
      { field: "trimId", kind: "INVALID", message: "Izberite izvedenko s seznama." },
    ]);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + appConfig.limits.wizardSelectionHours * 3_600_000).toISOString();
  await insertWizardSelection(db, {
    tokenHash: await sha256Hex(token),
    vin: input.vin,
    hiddenVin: input.hiddenVin ?? false,
    isPartialVin: input.isPartialVin ?? false,
    manufacturer: input.manufacturer ?? null,
    model: input.model ?? null,
    trimId: input.trimId ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** `GET draft-selection/{token}`: what was chosen, to its holder only while nobody else has claimed it; 404 otherwise. */
export async function viewWizardSelection(db: Db, token: string, userId: number | null, now = new Date()) {
  const hash = await tokenHashOf(token);
  const row = hash ? await findOpenWizardSelection(db, hash, userId, now) : undefined;
  if (!row) throw selectionGone();
  return describe(db, row);
}

/**
 * `POST draft-selection/{token}/claim`: the signed-in seller's draft from the choice. Claimed by one
 * conditional UPDATE (only while unclaimed), so one selection makes one draft; the same seller asking
 * again gets that draft; anyone else, an expired or an unknown token get 404. When the draft is refused
 * (cap, duplicate VIN) the claim is given back so the seller can retry.
 */
export async function claimWizardSelectionDraft(db: Db, user: SessionUser, token: string, now = new Date()) {
  const hash = await tokenHashOf(token);
  if (!hash) throw selectionGone();
  const row = await claimWizardSelection(db, hash, user.id, now);
  if (!row) {
    const mine = await findOpenWizardSelection(db, hash, user.id, now);
    if (!mine || mine.userId !== user.id) throw selectionGone();
    const made = mine.postingId !== null ? await findDraft(db, String(mine.postingId)) : null;
    if (made && made.posting.userId === user.id) return { id: made.posting.id, code: made.posting.code };
    if (mine.postingId === null)
      throw new AppError(409, "Osnutek iz te izbire se že pripravlja. Počakajte trenutek in osvežite stran.", {
        code: "CONFLICT",
      });
    throw selectionGone();
  }
  let created: { id: number; code: string };
  try {
    created = await createDraft(
      db,
      user,
      {
        vin: row.vin,
        hiddenVin: row.hiddenVin,
        isPartialVin: row.isPartialVin,
        manufacturer: row.manufacturer,
        model: row.model,
        trimId: row.trimId,
      },
      now,
    );
  } catch (error) {
    await releaseWizardSelection(db, hash, user.id);
    throw error;
  }
  await setWizardSelectionPosting(db, hash, user.id, created.id);
  return created;
}
