/** Drizzle mirror of migrations/*.sql: engagement (decision 054: the schema by aggregate). */
import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

export const favorites = sqliteTable(
  "favorites",
  {
    userId: integer().notNull(),
    postingId: integer().notNull(),
    priceAtLike: integer(),
    /** The buyer wants an e-mail when this posting's price drops (issue 28). */
    priceAlert: integer({ mode: "boolean" }).notNull().default(false),
    /** The last price e-mailed to this buyer about this posting, and when (decision 088, session 23). */
    priceAlertTold: integer(),
    priceAlertToldAt: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postingId] })],
);

export const postingViewsDaily = sqliteTable(
  "posting_views_daily",
  { postingId: integer().notNull(), day: text().notNull(), views: integer().notNull().default(0) },
  (t) => [primaryKey({ columns: [t.postingId, t.day] })],
);

/** One row per visitor per posting per day (migration 0012): a view counts once (decision 037). */
export const postingViewVisitors = sqliteTable(
  "posting_view_visitors",
  {
    postingId: integer().notNull(),
    day: text().notNull(),
    visitor: text().notNull(),
    counted: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postingId, t.day, t.visitor] })],
);

export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: integer().notNull(),
    name: text().notNull(),
    query: text().notNull(),
    /** The filters without sort and paging (migration 0025): one user saves each criteria once. */
    criteria: text(),
    alertsEnabled: integer({ mode: "boolean" }).notNull().default(true),
    unsubscribeToken: text().notNull(),
    lastSeenAt: text(),
    lastNotifiedAt: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_searches_user_criteria").on(t.userId, t.criteria)],
);

export const leasingClicks = sqliteTable(
  "leasing_clicks",
  { postingId: integer().notNull(), day: text().notNull(), clicks: integer().notNull().default(0) },
  (t) => [primaryKey({ columns: [t.postingId, t.day] })],
);
