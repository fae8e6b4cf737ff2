import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "~/features/auth/route-guards";
import { DetailsStep } from "~/features/new-post/components/details-step";
import { WizardFrame } from "~/features/new-post/components/wizard-frame";
import { postIdParams } from "~/features/posting/posting.queries";
import { draftQueryOptions } from "~/features/new-post/wizard";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/karakteristike-in-oprema")({
  params: postIdParams,
  validateSearch: (search: Record<string, unknown>): { edit?: string } => (search.edit === "1" ? { edit: "1" } : {}),
  beforeLoad: requireSignedIn,
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(draftQueryOptions(params.postId)),
  head: () => ({ meta: [{ title: pageTitle(m.wizard_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Step() {
    const { postId } = Route.useParams();
    const { edit } = Route.useSearch();
    return (
      <WizardFrame postId={postId} step="details" editing={edit === "1"}>
        {(draft, nextHref) => <DetailsStep draft={draft} nextHref={nextHref} />}
      </WizardFrame>
    );
  },
});
