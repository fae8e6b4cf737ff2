/** Drizzle mirror of migrations/*.sql: featuring (decision 054: the schema by aggregate). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id } from "./columns";

export const pricingItems = sqliteTable("pricing_items", {
  id: id(),
  package: text({ enum: ["STANDARD", "EXPOSED", "EXPOSED_MEMBERS"] }).notNull(),
  days: integer().notNull(),
  pricePerDay: integer().notNull(),
  requiresMembership: bool(),
  active: integer({ mode: "boolean" }).notNull().default(true),
});

export const featuringPurchases = sqliteTable("featuring_purchases", {
  id: id(),
  postingId: integer().notNull(),
  userId: integer().notNull(),
  pricingItemId: integer(),
  package: text().notNull(),
  days: integer().notNull(),
  amount: integer().notNull(),
  status: text({ enum: ["PENDING", "PAID", "REDEEMED", "FAILED", "CANCELLED"] })
    .notNull()
    .default("PENDING"),
  provider: text().notNull(),
  providerSessionId: text(),
  successUrl: text(),
  cancelUrl: text(),
  createdAt: createdAt(),
  fulfilledAt: text(),
  /** Decision 038: days delivered when paid, days that no longer fitted under the ceiling, and their refund. */
  deliveredDays: integer(),
  surplusDays: integer().notNull().default(0),
  refundAmount: integer().notNull().default(0),
  refundStatus: text({ enum: ["PENDING", "REFUNDED", "FAILED"] }),
  refundId: text(),
  fulfilledEventId: text(),
  /** Decision 062: when the receipt e-mail was claimed (set once; a replay finds it taken). */
  receiptSentAt: text(),
  /** The instants the delivered days run from and to (written when the payment is fulfilled). */
  periodStart: text(),
  periodEnd: text(),
});

export const paymentEvents = sqliteTable("payment_events", {
  eventId: text().primaryKey(),
  type: text().notNull(),
  purchaseId: integer(),
  receivedAt: createdAt(),
});

export const creditDayLedger = sqliteTable("credit_day_ledger", {
  id: id(),
  dealershipId: integer().notNull(),
  amount: integer().notNull(),
  reason: text().notNull(),
  purchaseId: integer(),
  actorUserId: integer(),
  createdAt: createdAt(),
});

export const campaignTransfers = sqliteTable("campaign_transfers", {
  id: id(),
  postingId: integer().notNull(),
  vin: text().notNull(),
  sellerUserId: integer(),
  buyerUserId: integer(),
  buyerEmail: text(),
  amount: integer().notNull().default(1000),
  status: text({ enum: ["CLAIMED", "TRANSFERRED", "REJECTED"] })
    .notNull()
    .default("CLAIMED"),
  createdAt: createdAt(),
  transferredAt: text(),
});
