import { createFileRoute, notFound } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { TestCheckoutPage } from "~/features/featuring/components/test-checkout-page";
import { devCheckoutQueryOptions } from "~/features/featuring/featuring.queries";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The local test checkout (DEV_OUTBOX without Stripe keys): the API answers 404 otherwise, and so does this page. */
export const Route = createFileRoute("/_default/dev/placilo/$sessionId")({
  beforeLoad: requireRegistered,
  loader: async ({ context: { queryClient }, params }) => {
    try {
      return await queryClient.ensureQueryData(devCheckoutQueryOptions(params.sessionId));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw notFound();
      throw error;
    }
  },
  head: () => ({ meta: [{ title: pageTitle(m.feat_dev_title()) }, { name: "robots", content: "noindex" }] }),
  component: function TestCheckout() {
    const { sessionId } = Route.useParams();
    return <TestCheckoutPage sessionId={sessionId} />;
  },
});
