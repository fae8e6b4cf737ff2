import { useEffect, useRef, useState } from "react";
import { appConfig } from "~/app.config";
import { Notice, type NoticeMessage } from "~/components/ui/notice";
import type { DraftView } from "~/contracts/drafts";
import { orderAfterUpload, withSectionOrder } from "~/domain/photo-order";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { useDeferredDelete } from "../use-deferred-delete";
import { usePostingFiles } from "../use-posting-files";
import { AddFilesButton, PhotoGrid, type PhotoUpload } from "./photo-grid";

const sections = [
  { fileType: "EXTERIOR_PICTURE", title: m.pictures_exterior },
  { fileType: "INTERIOR_PICTURE", title: m.pictures_interior },
  { fileType: "DAMAGE_PICTURE", title: m.pictures_damage },
] as const;

/** Phones' HEIC/HEIF photos too (some pickers hide them behind `image/*`); the server converts or refuses them. */
export const pictureAccept = "image/*,.heic,.heif,image/heic,image/heif";

/** Photos are made at most 2560 px wide in the browser before upload (JPEG 0.85): faster on mobile data. */
export async function downscale(file: File): Promise<Blob> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 2560 / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size < 2_000_000) return file;
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
    return blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

let uploadCounter = 0;

/**
 * The seller's photos by section, each change saved at once: add (in parallel, each with its progress; the
 * picked order is kept), reorder (drag, touch, keyboard, buttons), the cover ("Naslovna fotografija"), remove
 * with "Razveljavi". Used by the wizard's pictures step and the quick edit.
 */
export function PhotoManager({ draft }: { draft: DraftView }) {
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const [uploadTypes, setUploadTypes] = useState<Record<string, string>>({});
  const files = usePostingFiles(String(draft.id), draft.code, (text) => setNotice({ text, error: true }));
  const removal = useDeferredDelete((url) => void files.remove(url));
  const undoRef = useRef<HTMLButtonElement | null>(null);
  const all = [...draft.pictures, ...draft.documents];

  // The toast's button takes the focus; when the toast goes, the focus (if it was lost with it) goes to the section.
  const removedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (removal.pending) {
      removedFrom.current = draft.pictures.find((f) => f.url === removal.pending)?.fileType ?? null;
      undoRef.current?.focus();
    } else if (removedFrom.current) {
      if (document.activeElement === document.body) document.getElementById(`photos-${removedFrom.current}`)?.focus();
      removedFrom.current = null;
    }
  }, [removal.pending, draft.pictures]);

  const patch = (key: string, change: Partial<PhotoUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function add(fileType: string, list: FileList | null) {
    if (!list?.length) return;
    setNotice(null);
    const room = Math.max(0, appConfig.limits.filesPerPosting - all.length - uploads.length);
    const chosen = [...list].slice(0, room);
    if (chosen.length < list.length)
      setNotice({ text: m.pictures_too_many({ max: String(appConfig.limits.filesPerPosting) }), error: true });
    const batch = chosen.map((file) => ({ key: `upload-${uploadCounter++}`, file }));
    setUploads((u) => [...u, ...batch.map(({ key, file }) => ({ key, name: file.name, progress: 0, error: null }))]);
    setUploadTypes((t) => ({ ...t, ...Object.fromEntries(batch.map(({ key }) => [key, fileType])) }));
    const stored = await Promise.all(
      batch.map(async ({ key, file }): Promise<PostingFile | null> => {
        try {
          const blob = await downscale(file);
          const saved = await files.upload({
            fileType,
            blob,
            name: file.name,
            onProgress: (p) => patch(key, { progress: p }),
          });
          patch(key, { progress: 1 });
          return saved;
        } catch (e) {
          patch(key, { error: e instanceof Error ? e.message : m.error_generic() });
          return null;
        }
      }),
    );
    const added = stored.filter((f): f is PostingFile => f !== null);
    // Parallel uploads are stored as each one finishes: put them back in the order they were picked.
    const current = files.current() ?? draft;
    const known = [...current.pictures, ...current.documents].filter((f) => !added.some((a) => a.url === f.url));
    const section = known.filter((f) => f.fileType === fileType).map((f) => f.url);
    if (added.length > 1) {
      const wanted = orderAfterUpload(
        [...section, ...added.map((f) => f.url)],
        added.map((f) => f.url),
      );
      await files.reorder(withSectionOrder([...known, ...added], fileType, wanted));
    } else await files.refresh();
    const done = new Set(batch.filter((_, i) => stored[i]).map(({ key }) => key));
    setUploads((u) => u.filter((x) => !done.has(x.key)));
  }

  function remove(url: string) {
    removal.schedule(url);
    setAnnouncement(m.pictures_removed());
  }

  function undo() {
    if (removal.undo()) setAnnouncement(m.pictures_restored());
  }

  async function cover(url: string) {
    await files.cover(url);
    setAnnouncement(m.pictures_cover_set());
  }

  return (
    <div className="space-y-4">
      <Notice notice={notice} />
      <p id="photo-drag-hint" className="text-sm text-muted">
        {m.pictures_drag_hint()}
      </p>
      {sections.map((s) => {
        const photos = draft.pictures.filter((f) => f.fileType === s.fileType && f.url !== removal.pending);
        const pendingUploads = uploads.filter((u) => uploadTypes[u.key] === s.fileType);
        const headingId = `photos-${s.fileType}`;
        return (
          <section key={s.fileType} className="card space-y-3 p-4" aria-labelledby={headingId}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={headingId} className="text-lg font-semibold" tabIndex={-1}>
                {s.title()}
              </h2>
              <AddFilesButton section={s.title()} accept={pictureAccept} onFiles={(files) => add(s.fileType, files)} />
            </div>
            {photos.length === 0 && pendingUploads.length === 0 ? (
              <p className="text-sm text-muted">{m.pictures_none()}</p>
            ) : null}
            <PhotoGrid
              fileType={s.fileType}
              title={s.title()}
              photos={photos}
              uploads={pendingUploads}
              withCover={s.fileType === "EXTERIOR_PICTURE"}
              onOrder={(urls) => files.reorder(withSectionOrder(all, s.fileType, urls))}
              onCover={(url) => void cover(url)}
              onRemove={remove}
              onDismissUpload={(key) => setUploads((u) => u.filter((x) => x.key !== key))}
              announce={setAnnouncement}
            />
          </section>
        );
      })}
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      {removal.pending ? (
        <div
          role="status"
          className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-ink p-3 text-white shadow-lg"
        >
          <span className="flex-1">{m.pictures_removed()}</span>
          <button ref={undoRef} type="button" className="btn h-11 bg-white text-ink hover:bg-surface" onClick={undo}>
            {m.pictures_undo()}
          </button>
        </div>
      ) : null}
    </div>
  );
}
