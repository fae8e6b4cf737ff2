import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatNumber } from "~/domain/format";
import { SearchForm } from "~/components/ui/search-form";
import { m } from "~/paraglide/messages";
import { useDeleteDealership } from "../use-confirmed-writes";
import { AdminPageHeader, ListPager, NewButton, RowButton } from "./admin-page-ui";
import type { AdminDealership } from "~/contracts/admin-dealers";
import { adminDealershipsQueryOptions, type DealershipsSearch } from "../dealer-admin.queries";
import { CreditDaysDialog } from "./credit-days-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DealerAdminNav, NoticeBar, type Notice } from "./dealer-admin-ui";
import { DealershipFormDialog } from "./dealership-form-dialog";
import { DeleteQuestion } from "./delete-question";
import { SignupRequestsSection } from "./signup-requests-section";

const nameOf = (d: AdminDealership) => d.publicName ?? d.name;

/**
 * /administracija/poslovne-enote: dealerships with search and paging. Editors edit them; admins also
 * create and delete them, grant credit days (with the ledger) and decide dealer sign-up requests.
 */
export function DealershipsAdminPage({
  admin,
  search,
  onSearch,
}: {
  admin: boolean;
  search: DealershipsSearch;
  onSearch: (s: DealershipsSearch) => void;
}) {
  const { data } = useSuspenseQuery(adminDealershipsQueryOptions(search));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminDealership | "new" | null>(null);
  const [crediting, setCrediting] = useState<AdminDealership | null>(null);
  const [deleting, setDeleting] = useState<AdminDealership | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-dealerships"] });
  const deletion = useDeleteDealership(async () => {
    if (deleting) setNotice({ text: m.adealers_deleted({ name: nameOf(deleting) }), error: false });
    await refresh();
    setDeleting(null);
  });

  return (
    <div className="space-y-5">
      <DealerAdminNav current="dealerships" />
      <AdminPageHeader
        title={m.adealers_title()}
        intro={admin ? m.adealers_intro_admin() : m.adealers_intro_editor()}
        action={admin ? <NewButton onClick={() => setEditing("new")}>{m.adealers_new()}</NewButton> : undefined}
      />
      <SearchForm
        key={search.q ?? ""}
        label={m.adealers_search_label()}
        submitLabel={m.adealers_search_submit()}
        placeholder={m.adealers_search_placeholder()}
        initial={search.q ?? ""}
        onSearch={(q) => onSearch({ q })}
      />
      <p className="text-sm text-muted">{m.adealers_total({ total: formatNumber(data.total) })}</p>
      <NoticeBar notice={notice} />
      {data.dealerships.length === 0 ? <p className="card p-6 text-center text-muted">{m.adealers_empty()}</p> : null}
      <ul className="space-y-3" aria-label={m.adealers_list_label()} data-testid="dealership-list">
        {data.dealerships.map((d) => (
          <li key={d.id} className="card flex flex-col gap-3 p-4 lg:flex-row lg:items-center" data-code={d.code ?? ""}>
            <div className="flex min-w-0 flex-1 gap-3">
              <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-white">
                {d.logoUrl ? (
                  <img
                    src={d.logoUrl}
                    alt=""
                    width={56}
                    height={56}
                    className="size-full object-contain"
                    loading="lazy"
                  />
                ) : null}
              </div>
              <div className="min-w-0 space-y-0.5">
                <h2 className="font-semibold">
                  {d.code ? (
                    <a className="hover:underline" href={`/trgovec/${d.code}`}>
                      {nameOf(d)}
                    </a>
                  ) : (
                    nameOf(d)
                  )}
                  {d.city ? <span className="font-normal text-muted"> · {d.city}</span> : null}
                </h2>
                <p className="text-sm">
                  {d.name}
                  {d.code ? <span className="text-muted"> · {m.adealers_code({ code: d.code })}</span> : null}
                  {d.network ? (
                    <span className="text-muted"> · {m.adealers_network({ name: d.network.name })}</span>
                  ) : null}
                </p>
                <p className="flex flex-wrap gap-x-3 text-xs text-muted">
                  <span>{m.adealers_members({ count: formatNumber(d.members) })}</span>
                  <span>
                    {m.adealers_postings({
                      count: formatNumber(d.postings),
                      published: formatNumber(d.publishedPostings),
                    })}
                  </span>
                  <span data-testid="advertising-days">
                    {m.adealers_days({ days: formatNumber(d.advertisingDays) })}
                  </span>
                  {d.subscriptionEndDate ? (
                    <span>{m.adealers_subscription_until({ date: formatDate(d.subscriptionEndDate) })}</span>
                  ) : null}
                </p>
              </div>
            </div>
            {d.code ? (
              <div className="flex flex-wrap gap-2">
                <RowButton label={m.adealers_edit()} name={nameOf(d)} onClick={() => setEditing(d)} />
                {admin ? (
                  <>
                    <RowButton label={m.adealers_credit_days()} name={nameOf(d)} onClick={() => setCrediting(d)} />
                    <RowButton
                      label={m.adealers_delete()}
                      name={nameOf(d)}
                      danger
                      onClick={() => {
                        deletion.reset();
                        setDeleting(d);
                      }}
                    />
                  </>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ListPager list={data} search={search} onSearch={onSearch} />
      {admin ? (
        <SignupRequestsSection
          onConfirmed={() => {
            void refresh();
          }}
        />
      ) : null}

      <DealershipFormDialog
        open={editing !== null}
        dealership={editing === "new" ? null : editing}
        canManage={admin}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          setNotice({
            text: created
              ? m.adealers_created({ name: nameOf(saved), code: saved.code ?? "" })
              : m.adealers_saved({ name: nameOf(saved) }),
            error: false,
          });
          void refresh();
        }}
      />
      <CreditDaysDialog
        dealership={crediting?.code ? { code: crediting.code, name: nameOf(crediting) } : null}
        onClose={() => setCrediting(null)}
        onChanged={() => void refresh()}
      />
      <ConfirmDialog
        title={m.adealers_delete_title()}
        question={
          deleting ? (
            <DeleteQuestion
              text={m.adealers_delete_text({ name: nameOf(deleting) })}
              counts={m.adealers_delete_counts({
                postings: formatNumber(deleting.postings),
                members: formatNumber(deleting.members),
              })}
              blocked={deleting.postings > 0 || deleting.members > 0 ? m.adealers_delete_blocked() : null}
            />
          ) : null
        }
        typedName={deleting ? nameOf(deleting) : undefined}
        confirmLabel={m.adealers_delete()}
        write={deletion}
        onClose={() => setDeleting(null)}
        onConfirm={(confirmName) => deleting?.code && void deletion.submit({ code: deleting.code, confirmName })}
      />
    </div>
  );
}
