import { useRouterState } from "@tanstack/react-router";
import { safeReturnPath } from "~/domain/return-path";

/** Pages that are themselves a step of signing in: their link keeps the page the visitor came for. */
const signInPages = ["/relogin", "/register", "/prijava/"];

/** Where a sign-in started on this page should return: the page itself, or on a sign-in page its own redirectUrl. */
export function loginReturnPath(pathname: string, href: string, search: Record<string, unknown>): string {
  const onSignInPage = signInPages.some((p) => (p.endsWith("/") ? pathname.startsWith(p) : pathname === p));
  if (!onSignInPage) return safeReturnPath(href);
  // Never /relogin inside /relogin's own redirectUrl: the original target, or home.
  const back = safeReturnPath(typeof search.redirectUrl === "string" ? search.redirectUrl : "/");
  return signInPages.some((p) => (p.endsWith("/") ? back.startsWith(p) : back === p || back.startsWith(`${p}?`)))
    ? "/"
    : back;
}

/** Login goes through /relogin with the current path as redirectUrl (spec section 6). */
export function useLoginHref() {
  const location = useRouterState({ select: (s) => s.location });
  return `/relogin?redirectUrl=${encodeURIComponent(loginReturnPath(location.pathname, location.href, location.search as Record<string, unknown>))}`;
}
