import { useId, useState } from "react";
import { appConfig } from "~/app.config";
import { DocumentIcon } from "~/components/ui/icons";
import { rewriteImageUrl } from "~/domain/image-url";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/contracts/drafts";
import { usePostingFiles } from "../use-posting-files";
import { FieldInput } from "./field-input";
import { StepForm, StepMessage } from "./step-form";
import { useDraftSave } from "./use-draft-save";

const sections = [
  { fileType: "EXTERIOR_PICTURE", title: m.pictures_exterior, accept: "image/*" },
  { fileType: "INTERIOR_PICTURE", title: m.pictures_interior, accept: "image/*" },
  { fileType: "DAMAGE_PICTURE", title: m.pictures_damage, accept: "image/*" },
  { fileType: "INVOICE", title: m.pictures_service, accept: "image/*,application/pdf" },
  { fileType: "VEHICLE_INSPECTION_REPORT", title: m.pictures_inspections, accept: "image/*,application/pdf" },
] as const;

/** Photos are made at most 2560 px wide in the browser before upload (JPEG 0.85): faster on mobile data. */
async function downscale(file: File): Promise<Blob> {
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

type Upload = { id: string; name: string; progress: number; error: string | null };

/** Pictures and documents by section: upload with progress, reorder, delete; the 360° link. */
export function PicturesStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const id = useId();
  const { save, saveAndGo, errors, message, formRef } = useDraftSave(String(draft.id), draft.code);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const files = [...draft.pictures, ...draft.documents];
  const postingFiles = usePostingFiles(String(draft.id), draft.code, () => setNotice(m.pictures_delete_failed()));

  async function add(fileType: string, list: FileList | null) {
    if (!list) return;
    setNotice(null);
    const room = appConfig.limits.filesPerPosting - files.length;
    const chosen = [...list].slice(0, Math.max(0, room));
    if (chosen.length < list.length) setNotice(m.pictures_too_many({ max: String(appConfig.limits.filesPerPosting) }));
    await Promise.all(
      chosen.map(async (file, i) => {
        const key = `${Date.now()}-${i}-${file.name}`;
        setUploads((u) => [...u, { id: key, name: file.name, progress: 0, error: null }]);
        try {
          await postingFiles.upload({
            fileType,
            blob: await downscale(file),
            name: file.name,
            onProgress: (p) => setUploads((u) => u.map((x) => (x.id === key ? { ...x, progress: p } : x))),
          });
          setUploads((u) => u.filter((x) => x.id !== key));
        } catch (e) {
          setUploads((u) =>
            u.map((x) => (x.id === key ? { ...x, error: e instanceof Error ? e.message : m.error_generic() } : x)),
          );
        }
      }),
    );
    await postingFiles.refresh();
  }

  async function remove(url: string) {
    await postingFiles.remove(url);
  }

  async function move(section: PostingFile[], index: number, delta: -1 | 1) {
    const order = section.map((f) => f.url);
    const target = index + delta;
    if (target < 0 || target >= order.length) return;
    [order[index], order[target]] = [order[target]!, order[index]!];
    const others = files.filter((f) => !order.includes(f.url)).map((f) => f.url);
    await postingFiles.reorder([...order, ...others]);
  }

  const exteriorCount = draft.pictures.filter((p) => p.fileType === "EXTERIOR_PICTURE").length;
  return (
    <StepForm formRef={formRef} onSubmit={() => void saveAndGo({ wizardStep: "advertising" }, nextHref)}>
      <header>
        <h1 className="text-2xl font-bold">{m.pictures_title()}</h1>
        <p className="text-muted">{m.pictures_intro({ max: String(appConfig.limits.filesPerPosting) })}</p>
      </header>
      {exteriorCount < appConfig.limits.recommendedExteriorPhotos ? (
        <p className="rounded-lg bg-accent-500/15 p-3 text-sm">{m.pictures_recommend()}</p>
      ) : null}
      <StepMessage message={notice ?? message} />
      {sections.map((s) => {
        const inSection = files.filter((f) => f.fileType === s.fileType);
        return (
          <section key={s.fileType} className="card space-y-3 p-4" aria-labelledby={`${id}-${s.fileType}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`${id}-${s.fileType}`} className="text-lg font-semibold">
                {s.title()}
              </h2>
              <label className="btn-outline cursor-pointer focus-within:ring-2 focus-within:ring-brand-600">
                {m.pictures_add()}
                <input
                  type="file"
                  multiple
                  accept={s.accept}
                  className="sr-only"
                  aria-label={m.pictures_add_to({ section: s.title() })}
                  onChange={(e) => void add(s.fileType, e.target.files).then(() => (e.target.value = ""))}
                />
              </label>
            </div>
            {inSection.length === 0 ? <p className="text-sm text-muted">{m.pictures_none()}</p> : null}
            <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid={`files-${s.fileType}`}>
              {inSection.map((f, i) => (
                <li key={f.url} className="space-y-1">
                  {f.mimeType === "application/pdf" ? (
                    <a
                      href={f.url}
                      target="_blank"
                      rel="noopener"
                      className="grid aspect-[3/2] place-items-center rounded-md bg-surface text-sm"
                    >
                      <DocumentIcon /> {f.name ?? "PDF"}
                    </a>
                  ) : (
                    <img
                      src={rewriteImageUrl(f.url, "sm")}
                      alt={m.pictures_alt({ n: String(i + 1), section: s.title() })}
                      className="aspect-[3/2] w-full rounded-md object-cover"
                    />
                  )}
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={i === 0}
                      onClick={() => void move(inSection, i, -1)}
                      aria-label={m.pictures_move_earlier({ n: String(i + 1) })}
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={i === inSection.length - 1}
                      onClick={() => void move(inSection, i, 1)}
                      aria-label={m.pictures_move_later({ n: String(i + 1) })}
                    >
                      →
                    </button>
                    <button
                      type="button"
                      className="btn-ghost ml-auto px-2 py-1 text-xs text-danger"
                      onClick={() => void remove(f.url)}
                      aria-label={m.pictures_delete({ n: String(i + 1) })}
                    >
                      ✕
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label={m.pictures_uploading()}>
          {uploads.map((u) => (
            <li key={u.id} className="text-sm">
              <span>{u.name}</span>
              {u.error ? (
                <span role="alert" className="ml-2 text-danger">
                  {u.error}
                </span>
              ) : (
                <progress className="ml-2 align-middle" max={1} value={u.progress} aria-label={u.name} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="card p-4">
        <FieldInput
          def={{ name: "view360Url", kind: "url", label: m.pictures_360 }}
          value={draft.view360Url}
          error={errors.view360Url ?? null}
          onCommit={(v) => void save({ view360Url: v as string | null })}
        />
      </div>
    </StepForm>
  );
}
