import { asc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema";

/** All manufacturers, popular first then by name. */
export function listManufacturers(db: Db) {
  return db
    .select({ code: manufacturers.code, name: manufacturers.name, popular: manufacturers.popular })
    .from(manufacturers)
    .orderBy(asc(manufacturers.name))
    .all();
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
