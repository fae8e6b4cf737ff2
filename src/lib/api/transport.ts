import { createIsomorphicFn } from "@tanstack/react-start";

import { type ApiTransport, apiUrl } from "./api-url";

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
