import { useState } from "react";
import { Field, Select } from "~/components/ui/field";
import { DocumentIcon } from "~/components/ui/icons";
import { Notice, type NoticeMessage } from "~/components/ui/notice";
import type { DraftView } from "~/contracts/drafts";
import { defaultDocumentType } from "~/domain/document-label";
import {
  type InspectionDocumentType,
  inspectionDocumentTypeLabels,
  inspectionDocumentTypes,
} from "~/domain/enums/posting";
import { rewriteImageUrl } from "~/domain/image-url";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { usePostingFiles } from "../use-posting-files";
import { AddFilesButton, type PhotoUpload, UploadTiles } from "./photo-grid";
import { downscale } from "./photo-manager";

const sections = [
  { fileType: "INVOICE", title: m.pictures_service },
  { fileType: "VEHICLE_INSPECTION_REPORT", title: m.pictures_inspections },
] as const;

const typeOptions = inspectionDocumentTypes.map((t) => ({ value: t, label: inspectionDocumentTypeLabels[t] }));
const isDocumentType = (v: string): v is InspectionDocumentType =>
  (inspectionDocumentTypes as readonly string[]).includes(v);

/** One document: what it is (type) and when (date), saved on change; buyers see these, not the file name. */
function DocumentRow({
  doc,
  n,
  onEdit,
  onRemove,
  error,
}: {
  doc: PostingFile;
  n: number;
  onEdit: (edit: { documentType?: InspectionDocumentType; documentDate?: string | null }) => void;
  onRemove: () => void;
  error: string | undefined;
}) {
  const [date, setDate] = useState(doc.documentDate ?? "");
  const id = `doc-${doc.url.replace(/[^A-Za-z0-9]/g, "")}`;
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-3 py-3 sm:grid-cols-[4rem_1fr_1fr_auto] sm:items-end">
      <a
        href={doc.url}
        target="_blank"
        rel="noopener"
        className="grid h-16 w-16 place-items-center rounded-md bg-surface"
      >
        {doc.mimeType === "application/pdf" ? (
          <DocumentIcon />
        ) : (
          <img
            src={rewriteImageUrl(doc.url, "sm")}
            alt={doc.name ?? ""}
            className="h-16 w-16 rounded-md object-cover"
          />
        )}
      </a>
      <Select
        id={`${id}-type`}
        label={m.documents_type_of({ n: String(n) })}
        hint={doc.name ?? undefined}
        value={doc.documentType ?? defaultDocumentType[doc.fileType] ?? "OTHER"}
        options={typeOptions}
        onChange={(v) => isDocumentType(v) && onEdit({ documentType: v })}
      />
      <Field
        id={`${id}-date`}
        className="col-start-2 sm:col-start-auto"
        type="date"
        label={m.documents_date_of({ n: String(n) })}
        max={ljubljanaDay(new Date())}
        value={date}
        error={error}
        onChange={setDate}
        onBlur={() => date !== (doc.documentDate ?? "") && onEdit({ documentDate: date || null })}
      />
      <button
        type="button"
        className="btn-outline col-start-2 h-11 w-11 justify-self-start text-danger sm:col-start-auto"
        onClick={onRemove}
        aria-label={m.pictures_delete({ n: String(n) })}
      >
        ✕
      </button>
    </li>
  );
}

/** The service history and inspection documents: upload with a type (by section), then type and date per document. */
export function DocumentManager({ draft }: { draft: DraftView }) {
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [uploads, setUploads] = useState<(PhotoUpload & { fileType: string })[]>([]);
  const [newType, setNewType] = useState<Record<string, InspectionDocumentType>>({});
  const [edited, setEdited] = useState<string | null>(null);
  const files = usePostingFiles(String(draft.id), draft.code, (text) => setNotice({ text, error: true }));

  async function add(fileType: string, list: FileList | null) {
    if (!list?.length) return;
    setNotice(null);
    const documentType = newType[fileType] ?? defaultDocumentType[fileType];
    await Promise.all(
      [...list].map(async (file, i) => {
        const key = `${fileType}-${Date.now()}-${i}`;
        const patch = (change: Partial<PhotoUpload>) =>
          setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...change } : x)));
        setUploads((u) => [...u, { key, fileType, name: file.name, progress: 0, error: null }]);
        try {
          await files.upload({
            fileType,
            documentType,
            blob: await downscale(file),
            name: file.name,
            onProgress: (p) => patch({ progress: p }),
          });
          setUploads((u) => u.filter((x) => x.key !== key));
        } catch (e) {
          patch({ error: e instanceof Error ? e.message : m.error_generic() });
        }
      }),
    );
    await files.refresh();
  }

  async function edit(url: string, change: { documentType?: InspectionDocumentType; documentDate?: string | null }) {
    setEdited(url);
    const saved = await files.editDocument.submit({ url, ...change });
    if (saved) setNotice({ text: m.documents_saved(), error: false });
  }

  return (
    <div className="space-y-4">
      <Notice notice={notice} />
      {sections.map((s) => {
        const docs = draft.documents.filter((f) => f.fileType === s.fileType);
        const headingId = `documents-${s.fileType}`;
        return (
          <section key={s.fileType} className="card space-y-3 p-4" aria-labelledby={headingId}>
            <h2 id={headingId} className="text-lg font-semibold">
              {s.title()}
            </h2>
            <p className="text-sm text-muted">{m.documents_edit_hint()}</p>
            <div className="flex flex-wrap items-end gap-2">
              <Select
                id={`${headingId}-new-type`}
                className="min-w-48 flex-1"
                label={m.documents_new_type()}
                value={newType[s.fileType] ?? defaultDocumentType[s.fileType] ?? "OTHER"}
                options={typeOptions}
                onChange={(v) => isDocumentType(v) && setNewType((t) => ({ ...t, [s.fileType]: v }))}
              />
              <AddFilesButton
                section={s.title()}
                accept="image/*,.heic,.heif,application/pdf"
                onFiles={(files) => add(s.fileType, files)}
              />
            </div>
            {docs.length === 0 ? <p className="text-sm text-muted">{m.pictures_none()}</p> : null}
            <ol className="divide-y divide-line" data-testid={`files-${s.fileType}`}>
              {docs.map((doc, i) => (
                <DocumentRow
                  key={`${doc.url}-${doc.documentDate}`}
                  doc={doc}
                  n={i + 1}
                  onEdit={(change) => void edit(doc.url, change)}
                  onRemove={() => void files.remove(doc.url)}
                  error={edited === doc.url ? files.editDocument.fieldErrors.documentDate : undefined}
                />
              ))}
            </ol>
            <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <UploadTiles
                uploads={uploads.filter((u) => u.fileType === s.fileType)}
                onDismiss={(key) => setUploads((u) => u.filter((x) => x.key !== key))}
              />
            </ol>
          </section>
        );
      })}
    </div>
  );
}
