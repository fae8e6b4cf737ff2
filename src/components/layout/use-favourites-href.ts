import { useRouterState } from "@tanstack/react-router";
import { safeReturnPath } from "~/domain/return-path";

const favouritesPath = "/uporabnik/priljubljeni-oglasi";

/**
 * "Priljubljeni" in the header and the bottom bar. Signed out, it carries the page it was tapped on (`od`), so
 * a sign-in from the favourites page comes back to that car when nothing is kept yet (decision 067).
 */
export function useFavouritesHref(signedIn: boolean) {
  const location = useRouterState({ select: (s) => s.location });
  if (signedIn || location.pathname === favouritesPath) return favouritesPath;
  return `${favouritesPath}?od=${encodeURIComponent(safeReturnPath(location.href))}`;
}
