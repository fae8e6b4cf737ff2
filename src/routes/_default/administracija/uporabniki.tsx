import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { UsersAdminPage } from "~/features/admin/components/users-admin-page";
import { adminUsersQueryOptions } from "~/features/admin/dealer-admin.queries";
import { requireAdmin } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Users and the impersonation entry (decision 022: its own page beside the dealer screens), administrators only. */
export const Route = createFileRoute("/_default/administracija/uporabniki")({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === "string" && search.q.trim() ? { q: search.q.trim().slice(0, 100) } : {},
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(adminUsersQueryOptions(deps.q)),
  head: () => ({ meta: [{ title: pageTitle(m.adealers_users_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Users() {
    const me = useMe();
    const { q } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    if (!me?.amzsAdmin) return null; // the guard (beforeLoad) answered 403
    return (
      <UsersAdminPage meId={me.id} q={q} onSearch={(next) => void navigate({ search: next ? { q: next } : {} })} />
    );
  },
});
