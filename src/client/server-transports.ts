import { inProcessClients } from "~/lib/client-address";
import { inProcessHost, inProcessSessionMemos, type PageSessionMemo } from "~/lib/in-process";
import { type ApiTransport, apiUrl } from "./api-url";

const readOnly = new Set(["GET", "HEAD", "OPTIONS"]);

type FetchApp = { fetch: (request: Request, env: Env) => Response | Promise<Response> };

/**
 * Calls the embedded Hono app without a network hop, carrying the page request's cookies. The call
 * keeps the page's scheme, so the API reads the session cookie under the name that scheme allows
 * (`__Host-` over HTTPS, decision 037). With a `sessionMemo`, all calls of one page resolve the signed-in
 * session once.
 */
export function createInProcessTransport(
  app: FetchApp,
  bindings: Env,
  cookie: string | undefined,
  secure = false,
  client?: string,
  sessionMemo?: PageSessionMemo,
): ApiTransport {
  const inProcessOrigin = `${secure ? "https" : "http"}://${inProcessHost}`;
  return async (path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    const request = new Request(apiUrl(inProcessOrigin, path), { ...init, headers });
    // The page's client goes along by the Request object itself, not a header anyone could send.
    if (client) inProcessClients.set(request, client);
    // The page's calls share one session lookup (the memo travels the same way).
    if (sessionMemo) inProcessSessionMemos.set(request, sessionMemo);
    if (!sessionMemo || readOnly.has(request.method)) return app.fetch(request, bindings);
    // A write may sign out, rotate, merge or change the profile: the page's later reads look the session up again.
    sessionMemo.clear();
    try {
      return await app.fetch(request, bindings);
    } finally {
      sessionMemo.clear();
    }
  };
}

/** Proxies to an external provider of the same API (INTERNAL_API_URL), forwarding the cookie header. */
export function createProxyTransport(
  baseUrl: string,
  cookie: string | undefined,
  fetchImpl: typeof fetch = fetch,
): ApiTransport {
  return (path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    return fetchImpl(apiUrl(baseUrl, path), { ...init, headers });
  };
}
