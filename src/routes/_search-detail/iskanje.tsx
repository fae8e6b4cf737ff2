import { appConfig } from "~/app.config";
import { createFileRoute, isRedirect, redirect, useNavigate } from "@tanstack/react-router";
import { hasActiveFilters, hasFormFields, parseSearchParams, serializeSearchFilters } from "~/domain/search-filters";
import { useMe } from "~/client/use-session";
import { FavouriteButton } from "~/features/favourites/components/favourite-button";
import { SearchPage } from "~/features/search/components/search-page";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import {
  aiSearchQueryOptions,
  articlesQueryOptions,
  dropOneCountsQueryOptions,
} from "~/features/search/search.queries";
import { rawSearchOf } from "~/features/search/use-search-navigation";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";
import { searchResultsFirstRead, takeSearchResults } from "~/features/search/search-first-read";

export const Route = createFileRoute("/_search-detail/iskanje")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  // Signed in, the root starts the results' search before `me`: it brings the session in its batch (decision 089).
  // Not for a URL this route redirects (the forms' fields, a phrase still to understand): the loader reads nothing.
  staticData: { firstRead: searchResultsFirstRead },
  // The filter forms submitted before hydration (make, price.max, …: decision 064) land on the canonical URL.
  beforeLoad: ({ search }) => {
    if (hasFormFields(Object.keys(search)))
      throw redirect({ to: "/iskanje", search: rawSearchOf(parseSearchParams(search)) });
  },
  // The canonical query (codec output) keys the data: garbage and aliases share one cache entry.
  loaderDeps: ({ search }) => ({ query: serializeSearchFilters(parseSearchParams(search)).toString() }),
  loader: async ({ context: { queryClient }, deps }) => {
    const filters = parseSearchParams(deps.query);
    let aiError = false;
    // Free text from the AI box (home or here, also as a plain GET before hydration): understand it once,
    // then show the filters it became.
    if (filters.ai && filters.searchSource !== "ai") {
      try {
        const understood = await queryClient.fetchQuery(aiSearchQueryOptions(filters.ai));
        throw redirect({
          to: "/iskanje",
          search: rawSearchOf({ ...understood.filters, ai: filters.ai, searchSource: "ai" }),
        });
      } catch (error) {
        if (isRedirect(error)) throw error;
        aiError = true;
      }
    }
    // Everything the page shows comes with it: nothing is fetched and rendered again after hydration
    // (the articles under the results, the chosen make's models for the chips and the filter).
    const firstMake = filters.model[0]?.manufacturer;
    const [results] = await Promise.all([
      takeSearchResults(queryClient, deps.query),
      // The words the phrase left out, named under the AI box (the same deterministic answer as above).
      filters.ai && !aiError ? queryClient.ensureQueryData(aiSearchQueryOptions(filters.ai)).catch(() => null) : null,
      queryClient.ensureQueryData(manufacturersQueryOptions()),
      queryClient.ensureQueryData(articlesQueryOptions()).catch(() => null),
      firstMake ? queryClient.ensureQueryData(modelsQueryOptions(firstMake)).catch(() => null) : null,
    ]);
    // Nothing found: the help (which one filter to drop) comes with the page, so it shows before hydration.
    if (results.total === 0 && hasActiveFilters(filters))
      await queryClient.ensureQueryData(dropOneCountsQueryOptions(filters)).catch(() => null);
    return { aiError };
  },
  // Canonical: the codec's normal form of the filters (aliases, order and defaults folded away).
  head: ({ match }) => ({
    meta: [{ title: pageTitle(m.search_title()) }, { name: "description", content: m.footer_about() }],
    links: [
      {
        rel: "canonical",
        href: `${appConfig.siteUrl}/iskanje${match.loaderDeps.query ? `?${match.loaderDeps.query}` : ""}`,
      },
    ],
  }),
  // Hydrated after the shell, in slices that let the phone answer a tap between them (decision 028).
  wrapInSuspense: true,
  component: SearchRoute,
});

function SearchRoute() {
  const raw = Route.useSearch();
  const { query } = Route.useLoaderDeps();
  const { aiError } = Route.useLoaderData();
  const navigate = useNavigate({ from: "/iskanje" });
  const me = useMe();
  return (
    <SearchPage
      filters={parseSearchParams(query)}
      showFilters={raw.showFilters === "true"}
      aiError={aiError}
      signedIn={me !== null}
      cardAction={(card) => (
        <FavouriteButton
          postId={card.postId}
          code={card.code}
          title={[card.manufacturerName, card.modelName].filter(Boolean).join(" ")}
        />
      )}
      onShowFilters={(open) =>
        void navigate({
          search: ({ showFilters: _, ...rest }) => (open ? { ...rest, showFilters: "true" } : rest),
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}
