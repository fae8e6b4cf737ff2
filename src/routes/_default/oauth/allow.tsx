import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { isRegistered } from "~/domain/user";
import { ConsentAllowPage } from "~/features/partners/components/consent-allow-page";
import { consentScreen, consentSessionQueryOptions, sessionIdOf } from "~/features/partners/partners.queries";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/** Partner consent: allow or deny (signed-out visitors sign in first, accounts without names register first). */
export const Route = createFileRoute("/_default/oauth/allow")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loaderDeps: ({ search }) => ({ session: sessionIdOf(search) }),
  loader: async ({ context: { queryClient, me }, deps: { session } }) => {
    if (!session) throw redirect({ href: "/oauth/error" });
    // Expiry first: nobody signs in for a request that is already gone.
    const view = await queryClient.ensureQueryData(consentSessionQueryOptions(session)).catch((e: unknown) => {
      if (e instanceof ApiError && (e.statusCode === 410 || e.statusCode === 404)) return null;
      throw e;
    });
    if (!view) throw redirect({ href: "/oauth/error" });
    if (!me) throw redirect({ href: consentScreen("login", session) });
    if (!isRegistered(me)) throw redirect({ href: consentScreen("register", session) });
    if (view.status === "ALLOWED") throw redirect({ href: consentScreen("notification", session) });
    return { session };
  },
  head: () => ({ meta: [{ title: pageTitle(m.partners_allow_title()) }, { name: "robots", content: "noindex" }] }),
  component: function OauthAllow() {
    const { session } = Route.useLoaderData();
    const view = useSuspenseQuery(consentSessionQueryOptions(session)).data;
    return <ConsentAllowPage view={view} />;
  },
});
