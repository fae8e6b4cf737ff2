import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { appConfig } from "~/app.config";
import { inProcessHost } from "~/lib/in-process";
import { clientAddress, isLoopbackUrl } from "~/lib/client-address";
import { publicOrigin } from "./public-origin";
import type { ApiEnv } from "./env";

/**
 * Whether cookies for this URL are Secure and the session cookie carries the `__Host-` prefix
 * (decision 037): everywhere but plain local http (local runs, tests, e2e on http://localhost).
 * An SSR call in-process carries the page's own scheme (src/client/server-transports.ts).
 */
export function usesSecureCookies(url: string): boolean {
  const u = new URL(url);
  if (u.hostname === inProcessHost) return u.protocol === "https:";
  return !isLoopbackUrl(u);
}

/**
 * The URL cookies are named and secured by: the front's public origin when a front vouched for the
 * request (an https front over an http provider gets Secure and `__Host-`, decision 076), else this request's.
 */
const cookieUrl = (c: Context<ApiEnv>) => c.get("front")?.origin ?? c.req.url;

/** Plain-HTTP localhost (local runs and tests) is the one place cookies are not Secure. */
export const isLocalHost = (c: Context<ApiEnv>) => !usesSecureCookies(cookieUrl(c));

/** `__Host-avtotrg_session` over HTTPS (Secure, Path=/, no Domain: no subdomain can set or shadow it); the plain name on local http. */
export const sessionCookieNameFor = (url: string) =>
  usesSecureCookies(url) ? `__Host-${appConfig.session.cookieName}` : appConfig.session.cookieName;
export const sessionCookieName = (c: Context<ApiEnv>) => sessionCookieNameFor(cookieUrl(c));
/** While impersonating, the admin's own session token waits here (same prefix rules). */
export const adminCookieName = (c: Context<ApiEnv>) => `${sessionCookieName(c)}_admin`;

/** The session token this request carries, read only under the name this scheme allows. */
export const readSessionCookie = (c: Context<ApiEnv>) => getCookie(c, sessionCookieName(c));

/** Options of every session-like cookie: HttpOnly, SameSite=Lax, Path=/, never a Domain; Secure except on local http. */
export const sessionCookieOptions = (c: Context<ApiEnv>, expires: Date) => ({
  httpOnly: true,
  sameSite: "Lax" as const,
  secure: !isLocalHost(c),
  path: "/",
  expires,
});

/** The session cookie: HttpOnly, SameSite=Lax, Secure and `__Host-` except on localhost. */
export function setSessionCookie(c: Context<ApiEnv>, token: string, expiresAt: string) {
  setCookie(c, sessionCookieName(c), token, sessionCookieOptions(c, new Date(expiresAt)));
}

/**
 * The legacy sign-in code's browser cookie (decision 036): `__Host-avtotrg_pin` over HTTPS, `avtotrg_pin`
 * on local http; HttpOnly, SameSite=Lax, Path=/, living as long as the code.
 */
export const pinCookieName = (c: Context<ApiEnv>) =>
  usesSecureCookies(cookieUrl(c)) ? "__Host-avtotrg_pin" : "avtotrg_pin";
export const readPinCookie = (c: Context<ApiEnv>) => getCookie(c, pinCookieName(c));
export function setPinCookie(c: Context<ApiEnv>, nonce: string, lifetimeMs: number) {
  setCookie(c, pinCookieName(c), nonce, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocalHost(c),
    path: "/",
    maxAge: Math.floor(lifetimeMs / 1000),
  });
}

/** Removes a session-like cookie (a `__Host-` cookie is removed only by a Secure, Path=/ header). */
export function clearCookie(c: Context<ApiEnv>, name: string) {
  deleteCookie(c, name, { path: "/", secure: !isLocalHost(c) });
}

/**
 * The client this request comes from (decision 037): CF-Connecting-IP only behind Cloudflare, the
 * local marker otherwise; an SSR call in-process carries its page's client, and a front's vouched request
 * the client the front saw (decision 076). No header a client sends by itself is ever read.
 */
export const clientIp = (c: Context<ApiEnv>) =>
  c.get("inProcess")?.client ?? c.get("front")?.client ?? clientAddress(c.req.raw, c.env);

/** The public origin for links in e-mails and OAuth callbacks (src/api/public-origin.ts). */
export const siteOrigin = publicOrigin;
