import { useRouterState } from "@tanstack/react-router";

/** Login goes through /relogin with the current path as redirectUrl (spec section 6). */
export function useLoginHref() {
  const href = useRouterState({ select: (s) => s.location.href });
  return `/relogin?redirectUrl=${encodeURIComponent(href)}`;
}
