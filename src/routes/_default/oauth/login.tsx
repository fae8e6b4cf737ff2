import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPanel } from "~/features/auth/components/login-panel";
import { runtimeFlagsQueryOptions } from "~/features/auth/runtime.functions";
import { consentScreen, sessionIdOf } from "~/features/partners/partners.queries";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/** Partner consent, signed out: the usual sign-in, returning to the allow screen. */
export const Route = createFileRoute("/_default/oauth/login")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loaderDeps: ({ search }) => ({ session: sessionIdOf(search) }),
  loader: async ({ context: { queryClient, me }, deps: { session } }) => {
    if (!session) throw redirect({ href: "/oauth/error" });
    if (me) throw redirect({ href: consentScreen("allow", session) });
    return { session, flags: await queryClient.ensureQueryData(runtimeFlagsQueryOptions()) };
  },
  head: () => ({ meta: [{ title: pageTitle(m.partners_login_title()) }, { name: "robots", content: "noindex" }] }),
  component: function OauthLogin() {
    const { session, flags } = Route.useLoaderData();
    return (
      <div className="mx-auto max-w-md">
        <div className="card p-6">
          <h1 className="mb-2 text-2xl font-bold">{m.partners_login_title()}</h1>
          <p className="mb-4 text-sm text-muted">{m.partners_login_intro()}</p>
          <LoginPanel flags={flags} redirectUrl={consentScreen("allow", session)} reason={null} />
        </div>
      </div>
    );
  },
});
