/**
 * Sends one request to the internal API. `path` is relative to `internal-api/v1/` ("me",
 * "marketplace/search?…") or starts with "/" for the un-prefixed paths ("/is-impersonated").
 */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export const apiPrefix = "/internal-api/v1/";

export function apiUrl(base: string, path: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return path.startsWith("/") ? `${trimmed}${path}` : `${trimmed}${apiPrefix}${path}`;
}
