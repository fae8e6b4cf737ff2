import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "~/features/auth/route-guards";
import { safeReturnPath } from "~/domain/return-path";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { useMe } from "~/features/auth/use-session";
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
    if (!me) return null;
    return (
      <div className="card mx-auto max-w-xl p-6">
        <ProfileForm me={me} showTitleAndMessage termsLocked={false} onSuccess={() => window.location.assign(back)} />
      </div>
    );
  },
});
