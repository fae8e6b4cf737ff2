import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { FeaturingSuccessPage } from "~/features/featuring/components/payment-result-pages";
import { pricingItemsQueryOptions } from "~/features/featuring/featuring.queries";
import { postIdParams } from "~/lib/route-params";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** `?days=` (spec) stays in the address the purchase returns to, but the page reads the days from the purchase itself. */
const daysSearch = (search: Record<string, unknown>): { days?: string } =>
  typeof search.days === "string" || typeof search.days === "number" ? { days: String(search.days) } : {};

export const Route = createFileRoute("/_default/oglasevanje/$postId/konec")({
  params: postIdParams,
  validateSearch: daysSearch,
  beforeLoad: requireRegistered,
  // Someone else's posting is the 403 page, an unknown one the 404 page (HTTP status too).
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.ensureQueryData(pricingItemsQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.feat_success_title()) }, { name: "robots", content: "noindex" }] }),
  component: function FeaturingSuccess() {
    const { postId } = Route.useParams();
    return <FeaturingSuccessPage postId={postId} />;
  },
});
