import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { requireDealer } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { StockPage } from "~/features/dealers/components/stock-page";
import { stockQueryOptions } from "~/features/dealers/stock.queries";
import { stockSearch } from "~/features/dealers/stock-search";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's stock dashboard (spec section 2: `/dms/zaloga`). */
export const Route = createFileRoute("/_default/dms/zaloga")({
  validateSearch: stockSearch,
  beforeLoad: requireDealer,
  // The router keeps parameters the validator dropped (?size=37, ?success=true): the list and its links
  // take the validated ones only.
  loaderDeps: ({ search }) => stockSearch(search),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(stockQueryOptions(deps)),
  head: () => ({ meta: [{ title: pageTitle(m.stock_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Stock() {
    const me = useMe();
    const search = stockSearch(Route.useSearch());
    const navigate = useNavigate({ from: Route.fullPath });
    if (!me?.dealership) return null; // the guard (beforeLoad) answered 403
    return (
      <StockPage
        search={search}
        dealershipCode={me.dealership.code}
        // A search, a status or a sort keeps the dealer where they are (by the search box), not at the top.
        onSearch={(next) => void navigate({ search: next, resetScroll: false })}
      />
    );
  },
});
