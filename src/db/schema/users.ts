/** Drizzle mirror of migrations/*.sql: users (decision 054: the schema by aggregate). */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id } from "./columns";

export const users = sqliteTable("users", {
  id: id(),
  email: text(),
  firstName: text(),
  lastName: text(),
  phoneNumber: text(),
  phoneVerified: bool(),
  amzsMembershipNumber: text(),
  /** The membership number an admin verified (decision 039): verified only while it equals amzsMembershipNumber. */
  amzsMembershipVerifiedNumber: text(),
  amzsMembershipVerifiedAt: text(),
  amzsMembershipVerifiedBy: integer(),
  amzsAdmin: bool(),
  amzsPostingEditor: bool(),
  accountsWereMerged: bool(),
  acceptedTermsAt: text(),
  dealershipId: integer(),
  dealershipRole: text({ enum: ["HEAD", "SALESPERSON"] }),
  registeredAt: createdAt(),
  lastLoginAt: text(),
  disabled: bool(),
});

export const userIdentities = sqliteTable(
  "user_identities",
  {
    provider: text({ enum: ["google", "meta", "apple", "x"] }).notNull(),
    subject: text().notNull(),
    userId: integer().notNull(),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

export const sessions = sqliteTable("sessions", {
  id: text().primaryKey(),
  userId: integer().notNull(),
  impersonatorUserId: integer(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  rotatedAt: text(),
  revokedAt: text(),
  ip: text(),
  userAgent: text(),
});

export const loginTokens = sqliteTable("login_tokens", {
  tokenHash: text().primaryKey(),
  email: text().notNull(),
  redirectUrl: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  usedAt: text(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  provider: text(),
  subject: text(),
});

export const pinRequests = sqliteTable("pin_requests", {
  id: id(),
  phoneNumber: text().notNull(),
  purpose: text({ enum: ["login", "userUpdate", "dealerSignup"] })
    .notNull()
    .default("login"),
  userId: integer(),
  pinHash: text().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  usedAt: text(),
  /** Legacy sign-in (decision 036): sha256 of the nonce in the cookie of the browser that asked for the code. */
  browserHash: text(),
});

export const oauthStates = sqliteTable("oauth_states", {
  state: text().primaryKey(),
  provider: text().notNull(),
  codeVerifier: text().notNull(),
  redirectUrl: text().notNull(),
  emailHint: text(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
  linkUserId: integer().references(() => users.id, { onDelete: "cascade" }),
});

export const pendingIdentityLinks = sqliteTable("pending_identity_links", {
  id: text().primaryKey(),
  provider: text().notNull(),
  subject: text().notNull(),
  identityEmail: text(),
  identityName: text(),
  email: text().notNull(),
  redirectUrl: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
});

export const mergeRequests = sqliteTable("merge_requests", {
  id: id(),
  legacyUserId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  targetUserId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUrl: text().notNull(),
  createdAt: createdAt(),
  expiresAt: text().notNull(),
});

export const rateLimits = sqliteTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: text().notNull(),
  count: integer().notNull(),
});

/** Legacy PIN sign-in backoff (migration 0012, decision 036): key "<phone>|<client>" or "<phone>|*". */
export const pinAttemptBackoff = sqliteTable("pin_attempt_backoff", {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastAttemptAt: integer().notNull(),
  lockedUntil: integer().notNull(),
});
