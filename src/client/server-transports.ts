import { inProcessClients } from "~/lib/client-address";
import { frontHeader } from "~/lib/front-voucher";
import type { PageCookies } from "~/lib/page-cookies";
import { type ProviderApi, providerUrl } from "~/lib/provider-api";
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

/** What one page's calls to a provider share (decision 076). */
export type ProviderCalls = {
  /** The page's cookies, updated by each answer's Set-Cookie (kept for the page's response). */
  cookies: PageCookies;
  /** Headers of the page request every call carries: its user-agent and accept-language. */
  forward: Headers;
  /** The front's signed header for one call (method and the provider URL it goes to). */
  vouch: (method: string, url: string) => Promise<string>;
};

const forwarded = ["user-agent", "accept-language"];

/** The page request's headers a provider should see on the page's calls. */
export function forwardedHeaders(page: Request): Headers {
  const headers = new Headers();
  for (const name of forwarded) {
    const value = page.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * Calls an external provider of the same API (`INTERNAL_API_URL`, proxy mode) for a page rendered on
 * this front: the page's cookies as the provider last set them, its user-agent and language, and the
 * front's signed header; each answer's Set-Cookie is kept for the page's response.
 */
export function createProxyTransport(
  api: ProviderApi,
  calls: ProviderCalls,
  fetchImpl: typeof fetch = fetch,
): ApiTransport {
  return async (path, init) => {
    const url = providerUrl(api, path);
    const headers = new Headers(init.headers);
    for (const [name, value] of calls.forward) if (!headers.has(name)) headers.set(name, value);
    const cookie = calls.cookies.header();
    if (cookie) headers.set("cookie", cookie);
    else headers.delete("cookie");
    headers.set(frontHeader, await calls.vouch((init.method ?? "GET").toUpperCase(), url));
    const response = await fetchImpl(url, { ...init, headers, redirect: "manual" });
    calls.cookies.take(response);
    return response;
  };
}
