import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { BuyFeaturingPage } from "~/features/featuring/components/buy-featuring-page";
import { pricingItemsQueryOptions } from "~/features/featuring/featuring.queries";
import { choiceFromSearch, packagesSearch } from "~/features/featuring/payment-search";
import { postIdParams } from "~/lib/route-params";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/oglasevanje/$postId/")({
  params: postIdParams,
  // `?placilo=preklicano&paket=…&dni=…`: back from a cancelled checkout (decision 062).
  validateSearch: packagesSearch,
  beforeLoad: requireRegistered,
  // Someone else's posting is the 403 page, an unknown one the 404 page (HTTP status too).
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.ensureQueryData(pricingItemsQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.feat_buy_title()) }, { name: "robots", content: "noindex" }] }),
  component: function BuyFeaturing() {
    const { postId } = Route.useParams();
    const search = Route.useSearch();
    return (
      <BuyFeaturingPage
        postId={postId}
        cancelled={search.placilo === "preklicano"}
        earlierChoice={choiceFromSearch(search)}
      />
    );
  },
});
