import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/features/auth/route-guards";
import { BuyFeaturingPage } from "~/features/featuring/components/buy-featuring-page";
import { pricingItemsQueryOptions } from "~/features/featuring/featuring.queries";
import { postIdParams } from "~/features/posting/posting.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/oglasevanje/$postId/")({
  params: postIdParams,
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(pricingItemsQueryOptions(params.postId)),
  head: () => ({ meta: [{ title: pageTitle(m.feat_buy_title()) }, { name: "robots", content: "noindex" }] }),
  component: function BuyFeaturing() {
    const { postId } = Route.useParams();
    return <BuyFeaturingPage postId={postId} />;
  },
});
