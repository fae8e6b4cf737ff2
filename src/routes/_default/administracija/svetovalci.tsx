import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { SalespeopleAdminPage } from "~/features/admin/components/salespeople-admin-page";
import { adminSalespeopleQueryOptions, type SalespeopleSearch } from "~/features/admin/dealer-admin.queries";
import { requireAdmin } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

function salespeopleSearch(search: Record<string, unknown>): SalespeopleSearch {
  const out: SalespeopleSearch = {};
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim().slice(0, 100);
  if (typeof search.dealershipCode === "string" && /^[a-z0-9-]{1,60}$/.test(search.dealershipCode))
    out.dealershipCode = search.dealershipCode;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}

/** Dealer salespersons (spec section 2: `/administracija/svetovalci`), administrators only. */
export const Route = createFileRoute("/_default/administracija/svetovalci")({
  validateSearch: salespeopleSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(adminSalespeopleQueryOptions(deps)),
  head: () => ({ meta: [{ title: pageTitle(m.adealers_people_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Salespeople() {
    const search = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return <SalespeopleAdminPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
