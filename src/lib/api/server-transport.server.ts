import { getRequestHeader } from "@tanstack/react-start/server";
import { env } from "cloudflare:workers";
import { app } from "~/api/app";
import { apiUrl, type ApiTransport } from "./transport";

const forwardedOrigin = "http://internal.avtotrg";

/** Calls the embedded Hono app without a network hop, carrying the page request's cookies. */
export function createInProcessTransport(bindings: Env, cookie: string | undefined): ApiTransport {
  return async (path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    return app.fetch(new Request(apiUrl(forwardedOrigin, path), { ...init, headers }), bindings);
  };
}

/** Proxies to an external provider of the same API, forwarding the cookie header. */
export function createProxyTransport(baseUrl: string, cookie: string | undefined, fetchImpl: typeof fetch = fetch): ApiTransport {
  return (path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    return fetchImpl(apiUrl(baseUrl, path), { ...init, headers });
  };
}

/** The SSR/server-function transport for the current request. */
export const serverTransport: ApiTransport = (path, init) => {
  const cookie = getRequestHeader("cookie") ?? undefined;
  const transport = env.INTERNAL_API_URL
    ? createProxyTransport(env.INTERNAL_API_URL, cookie)
    : createInProcessTransport(env, cookie);
  return transport(path, init);
};
