import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { emailLinkQueryOptions, spentEmailLinkReturnQueryOptions } from "~/features/auth/auth.queries";
import { LinkConfirmPage } from "~/features/auth/components/link-confirm-page";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

const tokenOf = (search: Record<string, unknown>) => (typeof search.token === "string" ? search.token : "");

/** "Nadaljuj kot …": the page every e-mailed sign-in link opens (decision 030). */
export const Route = createFileRoute("/_default/prijava/potrditev")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loaderDeps: ({ search }) => ({ token: tokenOf(search) }),
  loader: async ({ context, deps }) => {
    const view = await context.queryClient.ensureQueryData(emailLinkQueryOptions(deps.token));
    // A spent link: the page it was asked for, where the login offers a new one.
    if (!view) await context.queryClient.ensureQueryData(spentEmailLinkReturnQueryOptions(deps.token));
  },
  // The token must not leave the site in a Referer.
  head: () => ({
    meta: [
      { title: pageTitle(m.link_confirm_title()) },
      { name: "robots", content: "noindex" },
      { name: "referrer", content: "no-referrer" },
    ],
  }),
  component: function LinkConfirmRoute() {
    const token = tokenOf(Route.useSearch());
    const view = useSuspenseQuery(emailLinkQueryOptions(token)).data;
    const spentReturn = useSuspenseQuery(spentEmailLinkReturnQueryOptions(view ? "" : token)).data;
    return (
      <div className="mx-auto max-w-md">
        <div className="card p-6">
          <LinkConfirmPage token={token} view={view} spentReturn={spentReturn} />
        </div>
      </div>
    );
  },
});
