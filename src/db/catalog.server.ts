import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.server";
import { memoised } from "./isolate-memo.server";
import { baseModels, manufacturers } from "./schema/catalogue";

/** All manufacturers, popular first then by name (memoised per isolate, decision 080). */
export function listManufacturers(db: Db) {
  return memoised(db, "manufacturers", () =>
    db
      .select({ code: manufacturers.code, name: manufacturers.name, popular: manufacturers.popular })
      .from(manufacturers)
      .orderBy(asc(manufacturers.name))
      .all(),
  );
}

/** Base models of one manufacturer by its code; null when the manufacturer does not exist. */
export async function listBaseModels(db: Db, manufacturerCode: string) {
  const maker = await db
    .select({ id: manufacturers.id, code: manufacturers.code, name: manufacturers.name })
    .from(manufacturers)
    .where(eq(manufacturers.code, manufacturerCode))
    .get();
  if (!maker) return null;
  const models = await db
    .select({ id: baseModels.id, code: baseModels.code, name: baseModels.name })
    .from(baseModels)
    .where(eq(baseModels.manufacturerId, maker.id))
    .orderBy(asc(baseModels.name))
    .all();
  return { manufacturer: maker, models };
}

let catalogCache: {
  at: number;
  value: { code: string; name: string; models: { code: string; name: string }[] }[];
} | null = null;

/** Makes with their base models, for the free-text parser (cached per isolate for 10 minutes). */
export async function listCatalogForAi(db: Db, now = Date.now()) {
  if (catalogCache && now - catalogCache.at < 10 * 60_000) return catalogCache.value;
  const rows = await db
    .select({
      makeCode: manufacturers.code,
      makeName: manufacturers.name,
      modelCode: baseModels.code,
      modelName: baseModels.name,
    })
    .from(manufacturers)
    .leftJoin(baseModels, eq(baseModels.manufacturerId, manufacturers.id))
    .orderBy(asc(manufacturers.name), asc(baseModels.name))
    .all();
  const byMake = new Map<string, { code: string; name: string; models: { code: string; name: string }[] }>();
  for (const r of rows) {
    const make = byMake.get(r.makeCode) ?? { code: r.makeCode, name: r.makeName, models: [] };
    if (r.modelCode && r.modelName) make.models.push({ code: r.modelCode, name: r.modelName });
    byMake.set(r.makeCode, make);
  }
  catalogCache = { at: now, value: [...byMake.values()] };
  return catalogCache.value;
}

/** Of the given manufacturer codes, those that exist. */
export async function existingManufacturerCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ code: manufacturers.code })
    .from(manufacturers)
    .where(inArray(manufacturers.code, [...codes]))
    .all();
  return new Set(rows.map((r) => r.code));
}
