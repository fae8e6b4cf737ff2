import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { FavouritesPage, favouritesQueryOptions } from "~/features/favourites/components/favourites-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/priljubljeni-oglasi")({
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(favouritesQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.favourites_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Favourites() {
    // Un-liking with the heart updates the cached profile; the list follows it at once.
    return <FavouritesPage likedNow={useMe()?.likedPostings ?? []} />;
  },
});
