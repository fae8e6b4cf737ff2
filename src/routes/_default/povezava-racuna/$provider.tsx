import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { pendingSocialLinkQueryOptions } from "~/features/auth/auth.queries";
import { SocialLinkPage } from "~/features/auth/components/social-link-page";
import { requireSignedIn } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/** The signed-in owner links the social identity waiting in this browser (decision 031). */
export const Route = createFileRoute("/_default/povezava-racuna/$provider")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  beforeLoad: requireSignedIn,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(pendingSocialLinkQueryOptions(params.provider)),
  head: () => ({ meta: [{ title: pageTitle(m.social_link_title()) }, { name: "robots", content: "noindex" }] }),
  component: function SocialLinkRoute() {
    const { provider } = Route.useParams();
    const search = Route.useSearch();
    const view = useSuspenseQuery(pendingSocialLinkQueryOptions(provider)).data;
    return (
      <div className="mx-auto max-w-md">
        <div className="card p-6">
          <SocialLinkPage
            view={view}
            provider={provider}
            redirectUrl={typeof search.redirectUrl === "string" ? search.redirectUrl : "/"}
          />
        </div>
      </div>
    );
  },
});
