import { and, asc, count, eq, sql } from "drizzle-orm";
import { appConfig } from "~/app.config";
import type { SessionUser } from "~/domain/session";
import { batchAll } from "~/db/batch.server";
import type { Db } from "~/db/client.server";
import { findPostingAccess } from "~/db/posting-detail.server";
import { postingFiles } from "~/db/schema/postings";
import type { InspectionDocumentType } from "~/domain/enums/posting";
import { AppError, type FieldError, forbidden, notFound } from "~/domain/errors";
import { sniffByteCount, sniffedExtension, sniffFileType, type SniffedFileType } from "~/domain/file-sniff";
import { exceedsPictureLimits, oversizedPictureMessage } from "~/domain/image-size";
import { defaultDocumentType } from "~/domain/document-label";
import { type PostingFile, toPostingFile } from "~/domain/posting-detail";
import { heicToJpeg } from "./heic-convert.server";
import { canManagePosting } from "./posting-detail.server";

/** File types a seller (or the scanner) may upload: pictures and documents, never the editors' badge files. */
export const uploadFileTypes = [
  "EXTERIOR_PICTURE",
  "INTERIOR_PICTURE",
  "DAMAGE_PICTURE",
  "SERVICE_BOOKLET",
  "INVOICE",
  "VEHICLE_INSPECTION_REPORT",
  "AMZS_WARRANTY",
  "EXTENDED_WARRANTY",
  "FACTORY_WARRANTY",
  "OTHER_WARRANTY",
] as const;
export type UploadFileType = (typeof uploadFileTypes)[number];

const maxMegabytes = Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024));

/** The Slovenian messages of the file endpoints (one place, for the routes and the tests). */
export const postingFileMessages = {
  postingNotFound: "Oglas ne obstaja.",
  forbidden: "Nimate dostopa do tega oglasa.",
  missingFile: "Izberite datoteko za nalaganje.",
  tooLarge: `Datoteka je prevelika (največ ${maxMegabytes} MB).`,
  unsupported: "Nepodprta vrsta datoteke. Dovoljene so slike JPEG, PNG, WebP, HEIC in datoteke PDF.",
  tooMany: (max: number) => `Oglas ima lahko največ ${max} datotek.`,
  fileNotFound: "Datoteka ne obstaja.",
  notThisPosting: "Datoteka ne pripada temu oglasu.",
  duplicateInOrder: "Datoteka je v vrstnem redu navedena večkrat.",
  badScannerToken: "Neveljaven žeton skenerja.",
} as const;

const isPictureType = (fileType: string) => fileType.endsWith("_PICTURE");

/** A posting the signed-in user manages (owner, dealership colleague, editor, admin): else 404 / 403. */
export async function managedPosting(db: Db, code: string, user: SessionUser) {
  const posting = await findPostingAccess(db, code);
  if (!posting) throw notFound(postingFileMessages.postingNotFound);
  if (!canManagePosting(user, posting)) throw forbidden(postingFileMessages.forbidden);
  return posting;
}

/** A posting by code for the scanner (already authenticated by its token): else 404. */
export async function postingForScanner(db: Db, code: string) {
  const posting = await findPostingAccess(db, code);
  if (!posting) throw notFound(postingFileMessages.postingNotFound);
  return posting;
}

/** The fieldError for a multipart field that should carry a file but does not (absent, text or empty). */
export function missingFileError(field: string, value: unknown): FieldError | null {
  if (value instanceof File && value.size > 0) return null;
  return { field, kind: "MISSING", message: postingFileMessages.missingFile };
}

/** Constant-time comparison of the scanner's token with the configured one (unset or empty never matches). */
export async function scannerTokenMatches(given: string | undefined, configured: string | undefined): Promise<boolean> {
  if (!configured || !given) return false;
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(configured)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

const unsupportedType = () => new AppError(415, postingFileMessages.unsupported, { code: "UNSUPPORTED_FILE_TYPE" });
const tooManyFiles = (max: number) => new AppError(409, postingFileMessages.tooMany(max), { code: "TOO_MANY_FILES" });

/**
 * The file's real type by content, allowed for this kind of file (pictures: images only; documents:
 * images or PDF); a picture whose header declares too many pixels is 413 before anything decodes it.
 */
async function allowedContentType(file: File, fileType: string): Promise<SniffedFileType> {
  const head = new Uint8Array(await file.slice(0, sniffByteCount).arrayBuffer());
  const sniffed = sniffFileType(head);
  if (!sniffed) throw unsupportedType();
  if (isPictureType(fileType) && !sniffed.startsWith("image/")) throw unsupportedType();
  // Also a picture sent as a document: /media resizes it all the same. The frame size can sit after long EXIF segments.
  if (sniffed.startsWith("image/") && exceedsPictureLimits(new Uint8Array(await file.arrayBuffer()))) {
    throw new AppError(413, oversizedPictureMessage, { code: "IMAGE_TOO_LARGE" });
  }
  return sniffed;
}

/** The user's file name, kept for display: no path, no control characters, at most 200 characters. */
function displayName(name: string | undefined): string | null {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return clean || null;
}

// ---- repository --------------------------------------------------------------------------------

function countFiles(db: Db, postingId: number) {
  return db.select({ n: count() }).from(postingFiles).where(eq(postingFiles.postingId, postingId)).get();
}

type NewFileRow = {
  postingId: number;
  objectKey: string;
  fileType: string;
  documentType: InspectionDocumentType | null;
  documentDate: string | null;
  mimeType: string;
  originalName: string | null;
  sizeBytes: number;
  sortOrder: number | null;
};

/**
 * Inserts the row only while the posting still has fewer than `max` files, with sort_order = max + 1
 * unless given, in one statement (two uploads racing for the last slot cannot both get it).
 * Answers the new row's id and sort order, or undefined when the limit was reached meanwhile.
 */
function insertFileWithinLimit(db: Db, row: NewFileRow, max: number) {
  const sortOrder =
    row.sortOrder ??
    sql`(SELECT COALESCE(MAX(${postingFiles.sortOrder}), -1) + 1 FROM ${postingFiles} WHERE ${postingFiles.postingId} = ${row.postingId})`;
  return db.get<{ id: number; sortOrder: number }>(sql`
    INSERT INTO ${postingFiles} (posting_id, object_key, file_type, document_type, document_date, mime_type, original_name, size_bytes, sort_order)
    SELECT ${row.postingId}, ${row.objectKey}, ${row.fileType}, ${row.documentType}, ${row.documentDate}, ${row.mimeType}, ${row.originalName}, ${row.sizeBytes}, ${sortOrder}
    WHERE (SELECT COUNT(*) FROM ${postingFiles} WHERE ${postingFiles.postingId} = ${row.postingId}) < ${max}
    RETURNING id, sort_order AS sortOrder`);
}

function findFileByKey(db: Db, postingId: number, objectKey: string) {
  return db
    .select({ id: postingFiles.id, objectKey: postingFiles.objectKey })
    .from(postingFiles)
    .where(and(eq(postingFiles.postingId, postingId), eq(postingFiles.objectKey, objectKey)))
    .all();
}

function listFileOrder(db: Db, postingId: number) {
  return db
    .select({ id: postingFiles.id, objectKey: postingFiles.objectKey, sortOrder: postingFiles.sortOrder })
    .from(postingFiles)
    .where(eq(postingFiles.postingId, postingId))
    .orderBy(asc(postingFiles.sortOrder), asc(postingFiles.id))
    .all();
}

// ---- use cases ---------------------------------------------------------------------------------

export type StoreFileInput = {
  file: File;
  fileType: UploadFileType;
  documentType?: InspectionDocumentType | null;
  /** The document's own date (YYYY-MM-DD); without one the page shows the upload day. */
  documentDate?: string | null;
  sortOrder?: number;
  /** Shown instead of the file's own name when that is empty (the scanner's template). */
  fallbackName?: string;
  /** The multipart field the file came in (for the HEIC field message). */
  field?: string;
};

/**
 * Stores an uploaded file of a posting after the checks, in order: size (413), real content type by
 * its bytes (415; pictures must be images, PDFs only for documents), a picture's pixel count (413),
 * the posting's file limit (409). A HEIC photo is stored as the JPEG the Images binding makes of it, or
 * refused (415, decision 058). R2 first, then the row; a failed put or insert removes the object
 * again, so nothing is half-saved. A document gets its section's default type unless one is given.
 */
export async function storePostingFile(
  db: Db,
  bucket: R2Bucket,
  postingId: number,
  input: StoreFileInput,
  images?: ImagesBinding,
): Promise<PostingFile> {
  const { fileType } = input;
  let file = input.file;
  const { fileSizeBytes, filesPerPosting } = appConfig.limits;
  if (file.size > fileSizeBytes) throw new AppError(413, postingFileMessages.tooLarge, { code: "FILE_TOO_LARGE" });
  let mimeType = await allowedContentType(file, fileType);
  if (((await countFiles(db, postingId))?.n ?? 0) >= filesPerPosting) throw tooManyFiles(filesPerPosting);
  if (mimeType === "image/heic") {
    file = await heicToJpeg(images, file, input.field ?? "fileContent");
    mimeType = "image/jpeg";
  }

  const objectKey = `postings/${postingId}/${crypto.randomUUID()}.${sniffedExtension[mimeType]}`;
  const row: NewFileRow = {
    postingId,
    objectKey,
    fileType,
    documentType: input.documentType ?? (isPictureType(fileType) ? null : (defaultDocumentType[fileType] ?? null)),
    documentDate: isPictureType(fileType) ? null : (input.documentDate ?? null),
    mimeType,
    originalName: displayName(file.name) ?? input.fallbackName ?? null,
    sizeBytes: file.size,
    sortOrder: input.sortOrder ?? null,
  };
  let inserted: { id: number; sortOrder: number } | undefined;
  try {
    await bucket.put(objectKey, file, { httpMetadata: { contentType: mimeType } });
    inserted = await insertFileWithinLimit(db, row, filesPerPosting);
  } catch (err) {
    // Also after a failed put: R2 may have stored the object before the error reached us.
    await bucket.delete(objectKey).catch((e: unknown) => console.error("posting file: orphan R2 object", objectKey, e));
    throw err;
  }
  if (!inserted) {
    await bucket.delete(objectKey);
    throw tooManyFiles(filesPerPosting);
  }
  return toPostingFile({ ...row, createdAt: new Date().toISOString(), width: null, height: null });
}

/** The R2 key behind a file URL as the API hands it out (`/media/<key>`, also absolute or with `?w=`), or null. */
export function objectKeyFromUrl(url: string): string | null {
  let path = url.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/)[0] ?? "";
  if (!path.startsWith("/media/")) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice("/media/".length));
  } catch {
    return null;
  }
  return /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,255}$/.test(key) ? key : null;
}

/**
 * Removes a file of this posting: the row, then the R2 object unless another row still points at it
 * (seeded pictures are shared by identical cars). Unknown or another posting's file: 404.
 */
export async function deletePostingFile(db: Db, bucket: R2Bucket, postingId: number, url: string) {
  const key = objectKeyFromUrl(url);
  const rows = key ? await findFileByKey(db, postingId, key) : [];
  const first = rows[0];
  if (!key || !first) throw notFound(postingFileMessages.fileNotFound);
  await db.delete(postingFiles).where(and(eq(postingFiles.postingId, postingId), eq(postingFiles.objectKey, key)));
  const stillUsed = await db
    .select({ id: postingFiles.id })
    .from(postingFiles)
    .where(eq(postingFiles.objectKey, key))
    .limit(1)
    .get();
  // The file is gone from the posting either way; a failed R2 delete only leaves an unused object behind.
  if (!stillUsed)
    await bucket.delete(key).catch((e: unknown) => console.error("posting file: object not deleted", key, e));
}

/**
 * Drag-to-reorder: the listed files (all of this posting, each once) get sort orders 0..n-1 in the
 * given order; files not listed follow in their current order. One D1 batch.
 */
export async function reorderPostingFiles(db: Db, postingId: number, urls: readonly string[]) {
  const current = await listFileOrder(db, postingId);
  const byKey = new Map<string, typeof current>();
  for (const f of current) byKey.set(f.objectKey, [...(byKey.get(f.objectKey) ?? []), f]);

  const fieldErrors: FieldError[] = [];
  const seen = new Set<string>();
  const listed: typeof current = [];
  urls.forEach((url, i) => {
    const key = objectKeyFromUrl(url);
    const rows = key ? byKey.get(key) : undefined;
    if (!key || !rows)
      fieldErrors.push({ field: `urls.${i}`, kind: "INVALID", message: postingFileMessages.notThisPosting });
    else if (seen.has(key))
      fieldErrors.push({ field: `urls.${i}`, kind: "INVALID", message: postingFileMessages.duplicateInOrder });
    else {
      seen.add(key);
      listed.push(...rows);
    }
  });
  const firstError = fieldErrors[0];
  if (firstError) throw new AppError(400, firstError.message, { code: "VALIDATION", fieldErrors, errors: [] });

  const listedIds = new Set(listed.map((f) => f.id));
  const order = [...listed, ...current.filter((f) => !listedIds.has(f.id))];
  // Every file is written, not only the moved ones: of two reorders (or covers) racing from the same read, the later
  // batch is a whole order, never half of each with two files on one place.
  const updates = order.map((f, sortOrder) =>
    db
      .update(postingFiles)
      .set({ sortOrder })
      .where(and(eq(postingFiles.id, f.id), eq(postingFiles.postingId, postingId))),
  );
  await batchAll(db, updates);
}
