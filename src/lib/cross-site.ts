/**
 * The cross-site write rule (decision 037's guard), shared by the API's `sameOriginWrites` and a
 * front's own check before it vouches for a browser's write (decision 076).
 */
export const crossSiteMessage = "Zahteva z druge spletne strani ni dovoljena.";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// The payment provider's webhook is a server-to-server POST; its signature protects it.
// Apple's sign-in callback is a cross-site form POST by design; its single-use state protects it.
const crossSiteCallbacks = new Set([
  "/internal-api/v1/social/login/apple/authenticate",
  "/internal-api/v1/payments/webhook",
]);

/**
 * Whether a browser request that changes something comes from another site: an Origin outside
 * `allowed`, an opaque "null" Origin, or Sec-Fetch-Site "cross-site". Requests without Origin (server-side
 * callers, API clients) pass; their cookies are not ambient browser credentials.
 */
export function isCrossSiteWrite(method: string, path: string, headers: Headers, allowed: Iterable<string>): boolean {
  if (!unsafeMethods.has(method.toUpperCase()) || crossSiteCallbacks.has(path)) return false;
  const origin = headers.get("origin");
  if (origin === "null" || headers.get("sec-fetch-site") === "cross-site") return true;
  return !!origin && !new Set(allowed).has(origin);
}
