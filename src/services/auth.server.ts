import { appConfig } from "~/app.config";
import { minuteForms, plural } from "~/domain/plural";
import {
  consumeLoginToken,
  findLoginTokenReturnPath,
  findOpenLoginToken,
  findOrCreateUserByEmail,
  hitRateLimit,
  insertLoginToken,
  insertSessionWhileLoginTokenOpen,
  markLoginTokenUsed,
} from "~/db/auth.server";
import type { BatchItem } from "drizzle-orm/batch";
import { batchAll } from "~/db/batch.server";
import type { Db } from "~/db/client.server";
import {
  findUserByEmail,
  findUserById,
  insertMergeRequest,
  mergeStatements,
  setUserEmail,
  takeMergeRequest,
} from "~/db/identities.server";
import { insertSession } from "~/db/users.server";
import { AppError } from "~/domain/errors";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { localClient } from "~/lib/client-address";
import { randomToken, sha256Hex } from "~/lib/crypto";
import type { EmailProvider } from "./providers/email.server";

type LinkRequest = {
  email: string;
  redirectUrl?: string | null;
  origin: string;
  /** A signed-in legacy user without e-mail: opening the link gives the account this address (or asks to merge). */
  linkUserId?: number | null;
  /** The requester's address (clientIp); absent only after a social provider's round trip. */
  client?: string | null;
};

/** The page an e-mail link opens: it names the address and signs in only by a same-origin POST (decision 030). */
export const linkConfirmPath = "/prijava/potrditev";

const tooManyLinks = () =>
  new AppError(429, "Poslali smo že več povezav. Poskusite znova čez nekaj minut.", { code: "TOO_MANY_REQUESTS" });
const linksStillValid = () =>
  new AppError(
    429,
    "Na ta naslov smo v zadnjih minutah že poslali več povezav za prijavo, ki še veljajo. Uporabite zadnjo prejeto povezavo ali poskusite znova čez nekaj minut.",
    {
      code: "TOO_MANY_REQUESTS",
    },
  );

/**
 * Sign-in e-mail limits (decision 036), each one conditional upsert, the per-client ones first so a
 * refused stranger spends nothing of the address's budget:
 * - one client: `signInEmailsPerAddressAndClientPer15Min` links to one address, `signInEmailsPerClientPerHour` over all;
 * - one address: `signInEmailsPerAddressPerLinkLifetime` ordinary links per window of a link's lifetime
 *   (windows aligned to the clock). So whenever the address's budget refuses a request, every link
 *   counted in that window is younger than a link's lifetime, unused and in the owner's inbox: a
 *   stranger can neither flood the inbox (a few links per window) nor keep the owner from signing in.
 *   Links that move a legacy account (usable only in that account's browser) have a budget of their own,
 *   so they cannot fill the address's budget with links the owner could not use.
 */
async function withinSignInEmailLimits(
  db: Db,
  email: string,
  client: string | null | undefined,
  movesLegacyAccount: boolean,
  now: Date,
) {
  const {
    signInEmailsPerAddressAndClientPer15Min,
    signInEmailsPerAddressPerLinkLifetime,
    signInEmailsPerClientPerHour,
  } = appConfig.limits;
  // A local run is one client (the developer, decision 037): only the address's budget applies there.
  if (client && client !== localClient) {
    if (!(await hitRateLimit(db, `email-link:client:${client}`, signInEmailsPerClientPerHour, 60 * 60_000, now)))
      throw tooManyLinks();
    if (
      !(await hitRateLimit(
        db,
        `email-link:address-client:${email}|${client}`,
        signInEmailsPerAddressAndClientPer15Min,
        15 * 60_000,
        now,
      ))
    )
      throw tooManyLinks();
  }
  const key = `email-link:${movesLegacyAccount ? "address-legacy" : "address"}:${email}`;
  if (
    !(await hitRateLimit(
      db,
      key,
      signInEmailsPerAddressPerLinkLifetime,
      appConfig.loginLink.expiryMinutes * 60_000,
      now,
    ))
  )
    throw movesLegacyAccount ? tooManyLinks() : linksStillValid();
}

/** Sends a single-use sign-in link (token stored hashed, 15 minutes); throttled per address and client. */
export async function requestEmailLink(db: Db, mail: EmailProvider, input: LinkRequest, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  await withinSignInEmailLimits(db, email, input.client, Boolean(input.linkUserId), now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + appConfig.loginLink.expiryMinutes * 60_000).toISOString();
  const returnPath = safeReturnPath(input.redirectUrl);
  await insertLoginToken(db, {
    tokenHash: await sha256Hex(token),
    email,
    redirectUrl: returnPath,
    expiresAt,
    userId: input.linkUserId ?? null,
  });
  const link = `${input.origin}${linkConfirmPath}?token=${encodeURIComponent(token)}`;
  const minutes = appConfig.loginLink.expiryMinutes;
  await mail.send({
    to: email,
    subject: "Prijava v Avtotrg",
    text: `Pozdravljeni!\n\nZa prijavo v Avtotrg odprite to povezavo (velja ${plural(minutes, minuteForms)} in jo lahko uporabite enkrat):\n${link}\n\nNa strani, ki se odpre, potrdite prijavo z gumbom »Nadaljuj kot ${email}«. Po prijavi se vrnete na ${input.origin}${returnPath}\n\nČe se niste želeli prijaviti, to sporočilo preprosto prezrite.\n\nEkipa Avtotrg`,
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
export async function startSession(
  db: Db,
  userId: number,
  now = new Date(),
  impersonatorUserId: number | null = null,
  writes: BatchItem<"sqlite">[] = [],
) {
  const { token, expiresAt, row } = await newSession(userId, now, impersonatorUserId);
  await batchAll(db, [...writes, insertSession(db, row)]);
  return { token, expiresAt };
}

/**
 * The account an address signs in to, and the writes that make it so (for the caller's batch). With
 * `legacy` (a legacy phone account moving to e-mail) the address is given to that account, or, when
 * another account already has it, that account signs in and a merge request waits for its owner's
 * consent (nothing moves yet). Otherwise the account with the address, created when new (that
 * insert is not deferred).
 */
export async function planAccountForVerifiedEmail(
  db: Db,
  email: string,
  legacy: { id: number; redirectUrl: string } | null,
  now: Date,
): Promise<AccountPlan> {
  const legacyUser = legacy ? await findUserById(db, legacy.id) : null;
  if (legacy && legacyUser && !legacyUser.disabled && !legacyUser.email) {
    const owner = await findUserByEmail(db, email);
    if (!owner)
      return {
        id: legacyUser.id,
        disabled: false,
        writes: [setUserEmail(db, legacyUser.id, email)],
        mergeRequested: false,
      };
    return planMergeRequest(db, legacyUser.id, owner, legacy.redirectUrl, now);
  }
  const user = await findOrCreateUserByEmail(db, email, now);
  return { id: user.id, disabled: user.disabled, writes: [], mergeRequested: false };
}

/** The account to sign in to, whether it may, the writes that make it so (for the caller's batch), and whether a merge now waits for consent. */
export type AccountPlan = { id: number; disabled: boolean; writes: BatchItem<"sqlite">[]; mergeRequested: boolean };

const mergeRequestMinutes = 60;

/** The merge consent page (decision 032), returning to `redirectUrl` afterwards. */
export const mergeConsentPage = (redirectUrl: string) => withParam("/zdruzitev-racunov", "redirectUrl", redirectUrl);

/**
 * `target` signs in, and a request to merge the legacy account into it waits for its owner's consent.
 * Never into a disabled account (its owner cannot sign in); never an account into itself.
 */
export function planMergeRequest(
  db: Db,
  legacyId: number,
  target: { id: number; disabled: boolean },
  redirectUrl: string,
  now: Date,
): AccountPlan {
  if (target.disabled) return { id: target.id, disabled: true, writes: [], mergeRequested: false };
  if (target.id === legacyId) return { id: target.id, disabled: false, writes: [], mergeRequested: false };
  const expiresAt = new Date(now.getTime() + mergeRequestMinutes * 60_000).toISOString();
  return {
    id: target.id,
    disabled: false,
    writes: [insertMergeRequest(db, { legacyUserId: legacyId, targetUserId: target.id, redirectUrl, expiresAt })],
    mergeRequested: true,
  };
}

/**
 * The signed-in target's owner agrees: the legacy account is merged into theirs, once (the request is
 * taken by one DELETE … RETURNING, so a second confirmation finds nothing). The phone moves only when
 * they chose it, unverified. 404 when there is no such request, 409 when the legacy account moved meanwhile.
 */
export async function confirmMerge(
  db: Db,
  targetUserId: number,
  input: { id: number; takePhone: boolean },
  now = new Date(),
) {
  const request = await takeMergeRequest(db, input.id, targetUserId, now);
  if (!request)
    throw new AppError(
      404,
      "Zahteve za združitev računov ni več. Prijavite se znova s telefonsko številko in izberite e-poštni naslov.",
      { code: "NOT_FOUND" },
    );
  const legacy = await findUserById(db, request.legacyUserId);
  if (!legacy || legacy.email || legacy.disabled)
    throw new AppError(409, "Račun s telefonsko številko je bil medtem že prenesen.", { code: "CONFLICT" });
  try {
    await batchAll(db, await mergeStatements(db, legacy.id, targetUserId, now, { takePhone: input.takePhone }));
  } catch (error) {
    // Nothing of the batch was written: the request waits again, so the owner can simply retry.
    await insertMergeRequest(db, {
      legacyUserId: request.legacyUserId,
      targetUserId,
      redirectUrl: request.redirectUrl,
      expiresAt: request.expiresAt,
    }).catch(() => undefined);
    throw error;
  }
  return { redirectUrl: request.redirectUrl };
}

/** What an unused, unexpired link signs in as (it stays usable): the confirmation page names it. */
export async function peekEmailLink(db: Db, token: string, now = new Date()) {
  const tokenHash = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await sha256Hex(token) : null;
  const link = tokenHash ? await findOpenLoginToken(db, tokenHash, now) : null;
  // Links issued before decision 030 that carried a social identity are no longer honoured.
  if (!link || link.provider) return null;
  return { email: link.email, movesLegacyAccount: link.userId !== null };
}

/**
 * Where a sign-in link that can no longer be used (expired or used) was asked for: the confirmation
 * page sends its holder back there with success=false, so that page's login says the link expired and
 * asks for a new one (issue 20). Null for an unknown token or one that is still usable.
 */
export async function spentEmailLinkReturnPath(db: Db, token: string, now = new Date()) {
  const tokenHash = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await sha256Hex(token) : null;
  if (!tokenHash || (await findOpenLoginToken(db, tokenHash, now))) return null;
  const redirectUrl = await findLoginTokenReturnPath(db, tokenHash);
  return redirectUrl === null ? null : safeReturnPath(redirectUrl);
}

/**
 * Opens a sign-in link (only by the confirmation page's same-origin POST): where to go next, and the
 * new session when the link was good. The link is used up in the same D1 batch as everything it does
 * (the address given to a legacy account or a merge request, the session), so a failure leaves the
 * link usable and nothing half done; the session's insert leads the batch and only succeeds while the
 * link is unused, so a concurrent second use writes nothing.
 */
export async function verifyEmailLink(db: Db, token: string, now = new Date(), signedInUserId: number | null = null) {
  const tokenHash = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await sha256Hex(token) : null;
  const link = tokenHash ? await findOpenLoginToken(db, tokenHash, now) : null;
  if (!tokenHash || !link) return { ok: false as const, redirectUrl: undefined };
  // A link that moves a legacy phone account to this address works only in the browser signed in to that
  // account, where it was asked for: otherwise a stranger's legacy account could ask for a link to the
  // victim's new address and have the victim sign in to (and give the address to) the stranger's account.
  // The link stays usable for the right browser.
  if (link.userId !== null && link.userId !== signedInUserId)
    return { ok: false as const, redirectUrl: link.redirectUrl, otherBrowser: true };
  if (link.provider) {
    // A link that would link a social identity by a click in an e-mail (before decision 031): used up, no sign-in.
    await consumeLoginToken(db, tokenHash, now);
    return { ok: false as const, redirectUrl: link.redirectUrl };
  }
  const user = await planAccountForVerifiedEmail(
    db,
    link.email,
    link.userId ? { id: link.userId, redirectUrl: link.redirectUrl } : null,
    now,
  );
  if (user.disabled) {
    // No sign-in and nothing asked of the disabled account; the link is used up.
    await markLoginTokenUsed(db, tokenHash, now);
    return { ok: false as const, redirectUrl: link.redirectUrl };
  }
  const session = await newSession(user.id, now);
  try {
    await db.batch([
      insertSessionWhileLoginTokenOpen(db, tokenHash, session.row, now),
      markLoginTokenUsed(db, tokenHash, now),
      ...user.writes,
    ]);
  } catch (error) {
    // The link was used (or expired) meanwhile: refused like any used link. Otherwise D1 failed: a 500, and the link still works.
    if (!(await findOpenLoginToken(db, tokenHash, now))) return { ok: false as const, redirectUrl: undefined };
    throw error;
  }
  const location = user.mergeRequested
    ? mergeConsentPage(link.redirectUrl)
    : withParam(safeReturnPath(link.redirectUrl), "success", "true");
  return {
    ok: true as const,
    redirectUrl: link.redirectUrl,
    location,
    session: { token: session.token, expiresAt: session.expiresAt },
  };
}
