import type { Db } from "~/db/client.server";
import { findManufacturerForAdmin, findModelTree, saveModelTree } from "~/db/model-admin.server";
import { forgetCachedCounts } from "~/db/search-counts.server";
import { badRequest, notFound, type FieldError } from "~/domain/errors";
import { asciiFold, slugify, uniqueCode } from "~/domain/slug";
import { modelAdminMessages, type ModelAdminSave } from "~/contracts/admin-models";
import type { ModelAdminView } from "~/contracts/admin-models";

// Slovenian alphabetical order (č after c, not after z).
const collator = new Intl.Collator("sl");

async function view(db: Db, manufacturer: { id: number; code: string; name: string }): Promise<ModelAdminView> {
  const tree = await findModelTree(db, manufacturer.id);
  return {
    manufacturer: { code: manufacturer.code, name: manufacturer.name },
    baseModels: [...tree.models]
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((bm) => ({
        ...bm,
        series: tree.series
          .filter((s) => s.baseModelId === bm.id)
          .map(({ baseModelId: _, ...s }) => ({ ...s, postings: tree.counts.get(s.id) ?? 0 })),
      })),
  };
}

/** `GET model-admin`: one make's base models with their series. */
export async function getModelAdmin(db: Db, manufacturerCode: string | undefined) {
  const manufacturer = await findManufacturerForAdmin(db, manufacturerCode);
  if (!manufacturer) throw notFound("Znamka ne obstaja.");
  return view(db, manufacturer);
}

/**
 * `PUT model-admin`: saves a make's mapping. Every existing base model and every series must be in the
 * request (series exactly once), names are unique within the make; then one batch applies it.
 */
export async function saveModelAdmin(
  db: Db,
  actor: { actorUserId: number; impersonatedUserId: number | null },
  input: ModelAdminSave,
) {
  const manufacturer = await findManufacturerForAdmin(db, input.manufacturer);
  if (!manufacturer) throw notFound("Znamka ne obstaja.");
  const before = await view(db, manufacturer);
  const errors: FieldError[] = [];
  const existing = new Map(before.baseModels.map((bm) => [bm.id, bm]));
  const seriesOwner = new Map(before.baseModels.flatMap((bm) => bm.series.map((s) => [s.id, bm.id] as const)));

  const names = new Set<string>();
  input.baseModels.forEach((bm, i) => {
    const key = asciiFold(bm.name).trim();
    if (names.has(key))
      errors.push({ field: `baseModels.${i}.name`, kind: "INVALID", message: modelAdminMessages.nameTaken });
    names.add(key);
    if (bm.id !== undefined && !existing.has(bm.id))
      errors.push({ field: `baseModels.${i}.id`, kind: "INVALID", message: modelAdminMessages.unknown });
  });
  const listedIds = new Set(input.baseModels.flatMap((bm) => (bm.id === undefined ? [] : [bm.id])));
  if ([...existing.keys()].some((id) => !listedIds.has(id)))
    errors.push({ field: "baseModels", kind: "MISSING", message: modelAdminMessages.missingModel });
  const seen = input.baseModels.flatMap((bm) => bm.seriesIds);
  if (seen.some((id) => !seriesOwner.has(id)))
    errors.push({ field: "baseModels", kind: "INVALID", message: modelAdminMessages.unknown });
  if (new Set(seen).size !== seen.length || seen.length !== seriesOwner.size)
    errors.push({ field: "baseModels", kind: "INVALID", message: modelAdminMessages.missingSeries });
  if (errors.length) throw badRequest(errors[0]?.message ?? modelAdminMessages.saveFailed, errors);

  const taken = new Set(before.baseModels.map((bm) => bm.code));
  const created: { code: string; name: string }[] = [];
  const codeOf = input.baseModels.map((bm) => {
    const known = bm.id === undefined ? undefined : existing.get(bm.id);
    if (known) return known.code;
    const code = uniqueCode(slugify(bm.name, "model"), taken);
    taken.add(code);
    created.push({ code, name: bm.name });
    return code;
  });
  const renamed = input.baseModels.flatMap((bm) => {
    const known = bm.id === undefined ? undefined : existing.get(bm.id);
    return known && known.name !== bm.name ? [{ id: known.id, name: bm.name }] : [];
  });
  const moves = input.baseModels.flatMap((bm, i) =>
    bm.seriesIds
      .filter((sid) => seriesOwner.get(sid) !== bm.id)
      .map((seriesId) => ({ seriesId, baseModelCode: codeOf[i] ?? "" })),
  );
  if (created.length || renamed.length || moves.length) {
    await saveModelTree(
      db,
      manufacturer.id,
      { created, renamed, moves },
      {
        ...actor,
        before: { created, renamed, moves: moves.map((m) => ({ ...m, from: seriesOwner.get(m.seriesId) })) },
        after: input,
      },
    );
    // Search totals are cached a minute per isolate; this one shows the new mapping at once.
    forgetCachedCounts();
  }
  return view(db, manufacturer);
}
