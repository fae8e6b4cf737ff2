/**
 * Partner applications' OAuth 2 rules shared by client and server (decision 023): PKCE, redirect
 * URIs, and which internal-API calls a partner token (scope `postings`) may make.
 */
import { base64Url, sha256Hex } from "~/lib/crypto";

/** The spec's expiry text (section 8): the consent request was cancelled or timed out. */
export const consentExpiredMessage = "Zahteva je bila preklicana ali je potekla.";

/** What a grant lets a partner do, in the order the allow screen lists it. */
export const partnerPermissions = ["READ_POSTINGS", "WRITE_POSTINGS", "PUBLISH_POSTINGS", "MANAGE_FILES"] as const;
export type PartnerPermission = (typeof partnerPermissions)[number];

/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))). */
export async function pkceChallengeS256(verifier: string): Promise<string> {
  const hex = await sha256Hex(verifier);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return base64Url(bytes);
}

/** RFC 7636 §4.1: 43–128 unreserved characters. */
export const pkceVerifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is 32 bytes as unpadded base64url. */
export const pkceChallengePattern = /^[A-Za-z0-9_-]{43}$/;

/** Exact string match against the registered list: no prefix, wildcard or normalisation (RFC 9700 §4.1.3). */
export function isRegisteredRedirect(registered: readonly string[], candidate: string): boolean {
  return registered.includes(candidate);
}

/** The partner's redirect URL with our answer's parameters added (existing query kept). */
export function redirectWith(redirectUrl: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUrl);
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Equal-length string comparison whose time does not depend on where the first difference is. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const code = "[A-Za-z0-9-]{1,40}";
// The posting lifecycle of spec section 7 (drafts, status, files, statistics, delegation); never
// payments (buy-pricing-item), the profile, the dealership page or admin calls.
const postingsScopeRoutes: { methods: readonly string[]; path: RegExp }[] = [
  { methods: ["GET", "POST"], path: /^\/draft$/ },
  { methods: ["GET", "POST", "DELETE"], path: new RegExp(`^/draft/${code}$`) },
  { methods: ["POST"], path: new RegExp(`^/draft/${code}/publish$`) },
  { methods: ["GET"], path: new RegExp(`^/postings/${code}$`) },
  { methods: ["GET"], path: new RegExp(`^/postings/${code}/statistics$`) },
  { methods: ["POST"], path: new RegExp(`^/postings/${code}/(status|delegate)$`) },
  { methods: ["POST", "DELETE"], path: new RegExp(`^/posting/${code}/file$`) },
  { methods: ["POST"], path: new RegExp(`^/posting/${code}/files/order$`) },
];

/** Whether a partner token with scope `postings` may make this call (path relative to internal-api/v1). */
export function isPostingsScopeCall(method: string, path: string): boolean {
  return postingsScopeRoutes.some((r) => r.methods.includes(method.toUpperCase()) && r.path.test(path));
}

/** `GET oauth2-session/{sessionId}`: what the consent screens show. */
export type ConsentSessionView = {
  sessionId: string;
  status: "PENDING" | "ALLOWED";
  partner: { code: string; name: string };
  permissions: PartnerPermission[];
  expiresAt: string;
  signedIn: boolean;
  /** Only dealership members can grant (spec section 1). */
  canGrant: boolean;
  dealershipName: string | null;
};

/** The answer of finishing or cancelling a consent session: where the browser goes next. */
export type ConsentResult = { redirectUrl: string };

/** One partner with live access to the dealership's postings. */
export type PartnerGrant = {
  partnerCode: string;
  partnerName: string;
  grantedAt: string;
  expiresAt: string;
  grantedBy: string;
};
