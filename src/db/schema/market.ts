/** Drizzle mirror of migrations/*.sql: the market value of postings and their price history (decision 088). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "./columns";
import type { FactorEffect, FamilyReference } from "~/domain/market-value/valuate";
import type { MarketCoefficients } from "~/domain/market-value/fit";

/** One valued posting's estimate, written by the daily fit; the rating itself is on the posting row. */
export const postingMarketValues = sqliteTable("posting_market_values", {
  postingId: integer().primaryKey(),
  low: integer(),
  mid: integer(),
  high: integer(),
  comparables: integer().notNull(),
  scope: text({ enum: ["MODEL", "MAKE", "CLASS"] }).notNull(),
  yearFrom: integer().notNull(),
  yearTo: integer().notNull(),
  factors: text({ mode: "json" }).$type<FactorEffect[]>().notNull(),
  computedAt: text().notNull(),
  /** The valued facts of the posting when this estimate was made (`valuedFacts`, migration 0033); null before. */
  facts: text(),
});

/** The fitted market (one row): what an estimate for a car not yet posted is computed from. */
export const marketModels = sqliteTable("market_models", {
  id: id(),
  coefficients: text({ mode: "json" }).$type<MarketCoefficients>().notNull(),
  familyReferences: text({ mode: "json" }).$type<Record<string, FamilyReference>>().notNull(),
  /** Per model family, the valued cars per year (the one-car valuation counts its comparables in D1 instead). */
  familyYears: text({ mode: "json" }).$type<Record<string, Record<string, number>>>().notNull(),
  valued: integer().notNull(),
  medianErrorBp: integer().notNull(),
  computedAt: text().notNull(),
});

/** Every change of a published posting's asking price (kept by a trigger, migration 0032). */
export const postingPriceChanges = sqliteTable("posting_price_changes", {
  id: id(),
  postingId: integer().notNull(),
  oldPrice: integer(),
  newPrice: integer(),
  changedAt: text().notNull(),
  /** Whether the old amount was the last one buyers saw (migration 0036; null: recorded before, counted as shown). */
  oldShown: integer(),
});

/** Price drops waiting to be e-mailed to the buyers who asked (filled by the price trigger, migration 0032). */
export const priceAlertQueue = sqliteTable("price_alert_queue", {
  id: id(),
  userId: integer().notNull(),
  postingId: integer().notNull(),
  oldPrice: integer().notNull(),
  newPrice: integer().notNull(),
  createdAt: text().notNull(),
});
