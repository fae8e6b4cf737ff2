import * as arctic from "arctic";
import type { Db } from "~/db/client.server";
import {
  deletePendingLink,
  findIdentityUser,
  findPendingLink,
  findUserByEmail,
  findUserById,
  insertOAuthState,
  insertPendingLink,
  linkIdentity,
  linkIdentityIfFree,
  takeOAuthState,
  takePendingLink,
} from "~/db/identities.server";
import { AppError } from "~/domain/errors";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { isSocialProviderId, type SocialProviderId } from "~/domain/social";
import { randomToken, sha256Hex } from "~/lib/crypto";
import {
  type AccountPlan,
  mergeConsentPage,
  planAccountForVerifiedEmail,
  planMergeRequest,
  requestEmailLink,
  startSession,
} from "./auth.server";
import type { EmailProvider } from "./providers/email.server";
import type { SocialProvider } from "./providers/social.server";

const stateLifetimeMs = 10 * 60_000;

/** Step 1: a state and PKCE verifier stored for 10 minutes; the browser goes to the provider. */
export async function startSocialLogin(
  db: Db,
  provider: SocialProvider,
  input: {
    redirectUrl?: string | null;
    email?: string | null;
    signedInUser?: { id: number; email: string | null } | null;
  },
  now = new Date(),
) {
  const state = arctic.generateState();
  const codeVerifier = arctic.generateCodeVerifier();
  const emailHint = input.email?.trim().toLowerCase() || null;
  await insertOAuthState(db, {
    state,
    provider: provider.id,
    codeVerifier,
    redirectUrl: safeReturnPath(input.redirectUrl),
    emailHint,
    expiresAt: new Date(now.getTime() + stateLifetimeMs).toISOString(),
    // A signed-in legacy account (no e-mail yet) gets this identity: that is its migration.
    linkUserId: input.signedInUser && !input.signedInUser.email ? input.signedInUser.id : null,
  });
  return { state, url: (await provider.authorizationUrl({ state, codeVerifier, emailHint })).toString() };
}

export type SocialOutcome =
  | { kind: "signedIn"; location: string; session: { token: string; expiresAt: string } }
  | { kind: "redirect"; location: string; pendingLinkToken?: string };

const pendingLinkMinutes = 30;

/** The screen where the signed-in owner confirms a pending identity link (decision 031). */
export const linkConfirmPage = (provider: SocialProviderId, redirectUrl: string) =>
  withParam(`/povezava-racuna/${provider}`, "redirectUrl", redirectUrl);

const loginPage = (redirectUrl: string, params: Record<string, string>) => {
  let path = withParam("/relogin", "redirectUrl", redirectUrl);
  for (const [k, v] of Object.entries(params)) path = withParam(path, k, v);
  return path;
};

/**
 * Step 2, the provider's callback: the state must be the one this browser started with (cookie) and
 * still unused; the code is exchanged with the PKCE verifier. Then the identity signs in to its
 * linked account, or to the account with its verified e-mail (linking it), or a new account. A
 * provider without e-mail needs the address confirmed by a link, or the page says it supplied none.
 */
export async function completeSocialLogin(
  db: Db,
  provider: SocialProvider,
  mail: EmailProvider,
  input: {
    code: string | null;
    state: string | null;
    browserState: string | null;
    appleUser?: string | null;
    origin: string;
    /** The account this browser is signed in to now, if any (not an impersonation). */
    signedInUser?: { id: number; email: string | null } | null;
    /** The browser's client address (clientIp): the sign-in e-mail it may cause counts against it too. */
    client?: string | null;
  },
  now = new Date(),
): Promise<SocialOutcome> {
  const stored = input.state ? await takeOAuthState(db, input.state, provider.id, now) : null;
  if (!stored || !input.code || input.browserState !== input.state)
    return { kind: "redirect", location: withParam(stored?.redirectUrl ?? "/", "success", "false") };
  const failed: SocialOutcome = { kind: "redirect", location: withParam(stored.redirectUrl, "success", "false") };

  let identity: Awaited<ReturnType<typeof provider.identify>>;
  try {
    identity = await provider.identify({
      code: input.code,
      codeVerifier: stored.codeVerifier,
      appleUser: input.appleUser,
    });
  } catch {
    return failed;
  }

  const legacy = stored.linkUserId ? await findUserById(db, stored.linkUserId) : null;
  // The legacy account was moved meanwhile (another tab, another method): say it is migrated.
  if (legacy && (legacy.email || legacy.disabled))
    return { kind: "redirect", location: loginPage(stored.redirectUrl, { reason: "duplicate" }) };

  /**
   * The identity would join an account that exists (or an address typed by hand): nothing is linked
   * now. The identity waits, bound to this browser, until the signed-in owner of `email` confirms it
   * on a screen that names the provider and the identity.
   */
  const awaitOwner = async (email: string, signInFirst: boolean): Promise<SocialOutcome> => {
    const token = randomToken();
    const name = [identity.firstName, identity.lastName].filter(Boolean).join(" ") || null;
    await insertPendingLink(db, {
      id: await sha256Hex(token),
      provider: provider.id,
      subject: identity.subject,
      identityEmail: identity.email,
      identityName: name,
      email,
      redirectUrl: stored.redirectUrl,
      expiresAt: new Date(now.getTime() + pendingLinkMinutes * 60_000).toISOString(),
    });
    const confirmPage = linkConfirmPage(provider.id, stored.redirectUrl);
    if (input.signedInUser?.email === email)
      return { kind: "redirect", location: confirmPage, pendingLinkToken: token };
    if (signInFirst) {
      // An ordinary sign-in link to that address (a legacy account signed in here moves with it); after it, the confirmation screen.
      await requestEmailLink(
        db,
        mail,
        { email, redirectUrl: confirmPage, origin: input.origin, linkUserId: legacy?.id ?? null, client: input.client },
        now,
      );
      return {
        kind: "redirect",
        location: loginPage(stored.redirectUrl, { reason: "confirm", email }),
        pendingLinkToken: token,
      };
    }
    return {
      kind: "redirect",
      location: withParam(loginPage(confirmPage, { reason: "link", provider: provider.id }), "email", email),
      pendingLinkToken: token,
    };
  };

  const linked = await findIdentityUser(db, provider.id, identity.subject);
  let account: AccountPlan;
  if (linked) {
    // The identity's own account signs in; a legacy account signed in here only asks its owner to merge.
    account = legacy
      ? planMergeRequest(db, legacy.id, linked, stored.redirectUrl, now)
      : { id: linked.id, disabled: linked.disabled, writes: [], mergeRequested: false };
  } else if (identity.email) {
    // Only a verified provider e-mail gets here (the adapters drop unverified ones).
    const owner = await findUserByEmail(db, identity.email);
    if (owner && owner.id !== legacy?.id) return owner.disabled ? failed : awaitOwner(identity.email, false);
    const plan = await planAccountForVerifiedEmail(
      db,
      identity.email,
      legacy ? { id: legacy.id, redirectUrl: stored.redirectUrl } : null,
      now,
    );
    account = {
      ...plan,
      writes: [
        ...plan.writes,
        linkIdentity(db, { provider: provider.id, subject: identity.subject, userId: plan.id, email: identity.email }),
      ],
    };
  } else if (stored.emailHint) {
    return awaitOwner(stored.emailHint, true);
  } else {
    return { kind: "redirect", location: loginPage(stored.redirectUrl, { reason: "noemail", provider: provider.id }) };
  }
  if (account.disabled) return failed;
  // The merge request, the identity link and the session in one batch: a failure leaves none of them
  // (only a new account, created before the batch, stays; the next sign-in finds it).
  const session = await startSession(db, account.id, now, null, account.writes);
  const location = account.mergeRequested
    ? mergeConsentPage(stored.redirectUrl)
    : withParam(stored.redirectUrl, "success", "true");
  return { kind: "signedIn", location, session };
}

/** What the confirmation screen shows: the provider, the identity and the account it would join. */
export async function pendingLinkView(
  db: Db,
  providerId: SocialProviderId,
  browserToken: string | null,
  user: { email: string | null },
  now = new Date(),
) {
  const pending = browserToken ? await findPendingLink(db, await sha256Hex(browserToken), now) : null;
  if (!pending || pending.provider !== providerId)
    throw new AppError(404, "Ni povezave za potrditev. Začnite prijavo s ponudnikom znova.", { code: "NOT_FOUND" });
  return {
    provider: providerId,
    identity: { subject: pending.subject, email: pending.identityEmail, name: pending.identityName },
    email: pending.email,
    redirectUrl: pending.redirectUrl,
    /** Whether the signed-in account is the one the identity would join (only then may it confirm). */
    isOwner: user.email === pending.email,
  };
}

/**
 * The signed-in owner confirms: the identity is linked to their account, once. Only the account whose
 * address the link waits for, only from the browser that completed the provider's sign-in, and never
 * taking an identity away from another account.
 */
export async function confirmPendingLink(
  db: Db,
  providerId: SocialProviderId,
  browserToken: string | null,
  user: { id: number; email: string | null },
  now = new Date(),
) {
  const id = browserToken ? await sha256Hex(browserToken) : null;
  const pending = id ? await findPendingLink(db, id, now) : null;
  if (!id || !pending || pending.provider !== providerId)
    throw new AppError(404, "Ni povezave za potrditev. Začnite prijavo s ponudnikom znova.", { code: "NOT_FOUND" });
  if (!user.email || user.email !== pending.email)
    throw new AppError(403, `Povezavo lahko potrdi le lastnik računa ${pending.email}, ko je prijavljen vanj.`, {
      code: "FORBIDDEN",
    });
  const taken = await takePendingLink(db, id, user.email, now);
  if (!taken || !isSocialProviderId(taken.provider))
    throw new AppError(404, "Ni povezave za potrditev. Začnite prijavo s ponudnikom znova.", { code: "NOT_FOUND" });
  const holder = await linkIdentityIfFree(db, {
    provider: taken.provider,
    subject: taken.subject,
    userId: user.id,
    email: taken.identityEmail,
  });
  if (holder?.id !== user.id)
    throw new AppError(409, "Ta račun ponudnika je že povezan z drugim računom Avtotrg.", { code: "CONFLICT" });
  return { redirectUrl: taken.redirectUrl };
}

/** The owner (or anyone in this browser) declines: the pending link is gone. */
export async function declinePendingLink(db: Db, browserToken: string | null) {
  if (browserToken) await deletePendingLink(db, await sha256Hex(browserToken));
}

export const socialProviderOf = (providers: Map<SocialProviderId, SocialProvider>, id: string) =>
  providers.get(id as SocialProviderId) ?? null;
