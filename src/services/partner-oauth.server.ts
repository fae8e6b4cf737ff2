import type { SessionUser } from "~/domain/session";
import { appConfig } from "~/app.config";
import { hitRateLimit } from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import {
  claimAuthorizationCode,
  closeConsentSession,
  findAuthorizationCode,
  findConsentSession,
  findDealershipName,
  findPartnerByCode,
  findTokenUser,
  insertAccessToken,
  insertAuthorizationCode,
  insertConsentSession,
  listLiveDealershipTokens,
  revokeDealershipPartnerTokens,
  revokeTokensOfCode,
} from "~/db/partner-oauth.server";
import { AppError, badRequest, conflict, forbidden, gone, notFound } from "~/domain/errors";
import {
  consentExpiredMessage,
  type ConsentResult,
  type ConsentSessionView,
  isRegisteredRedirect,
  type PartnerGrant,
  partnerPermissions,
  pkceChallengeS256,
  redirectWith,
  timingSafeEqual,
} from "~/domain/partner-oauth";
import { isRegistered } from "~/domain/user";
import type { StartConsentQuery, TokenRequest } from "~/contracts/partner-oauth";
import { randomToken, sha256Hex } from "~/lib/crypto";

const cfg = appConfig.partnerOauth;
const minutes = (n: number) => n * 60_000;

export const businessOnlyMessage =
  "Soglasje lahko da le poslovni uporabnik (član trgovca). Registrirajte poslovno enoto.";

/** OAuth 2 error (RFC 6749 §5.2): the code goes out as `error`, the message as `error_description`. */
export class OAuthError extends AppError {
  constructor(
    status: number,
    error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type",
    message: string,
  ) {
    super(status, message, { code: error });
  }
}

/**
 * `GET oauth2/{partnerCode}`: checks the partner and its exact redirect URL, opens a 10-minute
 * consent session and answers where the browser goes: login, registration or the allow screen.
 */
export async function startConsent(
  db: Db,
  partnerCode: string,
  query: StartConsentQuery,
  user: SessionUser | null,
  ip: string,
  now = new Date(),
): Promise<string> {
  const partner = await findPartnerByCode(db, partnerCode);
  if (!partner) throw notFound("Partnerska aplikacija ne obstaja.");
  // Never redirect anywhere unregistered: the error stays on our side (RFC 6749 §4.1.2.1).
  if (!isRegisteredRedirect(partner.redirectUris, query.redirectUrl))
    throw badRequest("Naslov za preusmeritev ni registriran za to aplikacijo.");
  // Anyone may open a consent screen, and each is a row until it expires: not without bound.
  if (!(await hitRateLimit(db, `oauth-consent:${ip}`, appConfig.limits.consentStartsPerIpPer10Min, 10 * 60_000, now))) {
    throw new AppError(429, "Preveč zahtev za soglasje. Poskusite znova čez nekaj minut.", {
      code: "TOO_MANY_REQUESTS",
    });
  }
  const id = randomToken();
  await insertConsentSession(db, {
    id,
    partnerId: partner.id,
    redirectUrl: query.redirectUrl,
    state: query.state ?? null,
    codeChallenge: query.code_challenge,
    codeChallengeMethod: query.code_challenge_method,
    userId: user?.id ?? null,
    expiresAt: new Date(now.getTime() + minutes(cfg.consentSessionMinutes)).toISOString(),
  });
  const screen = !user ? "login" : isRegistered(user) ? "allow" : "register";
  return `/oauth/${screen}?session=${encodeURIComponent(id)}`;
}

/** A session that can still be shown or finished: 404 unknown, 410 (spec's expiry text) when expired, denied or cancelled. */
async function liveSession(db: Db, id: string, now: Date) {
  const session = await findConsentSession(db, id);
  if (!session) throw notFound("Zahteva za soglasje ne obstaja.");
  if (session.status === "PENDING" && session.expiresAt <= now.toISOString()) {
    await closeConsentSession(db, id, "EXPIRED", null);
    throw gone(consentExpiredMessage);
  }
  if (session.status !== "PENDING" && session.status !== "ALLOWED") throw gone(consentExpiredMessage);
  return session;
}

/** `GET oauth2-session/{id}`: partner, permissions, expiry and whether this user may grant. */
export async function getConsentSession(
  db: Db,
  id: string,
  user: SessionUser | null,
  now = new Date(),
): Promise<ConsentSessionView> {
  const session = await liveSession(db, id, now);
  const dealershipName = user?.dealershipId ? await findDealershipName(db, user.dealershipId) : null;
  return {
    sessionId: session.id,
    status: session.status === "ALLOWED" ? "ALLOWED" : "PENDING",
    partner: { code: session.partnerCode, name: session.partnerName },
    permissions: [...partnerPermissions],
    expiresAt: session.expiresAt,
    signedIn: user !== null,
    canGrant: Boolean(user?.dealershipId),
    dealershipName,
  };
}

/**
 * `POST oauth2-session/{id}`: a dealership member allows; issues a single-use 5-minute code
 * (stored hashed) and answers the partner's redirect URL with `code` and `state`.
 */
export async function finishConsent(db: Db, id: string, user: SessionUser, now = new Date()): Promise<ConsentResult> {
  const session = await liveSession(db, id, now);
  if (!user.dealershipId) throw forbidden(businessOnlyMessage);
  if (session.status !== "PENDING" || !(await closeConsentSession(db, id, "ALLOWED", user.id)))
    throw conflict("Ta zahteva za soglasje je že zaključena.");
  const code = randomToken();
  await insertAuthorizationCode(db, {
    codeHash: await sha256Hex(code),
    sessionId: id,
    partnerId: session.partnerId,
    userId: user.id,
    dealershipId: user.dealershipId,
    redirectUri: session.redirectUrl,
    codeChallenge: session.codeChallenge,
    expiresAt: new Date(now.getTime() + minutes(cfg.codeMinutes)).toISOString(),
  });
  return { redirectUrl: redirectWith(session.redirectUrl, { code, state: session.state }) };
}

/** `DELETE oauth2-session/{id}`: deny or cancel; answers the partner's redirect URL with `error=access_denied`. */
export async function cancelConsent(
  db: Db,
  id: string,
  user: SessionUser | null,
  now = new Date(),
): Promise<ConsentResult> {
  const session = await liveSession(db, id, now);
  if (session.status !== "PENDING" || !(await closeConsentSession(db, id, "DENIED", user?.id ?? null)))
    throw conflict("Ta zahteva za soglasje je že zaključena.");
  return { redirectUrl: redirectWith(session.redirectUrl, { error: "access_denied", state: session.state }) };
}

export type TokenResponse = { access_token: string; token_type: "Bearer"; expires_in: number; scope: string };

/**
 * `POST oauth2`: the partner claims its code. Client secret (hash), single use (a replay revokes
 * what the code produced), expiry, exact redirect URI and the PKCE S256 verifier are all checked.
 */
export async function claimAccessToken(db: Db, input: TokenRequest, now = new Date()): Promise<TokenResponse> {
  const partner = await findPartnerByCode(db, input.client_id);
  if (!partner || !timingSafeEqual(await sha256Hex(input.client_secret), partner.clientSecretHash)) {
    throw new OAuthError(401, "invalid_client", "Neveljavna identiteta partnerske aplikacije.");
  }
  const invalidGrant = () =>
    new OAuthError(400, "invalid_grant", "Koda za avtorizacijo ni veljavna, je potekla ali je že bila uporabljena.");
  const codeHash = await sha256Hex(input.code);
  const code = await findAuthorizationCode(db, codeHash);
  if (!code || code.partnerId !== partner.id) throw invalidGrant();
  // Claimed before any other check: a code gets exactly one attempt, right or wrong.
  if (!(await claimAuthorizationCode(db, codeHash, now))) {
    await revokeTokensOfCode(db, codeHash, now);
    throw invalidGrant();
  }
  if (code.expiresAt <= now.toISOString() || code.redirectUri !== input.redirect_uri) throw invalidGrant();
  if (!code.codeChallenge || !timingSafeEqual(await pkceChallengeS256(input.code_verifier), code.codeChallenge))
    throw invalidGrant();
  const token = randomToken();
  const lifetimeMs = cfg.accessTokenDays * 86_400_000;
  await insertAccessToken(db, {
    tokenHash: await sha256Hex(token),
    partnerId: partner.id,
    userId: code.userId,
    dealershipId: code.dealershipId,
    scope: cfg.scope,
    expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
    codeHash,
  });
  return { access_token: token, token_type: "Bearer", expires_in: lifetimeMs / 1000, scope: cfg.scope };
}

/**
 * The granting user behind a partner's Bearer token, or null. Staff powers (admin, editor) are
 * never lent to a partner: it acts only as a member of the dealership.
 */
export async function authenticatePartnerToken(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const found = await findTokenUser(db, await sha256Hex(token), now);
  if (!found || found.scope !== cfg.scope) return null;
  return { ...found.user, amzsAdmin: false, amzsPostingEditor: false };
}

function requireMember(user: SessionUser): number {
  if (!user.dealershipId) throw forbidden("Partnerske aplikacije upravljajo le člani trgovca.");
  return user.dealershipId;
}

/** `GET dealer/partner-grants`: partners with live access to the member's dealership, one row per partner. */
export async function listPartnerGrants(db: Db, user: SessionUser, now = new Date()): Promise<PartnerGrant[]> {
  const rows = await listLiveDealershipTokens(db, requireMember(user), now);
  const byPartner = new Map<string, PartnerGrant>();
  for (const r of rows) {
    if (byPartner.has(r.partnerCode)) continue; // newest first: the latest grant speaks for the partner
    const grantedBy = [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || "";
    byPartner.set(r.partnerCode, {
      partnerCode: r.partnerCode,
      partnerName: r.partnerName,
      grantedAt: r.createdAt,
      expiresAt: r.expiresAt,
      grantedBy,
    });
  }
  return [...byPartner.values()];
}

/** `DELETE dealer/partner-grants/{partnerCode}`: any member revokes a partner's access to the dealership. */
export async function revokePartnerGrant(
  db: Db,
  user: SessionUser,
  partnerCode: string,
  now = new Date(),
): Promise<void> {
  const dealershipId = requireMember(user);
  const partner = await findPartnerByCode(db, partnerCode);
  if (!partner || (await revokeDealershipPartnerTokens(db, dealershipId, partner.id, now)) === 0)
    throw notFound("Ta aplikacija nima dostopa do vaših oglasov.");
}
