import * as arctic from "arctic";
import { socialProviderIds, type LocalCode, type SocialProviderId } from "~/domain/social";
import { base64Url } from "~/lib/crypto";

export { encodeLocalCode } from "~/domain/social";

/** Who the provider says signed in. `email` is null when the provider supplies none (X never does). */
export type SocialIdentity = {
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
};

/**
 * One sign-in provider. Real adapters talk OAuth 2 / OpenID Connect through arctic; the local adapter
 * (development only) stands in for the identity provider, which cannot exist offline.
 */
export interface SocialProvider {
  id: SocialProviderId;
  /** True for the development stand-in; the UI says so. */
  local: boolean;
  /** Apple answers with a form POST to the callback instead of a redirect with a query. */
  formPost: boolean;
  authorizationUrl(input: { state: string; codeVerifier: string; emailHint: string | null }): URL | Promise<URL>;
  identify(input: { code: string; codeVerifier: string; appleUser?: string | null }): Promise<SocialIdentity>;
}

type SocialEnv = Partial<
  Record<
    | "GOOGLE_CLIENT_ID"
    | "GOOGLE_CLIENT_SECRET"
    | "META_CLIENT_ID"
    | "META_CLIENT_SECRET"
    | "APPLE_CLIENT_ID"
    | "APPLE_TEAM_ID"
    | "APPLE_KEY_ID"
    | "APPLE_PRIVATE_KEY"
    | "X_CLIENT_ID"
    | "X_CLIENT_SECRET"
    | "DEV_OUTBOX",
    string
  >
>;

const callbackUrl = (origin: string, id: SocialProviderId) =>
  `${origin}/internal-api/v1/social/login/${id}/authenticate`;

const nameParts = (full: string | null | undefined) => {
  const parts = (full ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? null, lastName: parts.length > 1 ? parts.slice(1).join(" ") : null };
};

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** An e-mail counts only when the provider says it verified it. */
const verifiedEmail = (claims: Record<string, unknown>) =>
  str(claims.email) && (claims.email_verified === true || claims.email_verified === "true")
    ? str(claims.email)!.toLowerCase()
    : null;

async function getJson(url: string, accessToken: string, fetchImpl: typeof fetch): Promise<Record<string, unknown>> {
  const response = await fetchImpl(url, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`profile request failed: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

function googleProvider(env: SocialEnv, origin: string): SocialProvider | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  const client = new arctic.Google(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, callbackUrl(origin, "google"));
  return {
    id: "google",
    local: false,
    formPost: false,
    authorizationUrl({ state, codeVerifier, emailHint }) {
      const url = client.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]);
      if (emailHint) url.searchParams.set("login_hint", emailHint);
      return url;
    },
    async identify({ code, codeVerifier }) {
      const tokens = await client.validateAuthorizationCode(code, codeVerifier);
      // The ID token came straight from Google's token endpoint over TLS: its claims can be read as is.
      const claims = arctic.decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      return {
        subject: String(claims.sub),
        email: verifiedEmail(claims),
        firstName: str(claims.given_name),
        lastName: str(claims.family_name),
      };
    },
  };
}

function metaProvider(env: SocialEnv, origin: string, fetchImpl: typeof fetch): SocialProvider | null {
  if (!env.META_CLIENT_ID || !env.META_CLIENT_SECRET) return null;
  const client = new arctic.Facebook(env.META_CLIENT_ID, env.META_CLIENT_SECRET, callbackUrl(origin, "meta"));
  return {
    id: "meta",
    local: false,
    formPost: false,
    authorizationUrl: ({ state }) => client.createAuthorizationURL(state, ["email", "public_profile"]),
    async identify({ code }) {
      const tokens = await client.validateAuthorizationCode(code);
      const me = await getJson(
        "https://graph.facebook.com/me?fields=id,email,first_name,last_name",
        tokens.accessToken(),
        fetchImpl,
      );
      // Facebook returns only confirmed addresses.
      return {
        subject: String(me.id),
        email: str(me.email)?.toLowerCase() ?? null,
        firstName: str(me.first_name),
        lastName: str(me.last_name),
      };
    },
  };
}

function appleProvider(env: SocialEnv, origin: string): SocialProvider | null {
  if (!env.APPLE_CLIENT_ID || !env.APPLE_TEAM_ID || !env.APPLE_KEY_ID || !env.APPLE_PRIVATE_KEY) return null;
  const pem = env.APPLE_PRIVATE_KEY.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");
  const key = Uint8Array.from(atob(pem), (ch) => ch.charCodeAt(0));
  const client = new arctic.Apple(
    env.APPLE_CLIENT_ID,
    env.APPLE_TEAM_ID,
    env.APPLE_KEY_ID,
    key,
    callbackUrl(origin, "apple"),
  );
  return {
    id: "apple",
    local: false,
    formPost: true,
    authorizationUrl({ state }) {
      const url = client.createAuthorizationURL(state, ["name", "email"]);
      url.searchParams.set("response_mode", "form_post");
      return url;
    },
    async identify({ code, appleUser }) {
      const tokens = await client.validateAuthorizationCode(code);
      const claims = arctic.decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      // Apple sends the name only on the first sign-in, as a JSON form field next to the code.
      let name: { firstName?: unknown; lastName?: unknown } = {};
      try {
        name = (JSON.parse(appleUser ?? "{}") as { name?: typeof name }).name ?? {};
      } catch {
        name = {};
      }
      return {
        subject: String(claims.sub),
        email: verifiedEmail(claims),
        firstName: str(name.firstName),
        lastName: str(name.lastName),
      };
    },
  };
}

function xProvider(env: SocialEnv, origin: string, fetchImpl: typeof fetch): SocialProvider | null {
  if (!env.X_CLIENT_ID) return null;
  const client = new arctic.Twitter(env.X_CLIENT_ID, env.X_CLIENT_SECRET ?? null, callbackUrl(origin, "x"));
  return {
    id: "x",
    local: false,
    formPost: false,
    authorizationUrl: ({ state, codeVerifier }) =>
      client.createAuthorizationURL(state, codeVerifier, ["users.read", "tweet.read"]),
    async identify({ code, codeVerifier }) {
      const tokens = await client.validateAuthorizationCode(code, codeVerifier);
      const me = await getJson("https://api.x.com/2/users/me", tokens.accessToken(), fetchImpl);
      const data = (me.data ?? {}) as Record<string, unknown>;
      // The X API never supplies an e-mail address.
      return { subject: String(data.id), email: null, ...nameParts(str(data.name)) };
    },
  };
}

export async function pkceChallenge(codeVerifier: string) {
  return base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(codeVerifier))));
}

/**
 * Development stand-in for a provider (DEV_OUTBOX on, no credentials): its "consent screen" is the
 * page /dev/prijava/{provider}. The PKCE check is real: the code carries the challenge it was issued for.
 */
export function localSocialProvider(id: SocialProviderId, origin: string): SocialProvider {
  return {
    id,
    local: true,
    formPost: false,
    async authorizationUrl({ state, codeVerifier, emailHint }) {
      const url = new URL(`/dev/prijava/${id}`, origin);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", await pkceChallenge(codeVerifier));
      url.searchParams.set("redirect_uri", callbackUrl(origin, id));
      if (emailHint && id !== "x") url.searchParams.set("login_hint", emailHint);
      return url;
    },
    async identify({ code, codeVerifier }) {
      let parsed: LocalCode;
      try {
        const bytes = Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
        parsed = JSON.parse(new TextDecoder().decode(bytes)) as LocalCode;
      } catch {
        throw new Error("invalid local authorization code");
      }
      if (parsed.challenge !== (await pkceChallenge(codeVerifier))) throw new Error("PKCE verification failed");
      // Like the real X API, the stand-in for X never supplies an e-mail.
      // An address the stand-in did not verify counts as none, like the real adapters' unverified ones.
      const email = id === "x" || parsed.emailVerified === false ? null : (parsed.email?.toLowerCase() ?? null);
      return { subject: parsed.subject, email, firstName: parsed.firstName, lastName: parsed.lastName };
    },
  };
}

/**
 * The providers this deployment offers: each real one whose credentials are configured; with none
 * configured and the development mailbox on, the local stand-ins for all four.
 */
export function socialProviders(
  env: SocialEnv,
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Map<SocialProviderId, SocialProvider> {
  const real = [
    googleProvider(env, origin),
    metaProvider(env, origin, fetchImpl),
    appleProvider(env, origin),
    xProvider(env, origin, fetchImpl),
  ].filter((p): p is SocialProvider => p !== null);
  if (real.length === 0 && env.DEV_OUTBOX === "1")
    return new Map(socialProviderIds.map((id) => [id, localSocialProvider(id, origin)]));
  return new Map(real.map((p) => [p.id, p]));
}
