import { appConfig } from "~/app.config";
import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "~/features/search/components/home-page";
import { manufacturersQueryOptions } from "~/client/catalogue.queries";
import { articlesQueryOptions } from "~/features/search/search.queries";
import { homeFirstRead, takeHomePostings } from "~/features/search/search-first-read";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/")({
  // Signed in, the root starts the grid's search before `me`: it brings the session in its batch (decision 089).
  staticData: { firstRead: homeFirstRead },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      takeHomePostings(queryClient),
      queryClient.ensureQueryData(manufacturersQueryOptions()),
      queryClient.ensureQueryData(articlesQueryOptions()),
    ]),
  head: () => ({
    meta: [{ title: pageTitle(m.home_title()) }],
    links: [{ rel: "canonical", href: `${appConfig.siteUrl}/` }],
  }),
  // Hydrated after the shell, in slices that let the phone answer a tap between them (decision 028).
  wrapInSuspense: true,
  component: HomePage,
});
