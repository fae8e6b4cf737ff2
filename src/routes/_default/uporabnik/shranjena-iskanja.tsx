import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { SavedSearchesPage } from "~/features/search/components/saved-searches-page";
import { loadSavedSearches } from "~/features/search/saved-searches.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/shranjena-iskanja")({
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient } }) => loadSavedSearches(queryClient),
  head: () => ({ meta: [{ title: pageTitle(m.saved_title()) }, { name: "robots", content: "noindex" }] }),
  component: SavedSearchesPage,
});
