import { createFileRoute } from "@tanstack/react-router";
import { NetworksAdminPage } from "~/features/admin/components/networks-admin-page";
import { networksQueryOptions } from "~/features/admin/dealer-admin.queries";
import { requireAdmin } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Dealership networks (spec section 2: `/administracija/poslovne-mreze`), administrators only. */
export const Route = createFileRoute("/_default/administracija/poslovne-mreze")({
  beforeLoad: requireAdmin,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(networksQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.adealers_networks_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Networks() {
    return <NetworksAdminPage />;
  },
});
