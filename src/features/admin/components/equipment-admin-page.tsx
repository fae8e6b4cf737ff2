import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Modal } from "~/components/modal";
import { youtubeWatchUrl } from "~/domain/youtube";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import type { AdminEquipmentDescriptor } from "~/contracts/admin-equipment";
import { DeleteConfirm } from "./delete-confirm";
import { DescriptorDialog } from "./descriptor-dialog";
import { equipmentDescriptorsQueryOptions, equipmentSegmentsQueryOptions } from "../admin-content.queries";
import { useDeleteEquipmentDescriptor } from "../use-delete-equipment-descriptor";

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
  const makeName = useMemo(() => new Map(makes.map((mk) => [mk.value, mk.text])), [makes]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["equipment-descriptors"] });
    void queryClient.invalidateQueries({ queryKey: ["equipment-segments"] });
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.acontent_equipment_title()}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{m.acontent_equipment_intro()}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
          {m.acontent_equipment_new()}
        </button>
      </div>
      {message ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {message}
        </p>
      ) : null}
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
                <button type="button" className="btn-outline" onClick={() => setEditing(d)}>
                  {m.acontent_edit()}
                  <span className="sr-only"> – {d.displayName}</span>
                </button>
                <button type="button" className="btn-outline text-danger" onClick={() => setDeleting(d)}>
                  {m.acontent_delete()}
                  <span className="sr-only"> – {d.displayName}</span>
                </button>
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
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title={m.acontent_equipment_delete_title()}>
        {deleting ? (
          <DeleteDescriptor
            descriptor={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              setDeleting(null);
              setMessage(m.acontent_equipment_deleted());
              refresh();
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}

function DeleteDescriptor({
  descriptor,
  onClose,
  onDeleted,
}: {
  descriptor: AdminEquipmentDescriptor;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useDeleteEquipmentDescriptor(onDeleted);
  return (
    <DeleteConfirm
      question={m.acontent_equipment_delete_question({ name: descriptor.displayName })}
      deletion={deletion}
      onCancel={onClose}
      onConfirm={() => void deletion.submit(descriptor.id)}
    />
  );
}
