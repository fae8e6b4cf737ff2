/**
 * The order of a posting's pictures (decision 058). The sections show exterior, interior, then damage pictures;
 * within a section the stored sort order counts. The cover is the first exterior picture, so choosing a cover
 * moves that picture to the front of its section.
 */
export const pictureSectionOrder = ["EXTERIOR_PICTURE", "INTERIOR_PICTURE", "DAMAGE_PICTURE"] as const;

const sectionRank = (fileType: string) => {
  const i = (pictureSectionOrder as readonly string[]).indexOf(fileType);
  return i === -1 ? pictureSectionOrder.length : i;
};

/** The files by section (exterior first), each section in its stored order: the gallery's order. */
export function bySection<T extends { fileType: string }>(files: readonly T[]): T[] {
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => sectionRank(a.f.fileType) - sectionRank(b.f.fileType) || a.i - b.i)
    .map(({ f }) => f);
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}

/**
 * After a pick of several files uploaded in parallel: the files already there keep their order, the new ones
 * follow in the order they were picked (the server stored them as each upload finished).
 */
export function orderAfterUpload(current: readonly string[], pickedInOrder: readonly string[]): string[] {
  const picked = new Set(pickedInOrder);
  return [...current.filter((url) => !picked.has(url)), ...pickedInOrder.filter((url) => current.includes(url))];
}

/**
 * The whole posting's order with one section's files in a new order: the other files keep their places, and
 * the section's places are filled with `sectionUrls` in turn (files of the section not listed keep theirs).
 */
export function withSectionOrder<T extends { url: string; fileType: string }>(
  files: readonly T[],
  fileType: string,
  sectionUrls: readonly string[],
): string[] {
  const listed = new Set(sectionUrls);
  const queue = [...sectionUrls];
  return files.map((f) => (f.fileType === fileType && listed.has(f.url) ? (queue.shift() ?? f.url) : f.url));
}

/** The posting's order with `url` as the cover: first among the exterior pictures; null when it is not one. */
export function withCover<T extends { url: string; fileType: string }>(
  files: readonly T[],
  url: string,
): string[] | null {
  const exterior = files.filter((f) => f.fileType === "EXTERIOR_PICTURE").map((f) => f.url);
  const at = exterior.indexOf(url);
  if (at === -1) return null;
  return withSectionOrder(files, "EXTERIOR_PICTURE", moveItem(exterior, at, 0));
}
