import { createFileRoute, redirect } from "@tanstack/react-router";
import { SavedSearchesPage, savedSearchesQueryOptions } from "~/features/search/components/saved-searches-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/shranjena-iskanja")({
  // Auth gate: signed-out visitors sign in first and come back here (spec section 6).
  beforeLoad: ({ context, location }) => {
    if (!context.me) throw redirect({ to: "/relogin", search: { redirectUrl: location.href } });
  },
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(savedSearchesQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.saved_title()) }, { name: "robots", content: "noindex" }] }),
  component: SavedSearchesPage,
});
