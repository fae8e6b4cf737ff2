import type { QueryClient } from "@tanstack/react-query";
import { requireRegistered } from "~/client/route-guards";
import { postIdParams } from "~/lib/route-params";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";
import { draftQueryOptions } from "./wizard";

/**
 * The route options every step of a draft shares: signed-in only, the draft loaded, `?edit=1` when
 * editing a published posting, the featuring choice on its way from the advertising step to the warranty step. The step's page is the route's own `component` (a `DraftStep`), so the
 * router's code splitting keeps each step's form out of the entry chunk.
 */
export function draftStepRoute() {
  return {
    params: postIdParams,
    // `package` and `days`: the featuring chosen on the advertising step, bought after "Oddaj oglas" on the warranty step.
    validateSearch: (search: Record<string, unknown>): { edit?: string; package?: string; days?: string } => ({
      ...(search.edit === "1" || search.edit === 1 ? { edit: "1" } : {}),
      ...(typeof search.package === "string" && /^[A-Z_]{1,20}$/.test(search.package)
        ? { package: search.package }
        : {}),
      ...((typeof search.days === "string" || typeof search.days === "number") && /^\d{1,3}$/.test(String(search.days))
        ? { days: String(search.days) }
        : {}),
    }),
    beforeLoad: requireRegistered,
    loader: ({
      context: { queryClient },
      params,
    }: {
      context: { queryClient: QueryClient };
      params: { postId: string };
    }) => orFailPage(queryClient.ensureQueryData(draftQueryOptions(params.postId)), "owner"),
    head: () => ({ meta: [{ title: pageTitle(m.wizard_title()) }, { name: "robots", content: "noindex" }] }),
  };
}
