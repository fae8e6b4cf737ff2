import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { auditLogQueryOptions, type AuditLogSearch } from "~/features/admin/admin-content.queries";
import { AuditLogPage } from "~/features/admin/components/audit-log-page";
import { requireAdmin } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

function auditSearch(search: Record<string, unknown>): AuditLogSearch {
  const out: AuditLogSearch = {};
  if (typeof search.entity === "string" && /^[a-z0-9_.-]{1,60}$/.test(search.entity)) out.entity = search.entity;
  if (typeof search.actor === "string" && search.actor.trim()) out.actor = search.actor.trim().slice(0, 100);
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}

/** The audit log viewer (`/administracija/revizija`, decision 021), administrators only. */
export const Route = createFileRoute("/_default/administracija/revizija")({
  validateSearch: auditSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(auditLogQueryOptions(deps)),
  head: () => ({ meta: [{ title: pageTitle(m.acontent_audit_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Audit() {
    const search = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return <AuditLogPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
