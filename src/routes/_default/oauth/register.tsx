import { createFileRoute, redirect } from "@tanstack/react-router";
import { isRegistered } from "~/domain/user";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { useMe } from "~/client/use-session";
import { consentScreen, sessionIdOf } from "~/features/partners/partners.queries";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/** Partner consent for an account without names: the registration form, then the allow screen. */
export const Route = createFileRoute("/_default/oauth/register")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loaderDeps: ({ search }) => ({ session: sessionIdOf(search) }),
  loader: ({ context: { me }, deps: { session } }) => {
    if (!session) throw redirect({ href: "/oauth/error" });
    if (!me) throw redirect({ href: consentScreen("login", session) });
    if (isRegistered(me)) throw redirect({ href: consentScreen("allow", session) });
    return { session };
  },
  head: () => ({ meta: [{ title: pageTitle(m.partners_register_title()) }, { name: "robots", content: "noindex" }] }),
  component: function OauthRegister() {
    const { session } = Route.useLoaderData();
    const me = useMe();
    if (!me) return null;
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <div>
          <h1 className="text-2xl font-bold">{m.partners_register_title()}</h1>
          <p className="mt-1 text-sm text-muted">{m.partners_register_intro()}</p>
        </div>
        <div className="card p-6">
          <ProfileForm
            me={me}
            showTitleAndMessage
            termsLocked={false}
            onSuccess={() => window.location.assign(consentScreen("allow", session))}
            onCancel={() => window.location.assign("/")}
          />
        </div>
      </div>
    );
  },
});
