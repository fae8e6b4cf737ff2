import { createFileRoute } from "@tanstack/react-router";
import {
  equipmentDescriptorsQueryOptions,
  equipmentSegmentsQueryOptions,
} from "~/features/admin/admin-content.queries";
import { EquipmentAdminPage } from "~/features/admin/components/equipment-admin-page";
import { requireAdmin } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Additional equipment (spec section 2: `/administracija/oprema`), administrators only. */
export const Route = createFileRoute("/_default/administracija/oprema")({
  beforeLoad: requireAdmin,
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(equipmentDescriptorsQueryOptions()),
      queryClient.ensureQueryData(equipmentSegmentsQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: pageTitle(m.acontent_equipment_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Equipment() {
    return <EquipmentAdminPage />;
  },
});
