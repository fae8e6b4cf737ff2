import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { pricingItemsQueryOptions } from "~/features/featuring/featuring.queries";
import { FeaturingErrorPage } from "~/features/featuring/components/payment-result-pages";
import { postIdParams } from "~/lib/route-params";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/oglasevanje/$postId/napaka")({
  params: postIdParams,
  // The buyer's own payment only: someone else's posting is the 403 page, an unknown one the 404 page.
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.ensureQueryData(pricingItemsQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.feat_error_title()) }, { name: "robots", content: "noindex" }] }),
  component: function FeaturingError() {
    const { postId } = Route.useParams();
    return <FeaturingErrorPage postId={postId} />;
  },
});
