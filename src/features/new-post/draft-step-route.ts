import type { QueryClient } from "@tanstack/react-query";
import { useParams, useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { requireSignedIn } from "~/features/auth/route-guards";
import { postIdParams } from "~/features/posting/posting.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/services/drafts.server";
import { WizardFrame } from "./components/wizard-frame";
import type { WizardStep } from "~/domain/wizard-steps";
import { draftQueryOptions } from "./wizard";

/** The route options every step of a draft shares: signed-in only, the draft loaded, `?edit=1` when editing a published posting. */
export function draftStepRoute(step: WizardStep, Step: (props: { draft: DraftView; nextHref: string }) => ReactNode) {
  return {
    params: postIdParams,
    validateSearch: (search: Record<string, unknown>): { edit?: string } => (search.edit === "1" ? { edit: "1" } : {}),
    beforeLoad: requireSignedIn,
    loader: ({ context: { queryClient }, params }: { context: { queryClient: QueryClient }; params: { postId: string } }) =>
      queryClient.ensureQueryData(draftQueryOptions(params.postId)),
    head: () => ({ meta: [{ title: pageTitle(m.wizard_title()) }, { name: "robots", content: "noindex" }] }),
    component: function DraftStep() {
      const { postId } = useParams({ strict: false }) as { postId: string };
      const { edit } = useSearch({ strict: false }) as { edit?: string };
      return (
        <WizardFrame postId={postId} step={step} editing={edit === "1"}>
          {(draft, nextHref) => <Step draft={draft} nextHref={nextHref} />}
        </WizardFrame>
      );
    },
  };
}
