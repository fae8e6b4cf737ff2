import { appConfig } from "~/app.config";
import { consumeLoginToken, findOrCreateUserByEmail, hitRateLimit, insertLoginToken } from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import { findUserByEmail, findUserById, linkIdentity, mergeUsers, setUserEmail } from "~/db/identities.server";
import { insertSession } from "~/db/users.server";
import { AppError } from "~/domain/errors";
import { safeReturnPath } from "~/domain/return-path";
import { isSocialProviderId } from "~/domain/social";
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
};

/** Sends a single-use sign-in link (token stored hashed, 15 minutes); throttled per address. */
export async function requestEmailLink(db: Db, mail: EmailProvider, input: LinkRequest, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  if (!(await hitRateLimit(db, `email-link:${email}`, 5, 15 * 60_000, now))) {
    throw new AppError(429, "Poslali smo že več povezav. Poskusite znova čez nekaj minut.", { code: "TOO_MANY_REQUESTS" });
  }
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

/** A new session for a user: the token goes to the cookie, only its hash to D1. */
export async function startSession(db: Db, userId: number, now = new Date(), impersonatorUserId: number | null = null) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + appConfig.session.lifetimeDays * 86_400_000).toISOString();
  await insertSession(db, { id: await sha256Hex(token), userId, expiresAt, impersonatorUserId });
  return { token, expiresAt };
}

/**
 * The account an address signs in to. With `linkUserId` (a legacy phone account moving to e-mail) the
 * address is given to that account, or, when another account already has it, the legacy account is
 * merged into that one (which then shows the merge notice).
 */
export async function accountForVerifiedEmail(db: Db, email: string, linkUserId: number | null, now = new Date()) {
  const legacy = linkUserId ? await findUserById(db, linkUserId) : null;
  if (legacy && !legacy.disabled && !legacy.email) {
    const owner = await findUserByEmail(db, email);
    if (!owner) {
      await setUserEmail(db, legacy.id, email);
      return { id: legacy.id, disabled: false };
    }
    await mergeUsers(db, legacy.id, owner.id, now);
    return { id: owner.id, disabled: owner.disabled };
  }
  return findOrCreateUserByEmail(db, email, now);
}

/** Opens a sign-in link: where to go next, and the new session when the link was good. */
export async function verifyEmailLink(db: Db, token: string, now = new Date(), kind: "login" | "identity" = "login") {
  const used = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await consumeLoginToken(db, await sha256Hex(token), now) : null;
  if (!used || (kind === "identity") !== Boolean(used.provider)) return { ok: false as const, redirectUrl: used?.redirectUrl };
  const user = await accountForVerifiedEmail(db, used.email, used.userId, now);
  if (user.disabled) return { ok: false as const, redirectUrl: used.redirectUrl };
  if (used.provider && used.subject && isSocialProviderId(used.provider)) {
    await linkIdentity(db, { provider: used.provider, subject: used.subject, userId: user.id, email: used.email });
  }
  const session = await startSession(db, user.id, now);
  return { ok: true as const, redirectUrl: used.redirectUrl, session };
}
