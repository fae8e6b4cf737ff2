/** Drizzle mirror of migrations/*.sql: catalogue (decision 054: the schema by aggregate). */
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, engineAndBodyColumns, id, json } from "./columns";

export const manufacturers = sqliteTable("manufacturers", {
  id: id(),
  code: text().notNull(),
  name: text().notNull(),
  country: text(),
  popular: bool(),
});

export const baseModels = sqliteTable("base_models", {
  id: id(),
  manufacturerId: integer().notNull(),
  code: text().notNull(),
  name: text().notNull(),
});

export const modelSeries = sqliteTable("model_series", {
  id: id(),
  manufacturerId: integer().notNull(),
  baseModelId: integer().notNull(),
  code: text().notNull(),
  name: text().notNull(),
  yearFrom: integer(),
  yearTo: integer(),
  bodyTypes: json<string[]>().default([]),
});

export const trims = sqliteTable("trims", {
  id: id(),
  seriesId: integer().notNull(),
  name: text().notNull(),
  yearFrom: integer(),
  yearTo: integer(),
  powerKw: integer(),
  fuel: text(),
  ...engineAndBodyColumns(),
  consumptionCombined: real(),
  co2: integer(),
  euroStandard: text(),
  batteryKwh: real(),
  rangeKm: integer(),
});

export const vinWmi = sqliteTable("vin_wmi", {
  wmi: text().primaryKey(),
  manufacturerId: integer().notNull(),
});

export const equipmentDescriptors = sqliteTable("equipment_descriptors", {
  id: id(),
  equipmentCode: text().notNull(),
  displayName: text().notNull(),
  videoId: text(),
  description: text(),
  category: text(),
  link: text(),
  articleLink: text(),
  limitedToMakes: json<string[]>().default([]),
  createdAt: createdAt(),
});

export const vehicleCostPrices = sqliteTable("vehicle_cost_prices", {
  key: text().primaryKey(),
  label: text().notNull(),
  value: real().notNull(),
  unit: text().notNull(),
  updatedAt: createdAt(),
});
