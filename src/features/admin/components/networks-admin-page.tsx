import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { formatPhone } from "~/domain/phone";
import { webHref } from "~/domain/web-address";
import { useState } from "react";
import { formatNumber } from "~/domain/format";
import { m } from "~/paraglide/messages";
import { useDeleteDealerNetwork } from "../use-confirmed-writes";
import { AdminPageHeader, NewButton, RowButton } from "./admin-page-ui";
import type { AdminNetwork } from "~/contracts/admin-dealers";
import { networksQueryOptions } from "../dealer-admin.queries";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DealerAdminNav, NoticeBar, type Notice } from "./dealer-admin-ui";
import { DeleteQuestion } from "./delete-question";
import { NetworkFormDialog } from "./network-form-dialog";

/** /administracija/poslovne-mreze: dealership networks with logo and banner (admins). */
export function NetworksAdminPage() {
  const { data } = useSuspenseQuery(networksQueryOptions());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminNetwork | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminNetwork | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: networksQueryOptions().queryKey });
  const deletion = useDeleteDealerNetwork(async () => {
    if (deleting) setNotice({ text: m.adealers_network_deleted({ name: deleting.name }), error: false });
    await refresh();
    setDeleting(null);
  });

  return (
    <div className="space-y-5">
      <DealerAdminNav current="networks" />
      <AdminPageHeader
        title={m.adealers_networks_title()}
        intro={m.adealers_networks_intro()}
        action={<NewButton onClick={() => setEditing("new")}>{m.adealers_networks_new()}</NewButton>}
      />
      <NoticeBar notice={notice} />
      {data.length === 0 ? <p className="card p-6 text-center text-muted">{m.adealers_networks_empty()}</p> : null}
      <ul className="grid gap-4 md:grid-cols-2" aria-label={m.adealers_networks_list()} data-testid="network-list">
        {data.map((n) => (
          <li key={n.id} className="card flex flex-col overflow-hidden" data-code={n.code}>
            {n.bannerUrl ? (
              <img
                src={n.bannerUrl}
                alt=""
                width={1440}
                height={500}
                className="aspect-[1440/500] w-full object-cover"
                loading="lazy"
              />
            ) : (
              <div className="aspect-[1440/500] w-full bg-surface" />
            )}
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div className="flex items-start gap-3">
                <div className="-mt-10 flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-white shadow-sm">
                  {n.logoUrl ? (
                    <img
                      src={n.logoUrl}
                      alt={m.adealers_network_logo_alt({ name: n.name })}
                      width={64}
                      height={64}
                      className="size-full object-contain"
                    />
                  ) : null}
                </div>
                <div className="min-w-0">
                  <h2 className="font-semibold">{n.name}</h2>
                  <p className="text-xs text-muted">{m.adealers_code({ code: n.code })}</p>
                </div>
              </div>
              <address className="space-y-0.5 text-sm not-italic">
                {[n.address, n.city].some(Boolean) ? <p>{[n.address, n.city].filter(Boolean).join(", ")}</p> : null}
                {n.email ? <p className="break-all">{n.email}</p> : null}
                {n.phone ? <p>{formatPhone(n.phone)}</p> : null}
                {n.webPage ? (
                  <p className="break-all">
                    <a
                      className="text-brand-700 underline"
                      href={webHref(n.webPage) ?? undefined}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {n.webPage}
                    </a>
                  </p>
                ) : null}
              </address>
              <p className="text-sm font-medium">{m.adealers_networks_count({ count: formatNumber(n.dealerships) })}</p>
              <div className="mt-auto flex flex-wrap gap-2">
                <RowButton label={m.adealers_edit()} name={n.name} onClick={() => setEditing(n)} />
                <RowButton
                  label={m.adealers_delete()}
                  name={n.name}
                  danger
                  onClick={() => {
                    deletion.reset();
                    setDeleting(n);
                  }}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <NetworkFormDialog
        open={editing !== null}
        network={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setNotice({ text: m.adealers_network_saved({ name: saved.name }), error: false });
          void refresh();
        }}
      />
      <ConfirmDialog
        title={m.adealers_network_delete_title()}
        question={
          deleting ? (
            <DeleteQuestion
              text={m.adealers_network_delete_text({ name: deleting.name })}
              counts={m.adealers_networks_count({ count: formatNumber(deleting.dealerships) })}
              blocked={deleting.dealerships > 0 ? m.adealers_network_delete_blocked() : null}
            />
          ) : null
        }
        typedName={deleting?.name}
        confirmLabel={m.adealers_delete()}
        write={deletion}
        onClose={() => setDeleting(null)}
        onConfirm={(confirmName) => deleting && void deletion.submit({ code: deleting.code, confirmName })}
      />
    </div>
  );
}
