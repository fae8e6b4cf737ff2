import { createFileRoute } from "@tanstack/react-router";
import { parseSearchParams } from "~/domain/search-filters";
import { AdvancedSearchPage } from "~/features/search/components/advanced-search-page";
import { manufacturersQueryOptions } from "~/client/catalogue.queries";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_search-detail/napredno-iskanje")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(manufacturersQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.advanced_title()) }] }),
  component: function AdvancedSearchRoute() {
    const raw = Route.useSearch();
    return <AdvancedSearchPage initial={parseSearchParams(raw)} />;
  },
});
