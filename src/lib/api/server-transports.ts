import { inProcessHost } from "./in-process";
import { apiUrl, type ApiTransport } from "./transport";

type FetchApp = { fetch: (request: Request, env: Env) => Response | Promise<Response> };

const inProcessOrigin = `http://${inProcessHost}`;

/** Calls the embedded Hono app without a network hop, carrying the page request's cookies. */
export function createInProcessTransport(app: FetchApp, bindings: Env, cookie: string | undefined): ApiTransport {
  return async (path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    return app.fetch(new Request(apiUrl(inProcessOrigin, path), { ...init, headers }), bindings);
  };
}

/** Proxies to an external provider of the same API (INTERNAL_API_URL), forwarding the cookie header. */
export function createProxyTransport(baseUrl: string, cookie: string | undefined, fetchImpl: typeof fetch = fetch): ApiTransport {
  return (path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    return fetchImpl(apiUrl(baseUrl, path), { ...init, headers });
  };
}
