import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { useBuyFeaturing } from "~/features/featuring/use-buy-featuring";
import { DraftPreviewPage } from "~/features/new-post/components/publish-preview";
import { draftStepRoute } from "~/features/new-post/draft-step-route";
import { draftPreviewQueryOptions } from "~/features/new-post/wizard";
import { PostingPage } from "~/features/posting/components/posting-page";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { postIdParams } from "~/lib/route-params";
import { m } from "~/paraglide/messages";

/**
 * The whole posting as buyers will see it, before "Oddaj oglas": the posting feature's page in its preview
 * form inside the wizard's preview frame, whose "Oddaj oglas" buys the chosen featuring like the warranty step.
 * In the wizard's frame at full width; the preview answers only the wizard's people (403 for others).
 */
export const Route = createFileRoute("/_new-post-preview/nov-oglas/$postId/predogled")({
  params: postIdParams,
  validateSearch: draftStepRoute().validateSearch,
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.fetchQuery(draftPreviewQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.publish_preview_banner()) }, { name: "robots", content: "noindex" }] }),
  component: function Preview() {
    const { posting } = Route.useLoaderData();
    const { buy } = useBuyFeaturing();
    return (
      <DraftPreviewPage
        draft={{ id: posting.postId, code: posting.code, status: posting.status }}
        buyFeaturing={buy}
        posting={<PostingPage posting={posting} favourite={null} preview />}
      />
    );
  },
});
