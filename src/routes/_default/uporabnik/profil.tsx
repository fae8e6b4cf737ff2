import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "~/features/auth/route-guards";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { useMe } from "~/features/auth/use-session";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/profil")({
  beforeLoad: requireSignedIn,
  head: () => ({ meta: [{ title: pageTitle(m.profile_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Profile() {
    const me = useMe();
    if (!me) return null;
    return (
      <div className="card mx-auto max-w-xl p-6">
        <h1 className="mb-4 text-2xl font-bold">{m.profile_title()}</h1>
        <ProfileForm me={me} showTitleAndMessage={false} termsLocked onSuccess={() => undefined} />
      </div>
    );
  },
});
