import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { TrimStep } from "~/features/new-post/components/trim-step";
import { WizardFrame } from "~/features/new-post/components/wizard-frame";
import { stepHref } from "~/domain/wizard-steps";
import { draftQueryOptions } from "~/features/new-post/wizard";
import { postIdParams } from "~/lib/route-params";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Trim selection for a draft (spec: editing a draft with no trim comes here); part of step 1 unless editing. */
export const Route = createFileRoute("/_new-post/nov-oglas/$postId/izbira-izvedenke")({
  params: postIdParams,
  validateSearch: (search: Record<string, unknown>): { edit?: string } => (search.edit === "1" ? { edit: "1" } : {}),
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.ensureQueryData(draftQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.trim_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Trim() {
    const { postId } = Route.useParams();
    const { edit } = Route.useSearch();
    const editing = edit === "1";
    return (
      <WizardFrame postId={postId} step={editing ? "details" : "vehicle"} editing={editing}>
        {(draft) => (
          <TrimStep
            draft={draft}
            detailsHref={`${stepHref("details", draft.id)}${draft.status !== "DRAFT" ? "?edit=1" : ""}`}
          />
        )}
      </WizardFrame>
    );
  },
});
