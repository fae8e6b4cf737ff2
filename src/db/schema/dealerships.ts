/** Drizzle mirror of migrations/*.sql: dealerships (decision 054: the schema by aggregate). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { WeekHours } from "~/domain/opening-hours";
import { bool, createdAt, id, json } from "./columns";

export const dealershipNetworks = sqliteTable("dealership_networks", {
  id: id(),
  code: text().notNull(),
  name: text().notNull(),
  address: text(),
  city: text(),
  email: text(),
  phone: text(),
  webPage: text(),
  logoKey: text(),
  bannerKey: text(),
  createdAt: createdAt(),
});

export const dealerships = sqliteTable("dealerships", {
  id: id(),
  code: text(),
  name: text().notNull(),
  publicName: text(),
  address: text(),
  postalCode: text(),
  city: text(),
  region: text(),
  email: text(),
  phone: text(),
  weekdayFrom: text(),
  weekdayTo: text(),
  saturdayFrom: text(),
  saturdayTo: text(),
  /** Each day's hours or null when closed (migration 0027); NULL on a row written without them: read from the columns above. */
  openingHours: text({ mode: "json" }).$type<WeekHours>(),
  webPage: text(),
  facebook: text(),
  instagram: text(),
  tiktok: text(),
  youtube: text(),
  logoKey: text(),
  bannerKey: text(),
  brands: json<string[]>().default([]),
  networkId: integer(),
  advertisingDays: integer().notNull().default(0),
  subscriptionEndDate: text(),
  buyerNumber: text(),
  taxNumber: text(),
  registrationNumber: text(),
  responsibleFirstName: text(),
  responsibleLastName: text(),
  responsiblePhone: text(),
  responsibleEmail: text(),
  remark: text(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const salespeople = sqliteTable("salespeople", {
  id: id(),
  dealershipId: integer().notNull(),
  phoneNumber: text().notNull(),
  firstName: text(),
  lastName: text(),
  userId: integer(),
  invitedAt: text(),
  /** SHA-256 of the invitation link's token while the invitation is open (migration 0011). */
  inviteTokenHash: text(),
  declinedAt: text(),
  createdAt: createdAt(),
});

export const dealerContacts = sqliteTable("dealer_contacts", {
  id: id(),
  dealershipId: integer().notNull(),
  name: text().notNull(),
  phone: text(),
  email: text(),
  comment: text(),
  addToAllPostings: bool(),
  createdAt: createdAt(),
});

export const dealerSignupRequests = sqliteTable("dealer_signup_requests", {
  id: id(),
  companyName: text().notNull(),
  taxNumber: text().notNull(),
  registrationNumber: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  phone: text().notNull(),
  email: text().notNull(),
  pinHash: text().notNull(),
  extractKey: text().notNull(),
  extractMimeType: text().notNull(),
  status: text({ enum: ["PENDING", "CONFIRMED", "REJECTED"] })
    .notNull()
    .default("PENDING"),
  userId: integer(),
  dealershipId: integer(),
  decidedBy: integer(),
  decidedAt: text(),
  /** SHA-256 of the e-mail confirmation link's token until the applicant opens it (migration 0011). */
  emailTokenHash: text(),
  /** Set when the applicant confirmed the e-mail: only then is a PENDING request shown to admins. */
  emailVerifiedAt: text(),
  createdAt: createdAt(),
});
