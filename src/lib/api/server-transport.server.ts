import { getRequest, getRequestHeader } from "@tanstack/react-start/server";
import { clientAddress } from "../client-address";
import { env } from "cloudflare:workers";
import { app } from "~/api/app";
import { createInProcessTransport, createProxyTransport } from "./server-transports";
import type { ApiTransport } from "./transport";

/** The SSR/server-function transport for the current request: in-process, or proxied when INTERNAL_API_URL is set. */
export const serverTransport: ApiTransport = (path, init) => {
  const cookie = getRequestHeader("cookie") ?? undefined;
  const transport = env.INTERNAL_API_URL
    ? createProxyTransport(env.INTERNAL_API_URL, cookie)
    : createInProcessTransport(app, env, cookie, new URL(getRequest().url).protocol === "https:", clientAddress(getRequest(), env));
  return transport(path, init);
};
