import { and, asc, eq, gte, isNull, lte, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { normalizeVin, vinModelYear, vinWmi } from "~/domain/vin";
import type { Db } from "./client.server";
import { baseModels, manufacturers, modelSeries, trims, vinWmi as vinWmiTable } from "./schema/catalogue";
import type { TrimOption } from "~/domain/trim";

/** One trim with everything the catalog knows about it (to pre-fill a posting). */
export type TrimDetail = TrimOption & {
  seriesCode: string;
  driveWheels: string | null;
  consumptionCombined: number | null;
  co2: number | null;
  euroStandard: string | null;
  batteryKwh: number | null;
  rangeKm: number | null;
};

export type VinManufacturer = { code: string; name: string };

export type VinDecode = {
  vin: string;
  manufacturer: VinManufacturer | null;
  modelYear: number | null;
  trims: TrimOption[];
};

/** Most trims a VIN decode offers. */
export const vinTrimLimit = 50;
/** Most trims a trim search answers. */
export const trimSearchLimit = 200;

const trimOptionColumns = {
  id: trims.id,
  name: trims.name,
  manufacturerCode: manufacturers.code,
  manufacturerName: manufacturers.name,
  modelCode: baseModels.code,
  modelName: baseModels.name,
  seriesName: modelSeries.name,
  yearFrom: trims.yearFrom,
  yearTo: trims.yearTo,
  powerKw: trims.powerKw,
  fuel: trims.fuel,
  displacementCcm: trims.displacementCcm,
  transmission: trims.transmission,
  bodyType: trims.bodyType,
  doors: trims.doors,
  seats: trims.seats,
};

const trimDetailColumns = {
  ...trimOptionColumns,
  seriesCode: modelSeries.code,
  driveWheels: trims.driveWheels,
  consumptionCombined: trims.consumptionCombined,
  co2: trims.co2,
  euroStandard: trims.euroStandard,
  batteryKwh: trims.batteryKwh,
  rangeKm: trims.rangeKm,
};

/** An open-ended (NULL) bound counts as covering every year. */
function rangeCovers(from: SQLiteColumn, to: SQLiteColumn, year: number): SQL | undefined {
  return and(or(isNull(from), lte(from, year)), or(isNull(to), gte(to, year)));
}

/** Both the series (generation) and the trim itself were built in `year`. */
function builtIn(year: number | null): SQL | undefined {
  if (year === null) return undefined;
  return and(
    rangeCovers(modelSeries.yearFrom, modelSeries.yearTo, year),
    rangeCovers(trims.yearFrom, trims.yearTo, year),
  );
}

function trimOptionQuery(db: Db) {
  return db
    .select(trimOptionColumns)
    .from(trims)
    .innerJoin(modelSeries, eq(modelSeries.id, trims.seriesId))
    .innerJoin(baseModels, eq(baseModels.id, modelSeries.baseModelId))
    .innerJoin(manufacturers, eq(manufacturers.id, modelSeries.manufacturerId));
}

function trimDetailQuery(db: Db) {
  return db
    .select(trimDetailColumns)
    .from(trims)
    .innerJoin(modelSeries, eq(modelSeries.id, trims.seriesId))
    .innerJoin(baseModels, eq(baseModels.id, modelSeries.baseModelId))
    .innerJoin(manufacturers, eq(manufacturers.id, modelSeries.manufacturerId));
}

const trimOrder = [asc(baseModels.name), asc(modelSeries.name), asc(trims.name), asc(trims.id)];

/** The manufacturer a World Manufacturer Identifier belongs to, or null when unknown. */
export async function findManufacturerByWmi(db: Db, wmi: string): Promise<VinManufacturer | null> {
  const row = await db
    .select({ code: manufacturers.code, name: manufacturers.name })
    .from(vinWmiTable)
    .innerJoin(manufacturers, eq(manufacturers.id, vinWmiTable.manufacturerId))
    .where(eq(vinWmiTable.wmi, wmi.toUpperCase()))
    .get();
  return row ?? null;
}

/**
 * Offline VIN decode: the manufacturer from the WMI, the model year from the 10th character and
 * up to 50 trims of that make built in that year (every trim of the make when the year is not
 * encoded), ordered by model, series and trim name. An unknown WMI gives manufacturer null and
 * no trims. The VIN is normalised but not validated; callers validate first.
 */
export async function decodeVin(db: Db, vin: string, now: Date): Promise<VinDecode> {
  const normalized = normalizeVin(vin);
  const manufacturer = await findManufacturerByWmi(db, vinWmi(normalized));
  const modelYear = vinModelYear(normalized, now);
  if (!manufacturer) return { vin: normalized, manufacturer: null, modelYear, trims: [] };
  const rows = await trimOptionQuery(db)
    .where(and(eq(manufacturers.code, manufacturer.code), builtIn(modelYear)))
    .orderBy(...trimOrder)
    .limit(vinTrimLimit)
    .all();
  return { vin: normalized, manufacturer, modelYear, trims: rows };
}

/**
 * One trim by id, only when it belongs to the given manufacturer (and base model, when given);
 * null otherwise.
 */
export async function findTrimDetail(
  db: Db,
  trimId: number,
  scope: { manufacturerCode: string; modelCode?: string },
): Promise<TrimDetail | null> {
  const row = await trimDetailQuery(db)
    .where(
      and(
        eq(trims.id, trimId),
        eq(manufacturers.code, scope.manufacturerCode),
        scope.modelCode === undefined ? undefined : eq(baseModels.code, scope.modelCode),
      ),
    )
    .get();
  return row ?? null;
}

/**
 * Trims of one base model (by manufacturer and model code) whose series and trim years contain
 * `year` (all of them when year is null), at most 200, ordered by series and trim name.
 * null when the manufacturer has no such base model.
 */
export async function searchTrims(
  db: Db,
  query: { manufacturerCode: string; modelCode: string; year: number | null },
): Promise<TrimOption[] | null> {
  const model = await db
    .select({ id: baseModels.id })
    .from(baseModels)
    .innerJoin(manufacturers, eq(manufacturers.id, baseModels.manufacturerId))
    .where(and(eq(manufacturers.code, query.manufacturerCode), eq(baseModels.code, query.modelCode)))
    .get();
  if (!model) return null;
  return trimOptionQuery(db)
    .where(and(eq(modelSeries.baseModelId, model.id), builtIn(query.year)))
    .orderBy(...trimOrder)
    .limit(trimSearchLimit)
    .all();
}
