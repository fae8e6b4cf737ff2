/** Drizzle mirror of migrations/*.sql: partner-oauth (decision 054: the schema by aggregate). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, json } from "./columns";

export const partnerApplications = sqliteTable("partner_applications", {
  id: id(),
  code: text().notNull(),
  name: text().notNull(),
  redirectUris: json<string[]>().default([]),
  clientSecretHash: text().notNull(),
  createdAt: createdAt(),
});

export const oauthConsentSessions = sqliteTable("oauth_consent_sessions", {
  id: text().primaryKey(),
  partnerId: integer().notNull(),
  redirectUrl: text().notNull(),
  state: text(),
  codeChallenge: text(),
  codeChallengeMethod: text(),
  userId: integer(),
  status: text({ enum: ["PENDING", "ALLOWED", "DENIED", "CANCELLED", "EXPIRED"] })
    .notNull()
    .default("PENDING"),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
});

export const oauthCodes = sqliteTable("oauth_codes", {
  codeHash: text().primaryKey(),
  sessionId: text().notNull(),
  partnerId: integer().notNull(),
  userId: integer().notNull(),
  dealershipId: integer().notNull(),
  redirectUri: text().notNull(),
  codeChallenge: text(),
  expiresAt: text().notNull(),
  usedAt: text(),
});

export const oauthTokens = sqliteTable("oauth_tokens", {
  tokenHash: text().primaryKey(),
  partnerId: integer().notNull(),
  userId: integer().notNull(),
  dealershipId: integer().notNull(),
  scope: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  revokedAt: text(),
  /** The authorization code it was issued for (migration 0009): a replayed code revokes it. */
  codeHash: text(),
});
