import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { DealershipsAdminPage } from "~/features/admin/components/dealerships-admin-page";
import { adminDealershipsQueryOptions, type DealershipsSearch } from "~/features/admin/dealer-admin.queries";
import { requireEditor } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

function dealershipsSearch(search: Record<string, unknown>): DealershipsSearch {
  const out: DealershipsSearch = {};
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim().slice(0, 100);
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}

/** Dealerships (spec section 2: `/administracija/poslovne-enote`): editors list and edit, admins do everything. */
export const Route = createFileRoute("/_default/administracija/poslovne-enote")({
  validateSearch: dealershipsSearch,
  beforeLoad: requireEditor,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(adminDealershipsQueryOptions(deps)),
  head: () => ({ meta: [{ title: pageTitle(m.adealers_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Dealerships() {
    const me = useMe();
    const search = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    if (!me?.amzsPostingEditor && !me?.amzsAdmin) return null; // the guard (beforeLoad) answered 403
    return (
      <DealershipsAdminPage admin={me.amzsAdmin} search={search} onSearch={(next) => void navigate({ search: next })} />
    );
  },
});
