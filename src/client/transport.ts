import { createIsomorphicFn } from "@tanstack/react-start";
import { type ApiTransport, apiUrl } from "./api-url";

/** In the browser: same-origin fetch with credentials. */
export const browserTransport: ApiTransport = (path, init) =>
  fetch(apiUrl("", path), { ...init, credentials: "include" });

/**
 * The server side's transport (in-process, or the INTERNAL_API_URL proxy), registered once at start-up
 * by src/server-transport.server.ts: the client never imports the Hono app itself.
 */
let serverTransport: ApiTransport | null = null;

export function registerServerTransport(transport: ApiTransport): void {
  serverTransport = transport;
}

/**
 * The transport for the current side: the browser fetches same-origin; SSR calls the embedded
 * Hono app in-process (or the external provider when INTERNAL_API_URL is set).
 */
export const getApiTransport = createIsomorphicFn()
  .server((): ApiTransport => {
    if (!serverTransport) throw new Error("No server transport registered (src/server-transport.server.ts).");
    return serverTransport;
  })
  .client((): ApiTransport => browserTransport);
