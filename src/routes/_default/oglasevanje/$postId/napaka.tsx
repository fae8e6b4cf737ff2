import { createFileRoute } from "@tanstack/react-router";
import { FeaturingErrorPage } from "~/features/featuring/components/payment-result-pages";
import { postIdParams } from "~/features/posting/posting.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/oglasevanje/$postId/napaka")({
  params: postIdParams,
  head: () => ({ meta: [{ title: pageTitle(m.feat_error_title()) }, { name: "robots", content: "noindex" }] }),
  component: function FeaturingError() {
    const { postId } = Route.useParams();
    return <FeaturingErrorPage postId={postId} />;
  },
});
