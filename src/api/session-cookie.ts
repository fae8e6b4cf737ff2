import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { appConfig } from "~/app.config";
import type { ApiEnv } from "./env";

/** Plain-HTTP localhost (local runs and tests) is the one place cookies are not Secure. */
export const isLocalHost = (c: Context<ApiEnv>) => {
  const host = new URL(c.req.url).hostname;
  return host === "localhost" || host === "127.0.0.1";
};

/** The session cookie: HttpOnly, SameSite=Lax, Secure except on localhost. */
export function setSessionCookie(c: Context<ApiEnv>, token: string, expiresAt: string) {
  setCookie(c, appConfig.session.cookieName, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocalHost(c),
    path: "/",
    expires: new Date(expiresAt),
  });
}

/** The public origin for links in e-mails and OAuth callbacks. */
export const siteOrigin = (c: Context<ApiEnv>) => c.env.SITE_URL ?? new URL(c.req.url).origin;

export const clientIp = (c: Context<ApiEnv>) => c.req.header("cf-connecting-ip") ?? "local";
