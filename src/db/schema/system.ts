/** Drizzle mirror of migrations/*.sql: system (decision 054: the schema by aggregate). */
import { blob, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

export const outbox = sqliteTable("outbox", {
  id: id(),
  channel: text({ enum: ["email", "sms"] }).notNull(),
  toAddress: text().notNull(),
  subject: text(),
  text: text().notNull(),
  html: text(),
  link: text(),
  pin: text(),
  status: text({ enum: ["PENDING", "SENT", "FAILED"] })
    .notNull()
    .default("PENDING"),
  attempts: integer().notNull().default(0),
  createdAt: createdAt(),
  sentAt: text(),
});

export const seedMeta = sqliteTable("seed_meta", { key: text().primaryKey(), value: text().notNull() });

/** Migration 0018: one row whose `n` SQLite triggers bump on every write a search can count (issue 21). */
export const searchGeneration = sqliteTable("search_generation", {
  id: integer().primaryKey(),
  n: integer().notNull(),
});

/** Migration 0028: visible postings per (dimension, value), kept exact by SQLite triggers (issue 27, decision 082). */
export const searchCounts = sqliteTable(
  "search_counts",
  { dimension: text().notNull(), value: text().notNull(), n: integer().notNull() },
  (t) => [primaryKey({ columns: [t.dimension, t.value] })],
);

/**
 * Migration 0034: visible postings per pair of broad dimensions (a, b) and their values, kept exact by SQLite
 * triggers (decision 090). `va` / `vb` have no affinity: bands, years and make ids are integers, NULL is ''.
 */
export const searchPairCounts = sqliteTable(
  "search_pair_counts",
  {
    a: text().notNull(),
    b: text().notNull(),
    va: blob({ mode: "json" }).notNull(),
    vb: blob({ mode: "json" }).notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.a, t.b, t.va, t.vb] })],
);
