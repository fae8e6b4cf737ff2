import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { loadSavedSearches, SavedSearchesPage } from "~/features/search/components/saved-searches-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/shranjena-iskanja")({
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient } }) => loadSavedSearches(queryClient),
  head: () => ({ meta: [{ title: pageTitle(m.saved_title()) }, { name: "robots", content: "noindex" }] }),
  component: SavedSearchesPage,
});
