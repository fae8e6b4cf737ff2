import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { chunks, maxBoundIds } from "~/lib/chunks";
import type { Db } from "./client.server";
import { auditEntry } from "./audit.server";
import { auditLog } from "./schema/audit";
import { baseModels, manufacturers, modelSeries } from "./schema/catalogue";
import { postings } from "./schema/postings";

export function findManufacturerForAdmin(db: Db, code: string | undefined) {
  const q = db.select({ id: manufacturers.id, code: manufacturers.code, name: manufacturers.name }).from(manufacturers);
  return code ? q.where(eq(manufacturers.code, code)).get() : q.orderBy(asc(manufacturers.name)).limit(1).get();
}

/** A make's base models and series, with the number of postings per series. */
export async function findModelTree(db: Db, manufacturerId: number) {
  const [models, series, counts] = await Promise.all([
    db
      .select({ id: baseModels.id, code: baseModels.code, name: baseModels.name })
      .from(baseModels)
      .where(eq(baseModels.manufacturerId, manufacturerId))
      .orderBy(asc(baseModels.name))
      .all(),
    db
      .select({
        id: modelSeries.id,
        baseModelId: modelSeries.baseModelId,
        code: modelSeries.code,
        name: modelSeries.name,
        yearFrom: modelSeries.yearFrom,
        yearTo: modelSeries.yearTo,
      })
      .from(modelSeries)
      .where(eq(modelSeries.manufacturerId, manufacturerId))
      .orderBy(asc(modelSeries.yearFrom), asc(modelSeries.name))
      .all(),
    db
      .select({ seriesId: postings.seriesId, n: count() })
      .from(postings)
      .where(eq(postings.manufacturerId, manufacturerId))
      .groupBy(postings.seriesId)
      .all(),
  ]);
  return { models, series, counts: new Map(counts.map((c) => [c.seriesId, c.n])) };
}

/**
 * Applies a make's new mapping in one batch: new base models, renames, series moves, the postings of
 * moved series (search filters on `postings.base_model_id`) and the audit entry.
 */
export async function saveModelTree(
  db: Db,
  manufacturerId: number,
  change: {
    created: { code: string; name: string }[];
    renamed: { id: number; name: string }[];
    moves: { seriesId: number; baseModelCode: string }[];
  },
  audit: { actorUserId: number; impersonatedUserId: number | null; before: unknown; after: unknown },
) {
  const modelIdByCode = (code: string) =>
    sql`(SELECT ${baseModels.id} FROM ${baseModels} WHERE ${baseModels.manufacturerId} = ${manufacturerId} AND ${baseModels.code} = ${code})`;
  const movedIds = change.moves.map((m) => m.seriesId);
  await db.batch([
    db
      .insert(auditLog)
      .values(auditEntry(audit, "model-admin.save", "manufacturer", manufacturerId, audit.before, audit.after)),
    ...change.created.map((c) => db.insert(baseModels).values({ manufacturerId, code: c.code, name: c.name })),
    ...change.renamed.map((r) =>
      db
        .update(baseModels)
        .set({ name: r.name })
        .where(and(eq(baseModels.id, r.id), eq(baseModels.manufacturerId, manufacturerId))),
    ),
    ...change.moves.map((m) =>
      db
        .update(modelSeries)
        .set({ baseModelId: modelIdByCode(m.baseModelCode) })
        .where(and(eq(modelSeries.id, m.seriesId), eq(modelSeries.manufacturerId, manufacturerId))),
    ),
    ...chunks(movedIds, maxBoundIds).map((ids) =>
      db
        .update(postings)
        .set({
          baseModelId: sql`(SELECT ${modelSeries.baseModelId} FROM ${modelSeries} WHERE ${modelSeries.id} = ${postings.seriesId})`,
        })
        .where(inArray(postings.seriesId, ids)),
    ),
  ]);
}
