import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { youtubeWatchUrl } from "~/domain/youtube";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import type { AdminEquipmentDescriptor } from "~/contracts/admin-equipment";
import { AdminPageHeader, EditDeleteButtons, NewButton } from "./admin-page-ui";
import { DealerAdminNav, NoticeBar } from "./dealer-admin-ui";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DescriptorDialog } from "./descriptor-dialog";
import { equipmentDescriptorsQueryOptions, equipmentSegmentsQueryOptions } from "../admin-content.queries";
import { useDeleteEquipmentDescriptor } from "../use-confirmed-writes";

const useMakes = () =>
  useQuery({ queryKey: ["manufacturers"], queryFn: () => data(api.manufacturer.$get()), staleTime: 60 * 60_000 })
    .data ?? [];

/**
 * /administracija/oprema: the additional-equipment descriptors (what a posting's equipment item shows
 * under "več": description, page, video and article), with a dialog to add or edit one and a confirmed
 * delete. Administrators only.
 */
export function EquipmentAdminPage() {
  const { data } = useSuspenseQuery(equipmentDescriptorsQueryOptions());
  const segments = useSuspenseQuery(equipmentSegmentsQueryOptions()).data;
  const makes = useMakes();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminEquipmentDescriptor | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminEquipmentDescriptor | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const deletion = useDeleteEquipmentDescriptor(() => {
    setDeleting(null);
    setMessage(m.acontent_equipment_deleted());
    refresh();
  });
  const makeName = useMemo(() => new Map(makes.map((mk) => [mk.value, mk.text])), [makes]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["equipment-descriptors"] });
    void queryClient.invalidateQueries({ queryKey: ["equipment-segments"] });
  };

  return (
    <div className="space-y-5">
      <DealerAdminNav current="equipment" />
      <AdminPageHeader
        title={m.acontent_equipment_title()}
        intro={m.acontent_equipment_intro()}
        action={<NewButton onClick={() => setEditing("new")}>{m.acontent_equipment_new()}</NewButton>}
      />
      <NoticeBar notice={message ? { text: message, error: false } : null} />
      {data.length === 0 ? <p className="card p-6 text-center text-muted">{m.acontent_equipment_empty()}</p> : null}
      <ul className="grid gap-3 desk:grid-cols-2" data-testid="equipment-list">
        {data.map((d) => (
          <li key={d.id} className="card flex flex-col gap-2 p-4" data-descriptor-id={d.id}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="font-semibold">{d.displayName}</h2>
                <p className="text-xs text-muted">
                  {d.equipmentLabel} · <code>{d.equipmentCode}</code>
                </p>
              </div>
              {d.category ? (
                <span className="rounded bg-surface px-1.5 py-0.5 text-xs font-medium text-muted">{d.category}</span>
              ) : null}
            </div>
            {d.description ? <p className="line-clamp-2 text-sm">{d.description}</p> : null}
            <p className="text-xs text-muted">
              {d.limitedToMakes.length
                ? m.acontent_equipment_only_makes({
                    makes: d.limitedToMakes.map((c) => makeName.get(c) ?? c).join(", "),
                  })
                : m.acontent_equipment_all_makes()}
            </p>
            <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {d.link ? (
                <a href={d.link} className="text-brand-700 underline" target="_blank" rel="noopener noreferrer">
                  {m.acontent_equipment_link()}
                </a>
              ) : null}
              {d.videoId ? (
                <a
                  href={youtubeWatchUrl(d.videoId)}
                  className="text-brand-700 underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {m.acontent_equipment_video()}
                </a>
              ) : null}
              {d.articleLink ? (
                <a href={d.articleLink} className="text-brand-700 underline" target="_blank" rel="noopener noreferrer">
                  {m.acontent_equipment_article()}
                </a>
              ) : null}
              <span className="ml-auto flex gap-2">
                <EditDeleteButtons
                  name={d.displayName}
                  onEdit={() => setEditing(d)}
                  onDelete={() => {
                    deletion.reset();
                    setDeleting(d);
                  }}
                />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <DescriptorDialog
        descriptor={editing}
        segments={segments}
        makes={makes}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setMessage(m.acontent_equipment_saved());
          refresh();
        }}
      />
      <ConfirmDialog
        confirmLabel={m.acontent_delete()}
        title={m.acontent_equipment_delete_title()}
        question={deleting ? m.acontent_equipment_delete_question({ name: deleting.displayName }) : null}
        write={deletion}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void deletion.submit(deleting.id)}
      />
    </div>
  );
}
