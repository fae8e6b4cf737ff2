import { rewriteImageUrl } from "~/domain/image-url";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { useSortable } from "../use-sortable";

/** Every control of a photo is at least 44×44 px (a finger's width). */
const control = "btn-outline h-11 min-w-11 px-2 text-base";

export type PhotoUpload = { key: string; name: string; progress: number; error: string | null };

type Props = {
  fileType: string;
  title: string;
  photos: PostingFile[];
  uploads: PhotoUpload[];
  /** Only the exterior photos have a cover (the first one). */
  withCover: boolean;
  onOrder: (urls: string[]) => Promise<unknown>;
  onCover: (url: string) => void;
  onRemove: (url: string) => void;
  onDismissUpload: (key: string) => void;
  announce: (text: string) => void;
};

/**
 * One section's photos in their order: a drag handle (mouse, touch, keyboard), earlier/later buttons, the cover
 * choice and delete; then the photos still uploading, in the order they were picked, each with its progress or
 * its error.
 */
export function PhotoGrid(p: Props) {
  const byUrl = new Map(p.photos.map((f) => [f.url, f]));
  const urls = p.photos.map((f) => f.url);
  const sortable = useSortable(urls, p.onOrder, p.announce);
  const move = (url: string, delta: -1 | 1) => {
    const from = sortable.order.indexOf(url);
    const next = [...sortable.order];
    const to = from + delta;
    if (to < 0 || to >= next.length) return;
    [next[from], next[to]] = [next[to] as string, next[from] as string];
    p.announce(m.pictures_moved({ n: String(to + 1), total: String(next.length) }));
    void p.onOrder(next);
  };
  return (
    <ol
      ref={sortable.listRef}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      data-testid={`files-${p.fileType}`}
    >
      {sortable.order.map((url, i) => {
        const photo = byUrl.get(url);
        if (!photo) return null;
        const n = String(i + 1);
        const isCover = p.withCover && i === 0;
        const lifted = sortable.active === url;
        return (
          <li
            key={url}
            data-url={url}
            data-name={photo.name ?? undefined}
            className={`space-y-1 rounded-lg p-1 ${lifted ? "bg-brand-50 ring-2 ring-brand-600" : ""}`}
          >
            <div className="relative">
              <img
                src={rewriteImageUrl(url, "sm")}
                alt={m.pictures_alt({ n, section: p.title })}
                className="aspect-[3/2] w-full rounded-md object-cover"
                draggable={false}
              />
              <span className="absolute top-1 left-1 rounded bg-ink/75 px-1.5 text-xs font-semibold text-white">
                {n}
              </span>
              {isCover ? (
                <span className="absolute right-1 bottom-1 rounded bg-accent-500 px-1.5 py-0.5 text-xs font-semibold text-ink">
                  {m.pictures_cover()}
                </span>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-1">
              <button
                type="button"
                className={`${control} cursor-grab touch-none select-none active:cursor-grabbing`}
                aria-label={m.pictures_drag({ n })}
                aria-describedby="photo-drag-hint"
                {...sortable.handleProps(url)}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <button
                type="button"
                className={control}
                disabled={i === 0}
                onClick={() => move(url, -1)}
                aria-label={m.pictures_move_earlier({ n })}
              >
                ←
              </button>
              <button
                type="button"
                className={control}
                disabled={i === sortable.order.length - 1}
                onClick={() => move(url, 1)}
                aria-label={m.pictures_move_later({ n })}
              >
                →
              </button>
              {p.withCover ? (
                <button
                  type="button"
                  className={control}
                  aria-pressed={isCover}
                  disabled={isCover}
                  onClick={() => p.onCover(url)}
                  aria-label={isCover ? m.pictures_cover() : m.pictures_make_cover({ n })}
                  title={isCover ? m.pictures_cover() : m.pictures_make_cover({ n })}
                >
                  <span aria-hidden="true">{isCover ? "★" : "☆"}</span>
                </button>
              ) : null}
              <button
                type="button"
                className={`${control} text-danger`}
                onClick={() => p.onRemove(url)}
                aria-label={m.pictures_remove({ n })}
              >
                ✕
              </button>
            </div>
          </li>
        );
      })}
      <UploadTiles uploads={p.uploads} onDismiss={p.onDismissUpload} />
    </ol>
  );
}

/** Files still uploading, in the order they were picked: each with its progress, or its error and a close button. */
export function UploadTiles({ uploads, onDismiss }: { uploads: PhotoUpload[]; onDismiss: (key: string) => void }) {
  return (
    <>
      {uploads.map((u) => (
        <li key={u.key} className="space-y-1 rounded-lg p-1" data-upload={u.name}>
          <div className="grid aspect-[3/2] w-full place-items-center rounded-md bg-surface p-2 text-center text-xs break-all">
            {u.name}
          </div>
          {u.error ? (
            <div className="flex items-start gap-1">
              <p role="alert" className="flex-1 text-sm text-danger">
                {u.error}
              </p>
              <button
                type="button"
                className={control}
                onClick={() => onDismiss(u.key)}
                aria-label={m.pictures_dismiss({ name: u.name })}
              >
                ✕
              </button>
            </div>
          ) : (
            <progress className="h-2 w-full" max={1} value={u.progress} aria-label={u.name} />
          )}
        </li>
      ))}
    </>
  );
}

/** The "Dodaj" button of a section: a file picker for several files; it is emptied after each pick. */
export function AddFilesButton({
  section,
  accept,
  onFiles,
}: {
  section: string;
  accept: string;
  onFiles: (files: FileList | null) => Promise<void>;
}) {
  return (
    <label className="btn-outline h-11 cursor-pointer focus-within:ring-2 focus-within:ring-brand-600">
      {m.pictures_add()}
      <input
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        aria-label={m.pictures_add_to({ section })}
        onChange={(e) => {
          const input = e.currentTarget;
          void onFiles(input.files).then(() => (input.value = ""));
        }}
      />
    </label>
  );
}
