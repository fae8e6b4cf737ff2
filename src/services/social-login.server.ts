import * as arctic from "arctic";
import type { Db } from "~/db/client.server";
import { findIdentityUser, findUserById, insertOAuthState, linkIdentity, takeOAuthState } from "~/db/identities.server";
import { safeReturnPath, withParam } from "~/domain/return-path";
import type { SocialProviderId } from "~/domain/social";
import { type AccountPlan, planAccountForVerifiedEmail, planMerge, requestEmailLink, startSession } from "./auth.server";
import type { EmailProvider } from "./providers/email.server";
import type { SocialProvider } from "./providers/social.server";

const stateLifetimeMs = 10 * 60_000;

/** Step 1: a state and PKCE verifier stored for 10 minutes; the browser goes to the provider. */
export async function startSocialLogin(
  db: Db,
  provider: SocialProvider,
  input: { redirectUrl?: string | null; email?: string | null; signedInUser?: { id: number; email: string | null } | null },
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
  | { kind: "redirect"; location: string };

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
  input: { code: string | null; state: string | null; browserState: string | null; appleUser?: string | null; origin: string },
  now = new Date(),
): Promise<SocialOutcome> {
  const stored = input.state ? await takeOAuthState(db, input.state, provider.id, now) : null;
  if (!stored || !input.code || input.browserState !== input.state) return { kind: "redirect", location: withParam(stored?.redirectUrl ?? "/", "success", "false") };
  const failed: SocialOutcome = { kind: "redirect", location: withParam(stored.redirectUrl, "success", "false") };

  let identity;
  try {
    identity = await provider.identify({ code: input.code, codeVerifier: stored.codeVerifier, appleUser: input.appleUser });
  } catch {
    return failed;
  }

  const legacy = stored.linkUserId ? await findUserById(db, stored.linkUserId) : null;
  // The legacy account was moved meanwhile (another tab, another method): say it is migrated.
  if (legacy && (legacy.email || legacy.disabled)) return { kind: "redirect", location: loginPage(stored.redirectUrl, { reason: "duplicate" }) };

  const linked = await findIdentityUser(db, provider.id, identity.subject);
  let account: AccountPlan;
  if (linked) {
    account = legacy ? await planMerge(db, legacy.id, linked, now) : { id: linked.id, disabled: linked.disabled, writes: [] };
  } else if (identity.email) {
    const plan = await planAccountForVerifiedEmail(db, identity.email, legacy?.id ?? null, now);
    account = { ...plan, writes: [...plan.writes, linkIdentity(db, { provider: provider.id, subject: identity.subject, userId: plan.id, email: identity.email })] };
  } else if (stored.emailHint) {
    await requestEmailLink(
      db,
      mail,
      { email: stored.emailHint, redirectUrl: stored.redirectUrl, origin: input.origin, linkUserId: legacy?.id ?? null, identity: { provider: provider.id, subject: identity.subject } },
      now,
    );
    return { kind: "redirect", location: loginPage(stored.redirectUrl, { reason: "confirm", email: stored.emailHint }) };
  } else {
    return { kind: "redirect", location: loginPage(stored.redirectUrl, { reason: "noemail", provider: provider.id }) };
  }
  if (account.disabled) return failed;
  // The merge, the identity link and the session in one batch: a failure leaves none of them (only a
  // new account, created before the batch, stays; the next sign-in finds it).
  const session = await startSession(db, account.id, now, null, account.writes);
  return { kind: "signedIn", location: withParam(stored.redirectUrl, "success", "true"), session };
}

export const socialProviderOf = (providers: Map<SocialProviderId, SocialProvider>, id: string) => providers.get(id as SocialProviderId) ?? null;
