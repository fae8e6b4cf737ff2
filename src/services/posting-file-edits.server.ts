import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postingFiles } from "~/db/schema/postings";
import type { InspectionDocumentType } from "~/domain/enums/posting";
import { AppError, notFound } from "~/domain/errors";
import { withCover } from "~/domain/photo-order";
import { type PostingFile, pictureFileTypes, toPostingFile } from "~/domain/posting-detail";
import { objectKeyFromUrl, postingFileMessages, reorderPostingFiles } from "./posting-files.server";

/** Messages of the cover and document edits (one place, for the routes and the tests). */
export const postingFileEditMessages = {
  notExterior: "Naslovna je lahko le fotografija zunanjosti.",
  notDocument: "Vrsto in datum lahko nastavite le dokumentu.",
} as const;

const invalidUrl = (message: string) =>
  new AppError(400, message, { code: "VALIDATION", fieldErrors: [{ field: "url", kind: "INVALID", message }] });

function filesInOrder(db: Db, postingId: number) {
  return db
    .select()
    .from(postingFiles)
    .where(eq(postingFiles.postingId, postingId))
    .orderBy(asc(postingFiles.sortOrder), asc(postingFiles.id))
    .all();
}

/**
 * "Naslovna fotografija": the exterior picture at `url` becomes the first of its section, which the cards and
 * the gallery show first; the others keep their order (decision 058). Another posting's file: 404; a file that
 * is not an exterior picture: 400 on `url`.
 */
export async function setCoverPicture(db: Db, postingId: number, url: string) {
  const key = objectKeyFromUrl(url);
  const files = (await filesInOrder(db, postingId)).map((f) => ({
    url: `/media/${f.objectKey}`,
    fileType: f.fileType,
  }));
  const target = key ? files.find((f) => f.url === `/media/${key}`) : undefined;
  if (!target) throw notFound(postingFileMessages.fileNotFound);
  const order = withCover(files, target.url);
  if (!order) throw invalidUrl(postingFileEditMessages.notExterior);
  await reorderPostingFiles(db, postingId, order);
}

export type DocumentDetails = { documentType?: InspectionDocumentType; documentDate?: string | null };

/**
 * A document's type and date as buyers see them ("Račun · 12. 3. 2025"); a null date goes back to the upload
 * day. Another posting's file: 404; a picture: 400 on `url`. Answers the file as the API shows it.
 */
export async function updateDocumentDetails(
  db: Db,
  postingId: number,
  url: string,
  details: DocumentDetails,
): Promise<PostingFile> {
  const key = objectKeyFromUrl(url);
  const row = key
    ? await db
        .select()
        .from(postingFiles)
        .where(and(eq(postingFiles.postingId, postingId), eq(postingFiles.objectKey, key)))
        .get()
    : undefined;
  if (!key || !row) throw notFound(postingFileMessages.fileNotFound);
  if (pictureFileTypes.has(row.fileType) || row.fileType.startsWith("BADGE_"))
    throw invalidUrl(postingFileEditMessages.notDocument);
  const set: Partial<typeof postingFiles.$inferInsert> = {};
  if (details.documentType !== undefined) set.documentType = details.documentType;
  if (details.documentDate !== undefined) set.documentDate = details.documentDate;
  if (Object.keys(set).length === 0) return toPostingFile(row);
  const [updated] = await db
    .update(postingFiles)
    .set(set)
    .where(and(eq(postingFiles.postingId, postingId), eq(postingFiles.objectKey, key)))
    .returning();
  return toPostingFile(updated ?? row);
}
