import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { requireSignedIn } from "~/client/route-guards";
import { safeReturnPath } from "~/domain/return-path";
import { isRegistered } from "~/domain/user";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { useMe } from "~/client/use-session";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/register")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  beforeLoad: requireSignedIn,
  head: () => ({ meta: [{ title: pageTitle(m.register_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Register() {
    const me = useMe();
    const search = Route.useSearch();
    const back = safeReturnPath(typeof search.redirectUrl === "string" ? search.redirectUrl : "/");
    // Whether the profile was complete when the page opened: a save does not turn the page into another one.
    const [registered] = useState(() => isRegistered(me));
    if (!me) return null;
    return (
      <div className="card mx-auto max-w-xl space-y-4 p-6">
        {/* Already registered: the filled profile, the accepted terms ticked and locked (spec section 5). */}
        {registered ? <h1 className="text-2xl font-bold">{m.profile_title()}</h1> : null}
        <ProfileForm
          me={me}
          showTitleAndMessage={!registered}
          termsLocked={registered}
          onSuccess={() => window.location.assign(back)}
          // Without names the page asked for stays closed to the user (the guard would send them here again): home.
          onCancel={() => window.location.assign(registered ? back : "/")}
        />
      </div>
    );
  },
});
