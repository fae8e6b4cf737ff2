import { getRequest, getRequestHeader } from "@tanstack/react-start/server";
import { env } from "cloudflare:workers";
import { app } from "~/api/app";
import type { ApiTransport } from "~/client/api-url";
import { createInProcessTransport, createProxyTransport } from "~/client/server-transports";
import { registerServerTransport } from "~/client/transport";
import { clientAddress } from "~/lib/client-address";
import { PageSessionMemo } from "~/lib/in-process";
import { proxyMode } from "~/lib/provider-api";
import { providerCallsOf } from "./front-proxy.server";

/** One session memo per page request: its in-process API calls look the session up once (issue 22). */
const pageMemos = new WeakMap<Request, PageSessionMemo>();

/**
 * The SSR/server-function transport for the current request: in-process, or to the provider when
 * INTERNAL_API_URL is set (proxy mode, decision 076: the page's cookies, client context and signed header).
 */
export const serverTransport: ApiTransport = (path, init) => {
  const page = getRequest();
  const mode = proxyMode(env);
  if (mode.mode === "proxy") return createProxyTransport(mode.api, providerCallsOf(mode, page, env))(path, init);
  let memo = pageMemos.get(page);
  if (!memo) {
    memo = new PageSessionMemo();
    pageMemos.set(page, memo);
  }
  const cookie = getRequestHeader("cookie") ?? undefined;
  const secure = new URL(page.url).protocol === "https:";
  return createInProcessTransport(app, env, cookie, secure, clientAddress(page, env), memo)(path, init);
};

/**
 * Imported once by the Worker entry (src/server.ts): from then on the client (src/client) calls the
 * embedded app in-process during SSR and in server functions, without importing it.
 */
registerServerTransport(serverTransport);
