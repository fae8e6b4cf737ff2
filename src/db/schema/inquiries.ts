/** Drizzle mirror of migrations/*.sql: buyers' inquiries to sellers (migration 0024, decision 066). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { InquiryChoice } from "~/domain/inquiry";
import { createdAt, id } from "./columns";

export const inquiries = sqliteTable("inquiries", {
  id: id(),
  postingId: integer().notNull(),
  sellerUserId: integer().notNull(),
  dealershipId: integer(),
  buyerUserId: integer(),
  name: text().notNull(),
  email: text(),
  emailKey: text(),
  phone: text(),
  message: text().notNull(),
  choices: text({ mode: "json" }).$type<InquiryChoice[]>().notNull().default([]),
  client: text().notNull(),
  status: text({ enum: ["NEW", "ANSWERED"] })
    .notNull()
    .default("NEW"),
  replyTokenHash: text().notNull(),
  tokenUserId: integer(),
  reply: text(),
  repliedAt: text(),
  answeredAt: text(),
  answeredByUserId: integer(),
  createdAt: createdAt(),
});
