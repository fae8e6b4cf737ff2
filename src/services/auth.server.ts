import { appConfig } from "~/app.config";
import { consumeLoginToken, findOpenLoginToken, findOrCreateUserByEmail, hitRateLimit, insertLoginToken, insertSessionWhileLoginTokenOpen, markLoginTokenUsed } from "~/db/auth.server";
import type { BatchItem } from "drizzle-orm/batch";
import { batchAll, type Db } from "~/db/client.server";
import { findUserByEmail, findUserById, linkIdentity, mergeStatements, setUserEmail } from "~/db/identities.server";
import { insertSession } from "~/db/users.server";
import { AppError } from "~/domain/errors";
import { safeReturnPath } from "~/domain/return-path";
import { isSocialProviderId } from "~/domain/social";
import { localClient } from "~/lib/client-address";
import { randomToken, sha256Hex } from "~/lib/crypto";
import type { EmailProvider } from "./providers/email.server";

type LinkRequest = {
  email: string;
  redirectUrl?: string | null;
  origin: string;
  /** A signed-in legacy user without e-mail: opening the link gives the account this address. */
  linkUserId?: number | null;
  /** A social identity whose provider supplied no e-mail: opening the link confirms this address for it. */
  identity?: { provider: string; subject: string } | null;
  /** The requester's address (clientIp); absent only after a social provider's round trip. */
  client?: string | null;
};

const tooManyLinks = () => new AppError(429, "Poslali smo že več povezav. Poskusite znova čez nekaj minut.", { code: "TOO_MANY_REQUESTS" });

/**
 * Sign-in e-mail limits (decision 036): one client gets at most a share of an address's budget (so a
 * stranger neither floods the inbox nor uses the owner's budget up from one place), the address at
 * most `signInEmailsPerAddressPerHour` in all, one client at most `signInEmailsPerClientPerHour` over
 * every address. Each is one conditional upsert. A refused request sends nothing and leaves every
 * link already sent usable.
 */
async function withinSignInEmailLimits(db: Db, email: string, client: string | null | undefined, now: Date) {
  const { signInEmailsPerAddressAndClientPer15Min, signInEmailsPerAddressPerHour, signInEmailsPerClientPerHour } = appConfig.limits;
  // A local run is one client (the developer, decision 037): only the address's budget applies there.
  if (client && client !== localClient) {
    if (!(await hitRateLimit(db, `email-link:client:${client}`, signInEmailsPerClientPerHour, 60 * 60_000, now))) return false;
    if (!(await hitRateLimit(db, `email-link:address-client:${email}|${client}`, signInEmailsPerAddressAndClientPer15Min, 15 * 60_000, now))) return false;
  }
  return hitRateLimit(db, `email-link:address:${email}`, signInEmailsPerAddressPerHour, 60 * 60_000, now);
}

/** Sends a single-use sign-in link (token stored hashed, 15 minutes); throttled per address and client. */
export async function requestEmailLink(db: Db, mail: EmailProvider, input: LinkRequest, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  if (!(await withinSignInEmailLimits(db, email, input.client, now))) throw tooManyLinks();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + appConfig.loginLink.expiryMinutes * 60_000).toISOString();
  const returnPath = safeReturnPath(input.redirectUrl);
  await insertLoginToken(db, {
    tokenHash: await sha256Hex(token),
    email,
    redirectUrl: returnPath,
    expiresAt,
    userId: input.linkUserId ?? null,
    provider: input.identity?.provider ?? null,
    subject: input.identity?.subject ?? null,
  });
  const link = input.identity
    ? `${input.origin}/internal-api/v1/social/login/${input.identity.provider}/confirm?token=${encodeURIComponent(token)}`
    : `${input.origin}/internal-api/v1/login/email/verify?token=${encodeURIComponent(token)}`;
  const minutes = appConfig.loginLink.expiryMinutes;
  await mail.send({
    to: email,
    subject: input.identity ? "Potrdite e-poštni naslov za Avtotrg" : "Prijava v Avtotrg",
    text: input.identity
      ? `Pozdravljeni!\n\nZa prijavo v Avtotrg potrdite ta e-poštni naslov z odprtjem povezave (velja ${minutes} minut in jo lahko uporabite enkrat):\n${link}\n\nČe se niste želeli prijaviti, to sporočilo preprosto prezrite.\n\nEkipa Avtotrg`
      : `Pozdravljeni!\n\nZa prijavo v Avtotrg odprite to povezavo (velja ${minutes} minut in jo lahko uporabite enkrat):\n${link}\n\nPo prijavi se vrnete na ${input.origin}${returnPath}\n\nČe se niste želeli prijaviti, to sporočilo preprosto prezrite.\n\nEkipa Avtotrg`,
    link,
  });
}

/** A new session's token (for the cookie) and row (only its hash goes to D1). */
async function newSession(userId: number, now: Date, impersonatorUserId: number | null = null) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + appConfig.session.lifetimeDays * 86_400_000).toISOString();
  return { token, expiresAt, row: { id: await sha256Hex(token), userId, expiresAt, impersonatorUserId } };
}

/**
 * A new session for a user: the token goes to the cookie, only its hash to D1. `writes`, the sign-in's
 * own changes (an account merged, an identity linked), go in the same D1 batch: all of it or nothing.
 */
export async function startSession(db: Db, userId: number, now = new Date(), impersonatorUserId: number | null = null, writes: BatchItem<"sqlite">[] = []) {
  const { token, expiresAt, row } = await newSession(userId, now, impersonatorUserId);
  await batchAll(db, [...writes, insertSession(db, row)]);
  return { token, expiresAt };
}

/**
 * The account an address signs in to, and the writes that make it so (for the caller's batch). With
 * `linkUserId` (a legacy phone account moving to e-mail) the address is given to that account, or, when
 * another account already has it, the legacy account is merged into that one (which then shows the
 * merge notice). Otherwise the account with the address, created when new (that insert is not deferred).
 */
export async function planAccountForVerifiedEmail(db: Db, email: string, linkUserId: number | null, now: Date): Promise<AccountPlan> {
  const legacy = linkUserId ? await findUserById(db, linkUserId) : null;
  if (legacy && !legacy.disabled && !legacy.email) {
    const owner = await findUserByEmail(db, email);
    if (!owner) return { id: legacy.id, disabled: false, writes: [setUserEmail(db, legacy.id, email)] };
    return planMerge(db, legacy.id, owner, now);
  }
  const user = await findOrCreateUserByEmail(db, email, now);
  return { id: user.id, disabled: user.disabled, writes: [] };
}

/** The account to sign in to, whether it may, and the writes that make it so (for the caller's batch). */
export type AccountPlan = { id: number; disabled: boolean; writes: BatchItem<"sqlite">[] };

/**
 * A legacy account merged into `target`. Never into a disabled account: its owner cannot sign in, and
 * the legacy account's postings and favourites would vanish with it; the legacy account stays as it is.
 */
export async function planMerge(db: Db, legacyId: number, target: { id: number; disabled: boolean }, now: Date): Promise<AccountPlan> {
  if (target.disabled) return { id: target.id, disabled: true, writes: [] };
  // An account is never merged into itself (that would disable it).
  if (target.id === legacyId) return { id: target.id, disabled: false, writes: [] };
  return { id: target.id, disabled: false, writes: await mergeStatements(db, legacyId, target.id, now) };
}

/**
 * Opens a sign-in link: where to go next, and the new session when the link was good. The link is
 * used up in the same D1 batch as everything it does (the address given to a legacy account or that
 * account merged, the identity linked, the session), so a failure leaves the link usable and nothing
 * half done; the session's insert leads the batch and only succeeds while the link is unused, so a
 * concurrent second use writes nothing.
 */
export async function verifyEmailLink(db: Db, token: string, now = new Date(), kind: "login" | "identity" = "login") {
  const tokenHash = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await sha256Hex(token) : null;
  const link = tokenHash ? await findOpenLoginToken(db, tokenHash, now) : null;
  if (!tokenHash || !link) return { ok: false as const, redirectUrl: undefined };
  if ((kind === "identity") !== Boolean(link.provider)) {
    // A link opened at the wrong endpoint is used up all the same.
    await consumeLoginToken(db, tokenHash, now);
    return { ok: false as const, redirectUrl: link.redirectUrl };
  }
  const user = await planAccountForVerifiedEmail(db, link.email, link.userId, now);
  if (user.disabled) {
    // No sign-in and nothing merged into the disabled account; the link is used up.
    await markLoginTokenUsed(db, tokenHash, now);
    return { ok: false as const, redirectUrl: link.redirectUrl };
  }
  const identity = link.provider && link.subject && isSocialProviderId(link.provider) ? { provider: link.provider, subject: link.subject } : null;
  const session = await newSession(user.id, now);
  try {
    await db.batch([
      insertSessionWhileLoginTokenOpen(db, tokenHash, session.row, now),
      markLoginTokenUsed(db, tokenHash, now),
      ...user.writes,
      ...(identity ? [linkIdentity(db, { ...identity, userId: user.id, email: link.email })] : []),
    ]);
  } catch (error) {
    // The link was used (or expired) meanwhile: refused like any used link. Otherwise D1 failed: a 500, and the link still works.
    if (!(await findOpenLoginToken(db, tokenHash, now))) return { ok: false as const, redirectUrl: undefined };
    throw error;
  }
  return { ok: true as const, redirectUrl: link.redirectUrl, session: { token: session.token, expiresAt: session.expiresAt } };
}
