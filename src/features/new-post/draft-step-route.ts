import type { QueryClient } from "@tanstack/react-query";
import { requireRegistered } from "~/features/auth/route-guards";
import { postIdParams } from "~/features/posting/posting.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";
import { draftQueryOptions } from "./wizard";

/**
 * The route options every step of a draft shares: signed-in only, the draft loaded, `?edit=1` when
 * editing a published posting. The step's page is the route's own `component` (a `DraftStep`), so the
 * router's code splitting keeps each step's form out of the entry chunk.
 */
export function draftStepRoute() {
  return {
    params: postIdParams,
    validateSearch: (search: Record<string, unknown>): { edit?: string } => (search.edit === "1" ? { edit: "1" } : {}),
    beforeLoad: requireRegistered,
    loader: ({ context: { queryClient }, params }: { context: { queryClient: QueryClient }; params: { postId: string } }) =>
      queryClient.ensureQueryData(draftQueryOptions(params.postId)),
    head: () => ({ meta: [{ title: pageTitle(m.wizard_title()) }, { name: "robots", content: "noindex" }] }),
  };
}
