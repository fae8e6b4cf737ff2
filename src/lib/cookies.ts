import { createIsomorphicFn } from "@tanstack/react-start";

/** The raw Cookie header of the page request (SSR) or document.cookie (browser). */
export const readCookieHeader = createIsomorphicFn()
  .server(async () => {
    const { getRequestHeader } = await import("@tanstack/react-start/server");
    return getRequestHeader("cookie") ?? "";
  })
  .client(async () => document.cookie);

export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Sets a first-party cookie from the browser (non-HttpOnly UI preferences only). */
export function setBrowserCookie(name: string, value: string, maxAgeDays: number) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeDays * 86400)}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Whether a Cookie header may carry a session (under either name the API uses, decision 037): without one a
 * server render knows the visitor is signed out and asks the API nothing (issue 27).
 */
export function mayHaveSession(header: string, cookieName: string): boolean {
  return header.split(";").some((part) => {
    // Trimmed as Hono's parser trims it (`avtotrg_session =…` is that cookie to the API too).
    const name = part.split("=")[0]?.trim();
    return name === cookieName || name === `__Host-${cookieName}`;
  });
}
