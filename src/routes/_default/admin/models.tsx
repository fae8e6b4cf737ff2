import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { ModelAdminPage } from "~/features/admin/components/model-admin-page";
import { modelAdminQueryOptions } from "~/features/admin/model-admin.queries";
import { requireAdmin } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Model administration (spec section 2: `/admin/models`), administrators only. */
export const Route = createFileRoute("/_default/admin/models")({
  validateSearch: (search: Record<string, unknown>): { manufacturer?: string } =>
    typeof search.manufacturer === "string" && /^[a-z0-9-]{1,40}$/.test(search.manufacturer)
      ? { manufacturer: search.manufacturer }
      : {},
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(modelAdminQueryOptions(deps.manufacturer)),
  head: () => ({ meta: [{ title: pageTitle(m.models_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Models() {
    const { manufacturer } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ModelAdminPage
        manufacturer={manufacturer}
        onManufacturer={(code) => void navigate({ search: { manufacturer: code } })}
      />
    );
  },
});
