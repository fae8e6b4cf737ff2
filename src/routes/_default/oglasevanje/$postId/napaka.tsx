import { createFileRoute, redirect } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { pricingItemsQueryOptions } from "~/features/featuring/featuring.queries";
import { FeaturingErrorPage } from "~/features/featuring/components/payment-result-pages";
import { paymentReturnSearch } from "~/features/featuring/payment-search";
import { postIdParams } from "~/lib/route-params";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/oglasevanje/$postId/napaka")({
  params: postIdParams,
  validateSearch: paymentReturnSearch,
  // The buyer's own payment only: someone else's posting is the 403 page, an unknown one the 404 page.
  // A checkout the buyer cancelled is no error: back to the packages, the choice kept (decision 062).
  beforeLoad: (ctx) => {
    requireRegistered(ctx);
    const { razlog, ...choice } = ctx.search;
    if (razlog === "preklicano")
      throw redirect({
        to: "/oglasevanje/$postId",
        params: { postId: ctx.params.postId },
        search: { placilo: "preklicano", ...choice },
      });
  },
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.ensureQueryData(pricingItemsQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.feat_error_title()) }, { name: "robots", content: "noindex" }] }),
  component: function FeaturingError() {
    const { postId } = Route.useParams();
    return <FeaturingErrorPage postId={postId} />;
  },
});
