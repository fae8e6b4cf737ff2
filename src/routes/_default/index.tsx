import { appConfig } from "~/app.config";
import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "~/features/search/components/home-page";
import { manufacturersQueryOptions } from "~/client/catalogue.queries";
import { articlesQueryOptions, homePostingsQueryOptions } from "~/features/search/search.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/")({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(homePostingsQueryOptions()),
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
