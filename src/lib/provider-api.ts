/**
 * Proxy mode (decision 076): with `INTERNAL_API_URL` set, this Worker is a front of a provider's
 * internal API. The variable has one form, the provider's API base `http(s)://host[:port]/internal-api/v1`
 * (a trailing slash is allowed; no query, fragment or credentials), and `INTERNAL_API_SECRET`, at least
 * 32 characters, is shared by the front and the provider (the front signs its requests with it).
 * Everything that reaches the provider (SSR calls, the browser pass-through, /media, impersonation)
 * joins its paths here.
 */
import { isLoopbackUrl } from "./client-address";

export const providerApiPath = "/internal-api/v1";

/** The shortest secret accepted: 32 characters (a random 24-byte base64url value has 32). */
export const minSecretLength = 32;

export type ProviderApi = {
  /** The provider's origin, e.g. `https://api.avtotrg.si`. */
  origin: string;
  /** The API base without a trailing slash, e.g. `https://api.avtotrg.si/internal-api/v1`. */
  base: string;
};

export type ProxyMode =
  | { mode: "embedded"; secret: string | null }
  | { mode: "proxy"; api: ProviderApi; secret: string }
  | { mode: "invalid"; message: string };

type ProxyVars = { INTERNAL_API_URL?: string; INTERNAL_API_SECRET?: string; SITE_URL?: string };

const expectedForm = `INTERNAL_API_URL must be the provider's API base, http(s)://host[:port]${providerApiPath} (no query, fragment or credentials; https unless the provider is on this machine)`;
/** Never the value itself: the message is the answer every visitor gets, and a refused value may hold credentials. */
const formError = `${expectedForm}.`;

/**
 * Parses `INTERNAL_API_URL`; an error names the variable and the expected form, never the value. Plain http only to
 * this machine: across a network the signed header, the cookies and the client's address would travel in clear.
 */
export function parseProviderApiUrl(value: string): { api: ProviderApi } | { error: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { error: formError };
  }
  const path = url.pathname.replace(/\/+$/, "");
  const bad =
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    value.includes("?") ||
    value.includes("#") ||
    path !== providerApiPath ||
    (url.protocol === "http:" && !isLoopbackUrl(url));
  if (bad) return { error: formError };
  return { api: { origin: url.origin, base: `${url.origin}${providerApiPath}` } };
}

/** Checks a secret's length; the error names the variable. */
function secretError(secret: string): string | null {
  return secret.length >= minSecretLength
    ? null
    : `INTERNAL_API_SECRET must be at least ${minSecretLength} characters (shared by the front and the provider).`;
}

/** The mode these variables select: embedded (no URL), proxy (URL and secret), or invalid with a message. */
export function readProxyMode(vars: ProxyVars): ProxyMode {
  const secret = vars.INTERNAL_API_SECRET || null;
  const badSecret = secret === null ? null : secretError(secret);
  if (!vars.INTERNAL_API_URL) return badSecret ? { mode: "invalid", message: badSecret } : { mode: "embedded", secret };
  const parsed = parseProviderApiUrl(vars.INTERNAL_API_URL);
  if ("error" in parsed) return { mode: "invalid", message: parsed.error };
  if (secret === null)
    return { mode: "invalid", message: "INTERNAL_API_SECRET must be set when INTERNAL_API_URL is (proxy mode)." };
  if (badSecret) return { mode: "invalid", message: badSecret };
  // The front vouches for its public origin (links in e-mails, cookie naming): in front of a provider elsewhere it
  // is SITE_URL, never a Host header a client chose (decision 076).
  if (!isLoopbackUrl(new URL(parsed.api.origin)) && !validOrigin(vars.SITE_URL))
    return {
      mode: "invalid",
      message: "SITE_URL must be the front's public origin (https://…) when INTERNAL_API_URL names another host.",
    };
  return { mode: "proxy", api: parsed.api, secret };
}

function validOrigin(value: string | undefined): boolean {
  if (!value) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

let checked: { key: string; mode: ProxyMode } | null = null;

/**
 * The mode of this isolate, checked once (a Worker has no start-up hook: the first request checks it)
 * and logged once when invalid. Keyed by the values, so a test handing other bindings gets its own answer.
 */
export function proxyMode(vars: ProxyVars): ProxyMode {
  const key = `${vars.INTERNAL_API_URL ?? ""}\u0000${vars.INTERNAL_API_SECRET ?? ""}\u0000${vars.SITE_URL ?? ""}`;
  if (checked?.key === key) return checked.mode;
  const mode = readProxyMode(vars);
  if (mode.mode === "invalid") console.error(`Avtotrg configuration: ${mode.message}`);
  checked = { key, mode };
  return mode;
}

/**
 * The provider's URL of a path: relative to the API base ("me", "marketplace/search?…"), or absolute
 * from its origin when it starts with "/" ("/is-impersonated", "/media/…", "/internal-api/v1/me").
 */
export function providerUrl(api: ProviderApi, path: string): string {
  return path.startsWith("/") ? `${api.origin}${path}` : `${api.base}/${path}`;
}
