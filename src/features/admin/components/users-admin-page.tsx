import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatSlovenianMobile } from "~/domain/dealer-people";
import { formatDate } from "~/domain/format";
import { SearchForm } from "~/components/ui/search-form";
import { m } from "~/paraglide/messages";
import { useImpersonate } from "../use-confirmed-writes";
import { AdminPageHeader, RowButton } from "./admin-page-ui";
import type { AdminUser } from "~/contracts/admin-dealers";
import { adminUsersQueryOptions } from "../dealer-admin.queries";
import { useVerifyMembership } from "../use-verify-membership";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DealerAdminNav } from "./dealer-admin-ui";

const label = (u: AdminUser) => u.name ?? u.email ?? u.phoneNumber ?? m.adealers_users_id({ id: String(u.id) });

/**
 * /administracija/uporabniki: the impersonation entry. Accounts by phone, e-mail, name or id; "Prevzemi
 * identiteto" calls `POST /impersonate/{id}` and reloads as that user (the bar at the top stops it).
 */
export function UsersAdminPage({
  meId,
  q,
  onSearch,
}: {
  meId: number;
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  const { data } = useSuspenseQuery(adminUsersQueryOptions(q));
  const [target, setTarget] = useState<AdminUser | null>(null);
  const membership = useVerifyMembership(q);
  // The session cookie now belongs to the other user: start over as them.
  const takeOver = useImpersonate(() => window.location.assign("/"));
  const notice = membership.notice;

  return (
    <div className="space-y-5">
      <DealerAdminNav current="users" />
      <AdminPageHeader title={m.adealers_users_title()} intro={m.adealers_users_intro()} />
      {notice ? (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`rounded-lg p-3 text-sm font-medium ${notice.ok ? "bg-brand-50 text-brand-800" : "bg-danger/10 text-danger"}`}
        >
          {notice.text}
        </p>
      ) : null}
      <SearchForm
        key={q ?? ""}
        label={m.adealers_users_search()}
        submitLabel={m.adealers_search_submit()}
        initial={q ?? ""}
        onSearch={onSearch}
      />
      {data.length === 0 ? <p className="card p-6 text-center text-muted">{m.adealers_users_empty()}</p> : null}
      <ul className="space-y-2" aria-label={m.adealers_users_list()} data-testid="admin-users">
        {data.map((u) => (
          <li key={u.id} className="card flex flex-col gap-2 p-3 sm:flex-row sm:items-center" data-user-id={u.id}>
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-semibold">
                {u.name ?? m.adealers_users_no_name()}
                <span className="ml-2 text-xs font-normal text-muted">{m.adealers_users_id({ id: String(u.id) })}</span>
              </p>
              <p className="break-all text-sm">
                {[u.email, u.phoneNumber ? formatSlovenianMobile(u.phoneNumber) : null].filter(Boolean).join(" · ")}
              </p>
              <p className="flex flex-wrap gap-1 text-xs">
                {u.amzsAdmin ? (
                  <span className="rounded bg-brand-50 px-1.5 py-0.5 font-medium text-brand-800">
                    {m.adealers_users_admin()}
                  </span>
                ) : null}
                {u.amzsPostingEditor ? (
                  <span className="rounded bg-brand-50 px-1.5 py-0.5 font-medium text-brand-800">
                    {m.adealers_users_editor()}
                  </span>
                ) : null}
                {u.amzsMembershipNumber ? (
                  <span
                    className={`rounded px-1.5 py-0.5 font-medium ${u.amzsMembershipVerified ? "bg-brand-50 text-brand-800" : "bg-accent-500/15"}`}
                    data-testid="admin-membership"
                  >
                    {m.adealers_users_membership({ number: u.amzsMembershipNumber })}:{" "}
                    {u.amzsMembershipVerified
                      ? m.adealers_users_membership_verified()
                      : m.adealers_users_membership_unverified()}
                  </span>
                ) : null}
                {u.disabled ? (
                  <span className="rounded bg-danger/10 px-1.5 py-0.5 font-medium text-danger">
                    {m.adealers_users_disabled()}
                  </span>
                ) : null}
                {u.dealership ? (
                  <span className="rounded bg-surface px-1.5 py-0.5">
                    {m.adealers_users_dealer({
                      role:
                        u.dealership.role === "HEAD"
                          ? m.adealers_users_role_HEAD()
                          : m.adealers_users_role_SALESPERSON(),
                      dealer: u.dealership.name,
                    })}
                  </span>
                ) : null}
                <span className="px-1.5 py-0.5 text-muted">
                  {m.adealers_users_registered({ date: formatDate(u.registeredAt) })}
                </span>
              </p>
            </div>
            {u.amzsMembershipNumber ? (
              <button
                type="button"
                className="btn-outline"
                disabled={membership.busyId === u.id}
                onClick={() => void membership.toggle(u)}
                aria-label={`${u.amzsMembershipVerified ? m.adealers_users_membership_unverify() : m.adealers_users_membership_verify()}: ${label(u)}`}
              >
                {u.amzsMembershipVerified
                  ? m.adealers_users_membership_unverify()
                  : m.adealers_users_membership_verify()}
              </button>
            ) : null}
            {u.id === meId ? (
              <p className="text-sm text-muted">{m.adealers_users_self()}</p>
            ) : (
              <RowButton
                label={m.adealers_users_impersonate()}
                name={label(u)}
                disabled={u.disabled}
                onClick={() => {
                  takeOver.reset();
                  setTarget(u);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        title={m.adealers_users_impersonate_title()}
        question={target ? m.adealers_users_impersonate_text({ name: label(target) }) : null}
        confirmLabel={m.adealers_users_impersonate()}
        tone="primary"
        write={takeOver}
        onClose={() => setTarget(null)}
        onConfirm={() => target && void takeOver.submit(target.id)}
      />
    </div>
  );
}
