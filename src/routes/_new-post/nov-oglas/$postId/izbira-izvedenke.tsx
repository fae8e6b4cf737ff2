import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/features/auth/route-guards";
import { TrimStep } from "~/features/new-post/components/trim-step";
import { WizardFrame } from "~/features/new-post/components/wizard-frame";
import { stepHref } from "~/domain/wizard-steps";
import { draftQueryOptions } from "~/features/new-post/wizard";
import { postIdParams } from "~/features/posting/posting.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/izbira-izvedenke")({
  params: postIdParams,
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(draftQueryOptions(params.postId)),
  head: () => ({ meta: [{ title: pageTitle(m.trim_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Trim() {
    const { postId } = Route.useParams();
    return <WizardFrame postId={postId} step="details" editing={false}>{(draft) => <TrimStep draft={draft} detailsHref={stepHref("details", draft.id)} />}</WizardFrame>;
  },
});
