import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { SalespeopleAdminPage } from "~/features/admin/components/salespeople-admin-page";
import { adminSalespeopleQueryOptions, type SalespeopleSearch } from "~/features/admin/dealer-admin.queries";
import { requireSignedIn } from "~/features/auth/route-guards";
import { useMe } from "~/features/auth/use-session";
import { ErrorPage } from "~/features/pages/components/error-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

function salespeopleSearch(search: Record<string, unknown>): SalespeopleSearch {
  const out: SalespeopleSearch = {};
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim().slice(0, 100);
  if (typeof search.dealershipCode === "string" && /^[a-z0-9-]{1,60}$/.test(search.dealershipCode)) out.dealershipCode = search.dealershipCode;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}

/** Dealer salespersons (spec section 2: `/administracija/svetovalci`), administrators only. */
export const Route = createFileRoute("/_default/administracija/svetovalci")({
  validateSearch: salespeopleSearch,
  beforeLoad: requireSignedIn,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, me }, deps }) => (me?.amzsAdmin ? queryClient.ensureQueryData(adminSalespeopleQueryOptions(deps)) : null),
  head: () => ({ meta: [{ title: pageTitle(m.adealers_people_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Salespeople() {
    const me = useMe();
    const search = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    if (!me?.amzsAdmin) return <ErrorPage status={403} />;
    return <SalespeopleAdminPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
