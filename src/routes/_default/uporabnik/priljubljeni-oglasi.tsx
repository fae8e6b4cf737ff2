import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { safeReturnPath } from "~/domain/return-path";
import { FavouritesPage, LocalFavouritesPage } from "~/features/favourites/components/favourites-page";
import { favouritesQueryOptions } from "~/features/favourites/favourites.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

const thisPage = "/uporabnik/priljubljeni-oglasi";

export const Route = createFileRoute("/_default/uporabnik/priljubljeni-oglasi")({
  // `od`: the page "Priljubljeni" was tapped on, where a sign-in from here returns when nothing is kept yet.
  validateSearch: (search: Record<string, unknown>): { od?: string } =>
    typeof search.od === "string" ? { od: search.od } : {},
  // Signed out, the page shows the favourites kept in this browser (decision 067); signed in, the account's.
  beforeLoad: (args) => (args.context.me ? requireRegistered(args) : undefined),
  loader: ({ context: { queryClient, me } }) =>
    me ? queryClient.ensureQueryData(favouritesQueryOptions()) : undefined,
  head: () => ({ meta: [{ title: pageTitle(m.favourites_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Favourites() {
    const me = useMe();
    const { od } = Route.useSearch();
    if (!me) return <LocalFavouritesPage cameFrom={safeReturnPath(od ?? thisPage)} />;
    // Un-liking with the heart updates the cached profile; the list follows it at once.
    return <FavouritesPage likedNow={me.likedPostings} />;
  },
});
