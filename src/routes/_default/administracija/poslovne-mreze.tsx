import { createFileRoute } from "@tanstack/react-router";
import { NetworksAdminPage } from "~/features/admin/components/networks-admin-page";
import { networksQueryOptions } from "~/features/admin/dealer-admin.queries";
import { requireSignedIn } from "~/features/auth/route-guards";
import { useMe } from "~/features/auth/use-session";
import { ErrorPage } from "~/features/pages/components/error-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Dealership networks (spec section 2: `/administracija/poslovne-mreze`), administrators only. */
export const Route = createFileRoute("/_default/administracija/poslovne-mreze")({
  beforeLoad: requireSignedIn,
  loader: ({ context: { queryClient, me } }) => (me?.amzsAdmin ? queryClient.ensureQueryData(networksQueryOptions()) : null),
  head: () => ({ meta: [{ title: pageTitle(m.adealers_networks_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Networks() {
    const me = useMe();
    if (!me?.amzsAdmin) return <ErrorPage status={403} />;
    return <NetworksAdminPage />;
  },
});
