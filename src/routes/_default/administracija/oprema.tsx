import { createFileRoute } from "@tanstack/react-router";
import { equipmentDescriptorsQueryOptions, equipmentSegmentsQueryOptions } from "~/features/admin/admin-content.queries";
import { EquipmentAdminPage } from "~/features/admin/components/equipment-admin-page";
import { requireSignedIn } from "~/features/auth/route-guards";
import { useMe } from "~/features/auth/use-session";
import { ErrorPage } from "~/features/pages/components/error-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Additional equipment (spec section 2: `/administracija/oprema`), administrators only. */
export const Route = createFileRoute("/_default/administracija/oprema")({
  beforeLoad: requireSignedIn,
  loader: ({ context: { queryClient, me } }) =>
    me?.amzsAdmin ? Promise.all([queryClient.ensureQueryData(equipmentDescriptorsQueryOptions()), queryClient.ensureQueryData(equipmentSegmentsQueryOptions())]) : null,
  head: () => ({ meta: [{ title: pageTitle(m.acontent_equipment_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Equipment() {
    const me = useMe();
    if (!me?.amzsAdmin) return <ErrorPage status={403} />;
    return <EquipmentAdminPage />;
  },
});
