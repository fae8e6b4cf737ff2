import { getRequest, getRequestHeader } from "@tanstack/react-start/server";
import { env } from "cloudflare:workers";
import { app } from "~/api/app";
import type { ApiTransport } from "~/client/api-url";
import { createInProcessTransport, createProxyTransport } from "~/client/server-transports";
import { registerServerTransport } from "~/client/transport";
import { clientAddress } from "~/lib/client-address";
import { PageSessionMemo } from "~/lib/in-process";

/** One session memo per page request: its in-process API calls look the session up once (issue 22). */
const pageMemos = new WeakMap<Request, PageSessionMemo>();

/** The SSR/server-function transport for the current request: in-process, or proxied when INTERNAL_API_URL is set. */
export const serverTransport: ApiTransport = (path, init) => {
  const cookie = getRequestHeader("cookie") ?? undefined;
  const page = getRequest();
  let memo = pageMemos.get(page);
  if (!memo) {
    memo = new PageSessionMemo();
    pageMemos.set(page, memo);
  }
  const transport = env.INTERNAL_API_URL
    ? createProxyTransport(env.INTERNAL_API_URL, cookie)
    : createInProcessTransport(
        app,
        env,
        cookie,
        new URL(page.url).protocol === "https:",
        clientAddress(page, env),
        memo,
      );
  return transport(path, init);
};

/**
 * Imported once by the Worker entry (src/server.ts): from then on the client (src/client) calls the
 * embedded app in-process during SSR and in server functions, without importing it.
 */
registerServerTransport(serverTransport);
