import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "~/features/auth/route-guards";
import { FeaturingSuccessPage } from "~/features/featuring/components/payment-result-pages";
import { pricingItemsQueryOptions } from "~/features/featuring/featuring.queries";
import { postIdParams } from "~/features/posting/posting.queries";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** `?days=` as the purchase set it: a whole number of days, anything else ignored. */
const daysSearch = (search: Record<string, unknown>): { days?: number } => {
  const days = Number(search.days);
  return Number.isInteger(days) && days > 0 && days <= 180 ? { days } : {};
};

export const Route = createFileRoute("/_default/oglasevanje/$postId/konec")({
  params: postIdParams,
  validateSearch: daysSearch,
  beforeLoad: requireSignedIn,
  // Someone else's posting is the 403 page, an unknown one the 404 page (HTTP status too).
  loader: ({ context: { queryClient }, params }) => orFailPage(queryClient.ensureQueryData(pricingItemsQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.feat_success_title()) }, { name: "robots", content: "noindex" }] }),
  component: function FeaturingSuccess() {
    const { postId } = Route.useParams();
    const { days } = Route.useSearch();
    return <FeaturingSuccessPage postId={postId} days={days ?? null} />;
  },
});
