import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { mergeRequestQueryOptions } from "~/features/auth/auth.queries";
import { MergeConsentPage } from "~/features/auth/components/merge-consent-page";
import { requireSignedIn } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/** The target owner's consent to merge a legacy phone account into theirs (decision 032). */
export const Route = createFileRoute("/_default/zdruzitev-racunov")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  beforeLoad: requireSignedIn,
  loader: ({ context }) => context.queryClient.ensureQueryData(mergeRequestQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.merge_consent_title()) }, { name: "robots", content: "noindex" }] }),
  component: function MergeConsentRoute() {
    const search = Route.useSearch();
    const view = useSuspenseQuery(mergeRequestQueryOptions()).data;
    return (
      <div className="mx-auto max-w-md">
        <div className="card p-6">
          <MergeConsentPage
            view={view}
            redirectUrl={typeof search.redirectUrl === "string" ? search.redirectUrl : "/"}
          />
        </div>
      </div>
    );
  },
});
