import { appConfig } from "~/app.config";
import { consumeLoginToken, findOrCreateUserByEmail, hitRateLimit, insertLoginToken } from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import { insertSession } from "~/db/users.server";
import { AppError } from "~/domain/errors";
import { safeReturnPath } from "~/domain/return-path";
import { randomToken, sha256Hex } from "~/lib/crypto";
import type { EmailProvider } from "./providers/email.server";

/** Sends a single-use sign-in link (token stored hashed, 15 minutes); throttled per address. */
export async function requestEmailLink(db: Db, mail: EmailProvider, input: { email: string; redirectUrl?: string | null; origin: string }, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  if (!(await hitRateLimit(db, `email-link:${email}`, 5, 15 * 60_000, now))) {
    throw new AppError(429, "Poslali smo že več povezav. Poskusite znova čez nekaj minut.", { code: "TOO_MANY_REQUESTS" });
  }
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + appConfig.loginLink.expiryMinutes * 60_000).toISOString();
  const returnPath = safeReturnPath(input.redirectUrl);
  await insertLoginToken(db, { tokenHash: await sha256Hex(token), email, redirectUrl: returnPath, expiresAt });
  const link = `${input.origin}/internal-api/v1/login/email/verify?token=${encodeURIComponent(token)}`;
  await mail.send({
    to: email,
    subject: "Prijava v Avtotrg",
    text: `Pozdravljeni!\n\nZa prijavo v Avtotrg odprite to povezavo (velja ${appConfig.loginLink.expiryMinutes} minut in jo lahko uporabite enkrat):\n${link}\n\nPo prijavi se vrnete na ${input.origin}${returnPath}\n\nČe se niste želeli prijaviti, to sporočilo preprosto prezrite.\n\nEkipa Avtotrg`,
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

/** Opens a sign-in link: where to go next, and the new session when the link was good. */
export async function verifyEmailLink(db: Db, token: string, now = new Date()) {
  const used = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await consumeLoginToken(db, await sha256Hex(token), now) : null;
  if (!used) return { ok: false as const };
  const user = await findOrCreateUserByEmail(db, used.email, now);
  if (user.disabled) return { ok: false as const, redirectUrl: used.redirectUrl };
  const session = await startSession(db, user.id, now);
  return { ok: true as const, redirectUrl: used.redirectUrl, session };
}
