import { createIsomorphicFn } from "@tanstack/react-start";

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

/** In the browser: same-origin fetch with credentials. */
export const browserTransport: ApiTransport = (path, init) =>
  fetch(apiUrl("", path), { ...init, credentials: "include" });

/**
 * The transport for the current side: the browser fetches same-origin; SSR calls the embedded
 * Hono app in-process (or the external provider when INTERNAL_API_URL is set).
 */
export const getApiTransport = createIsomorphicFn()
  .server(
    (): ApiTransport => async (path, init) => {
      const { serverTransport } = await import("./server-transport.server");
      return serverTransport(path, init);
    },
  )
  .client((): ApiTransport => browserTransport);
