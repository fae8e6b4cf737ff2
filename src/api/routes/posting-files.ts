import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { inspectionDocumentTypes } from "~/domain/enums/posting";
import { type FieldError, unauthorized } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import {
  deletePostingFile,
  managedPosting,
  missingFileError,
  postingFileMessages,
  postingForScanner,
  reorderPostingFiles,
  scannerTokenMatches,
  storePostingFile,
  uploadFileTypes,
} from "~/services/posting-files.server";
import { normalizePostingFileType } from "~/domain/enums/posting";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { setCoverPicture, updateDocumentDetails } from "~/services/posting-file-edits.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { formBody, validationFailed } from "../multipart";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });

/** "2023-02-29" is no day: the date must come back the same from the calendar. */
function isCalendarDay(day: string): boolean {
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** A document's date: a real calendar day, not before 1950 and not after today in Ljubljana. */
const documentDateSchema = z
  .string({ error: "Datum dokumenta ni veljaven." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Datum dokumenta ni veljaven.")
  .refine((d) => isCalendarDay(d) && d >= "1950-01-01", {
    error: "Datum dokumenta ni veljaven.",
  })
  .refine((d) => d <= ljubljanaDay(new Date()), { error: "Datum dokumenta ne sme biti v prihodnosti." });
const documentTypeSchema = z.enum(inspectionDocumentTypes, { error: "Neveljavna vrsta dokumenta." });

/** The multipart `metaData` part: JSON text (or a JSON blob part, as some clients send it). */
export const fileMetaDataSchema = z.object({
  // The spec's alternative spelling SERVICEBOOKLET is stored as SERVICE_BOOKLET (issue 21).
  fileType: z.preprocess(
    (v) => (typeof v === "string" ? (normalizePostingFileType(v) ?? v) : v),
    z.enum(uploadFileTypes, { error: "Neveljavna vrsta datoteke." }),
  ),
  documentType: documentTypeSchema.nullish(),
  documentDate: documentDateSchema.nullish(),
  sortOrder: z
    .number({ error: "Vrstni red mora biti celo število." })
    .int("Vrstni red mora biti celo število.")
    .min(0, "Vrstni red ne sme biti negativen.")
    .max(100_000, "Vrstni red je prevelik.")
    .optional(),
});
export type FileMetaData = z.infer<typeof fileMetaDataSchema>;

const urlSchema = z
  .string({ error: "Manjka naslov datoteke." })
  .trim()
  .min(1, "Manjka naslov datoteke.")
  .max(2048, "Naslov datoteke je predolg.");
const fileUrlBody = z.object({ url: urlSchema });
const documentBody = z.object({
  url: urlSchema,
  documentType: documentTypeSchema.optional(),
  documentDate: documentDateSchema.nullable().optional(),
});
const orderBody = z.object({
  urls: z
    .array(urlSchema, { error: "Manjka vrstni red datotek." })
    .min(1, "Manjka vrstni red datotek.")
    .max(200, "Preveč datotek."),
});

/** Parses and validates `metaData`; problems come back as fieldErrors on "metaData". */
async function parseMetaData(
  value: string | File | undefined,
): Promise<{ data: FileMetaData | null; errors: FieldError[] }> {
  const text = value instanceof File ? await value.text() : value;
  if (text === undefined || text.trim() === "") {
    return { data: null, errors: [{ field: "metaData", kind: "MISSING", message: "Manjkajo podatki o datoteki." }] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      data: null,
      errors: [{ field: "metaData", kind: "INVALID", message: "Podatki o datoteki niso veljaven JSON." }],
    };
  }
  const parsed = fileMetaDataSchema.safeParse(json);
  if (parsed.success) return { data: parsed.data, errors: [] };
  return {
    data: null,
    errors: parsed.error.issues.map((issue) => ({ field: "metaData", kind: "INVALID", message: issue.message })),
  };
}

/** The AVTOSKEN scanner authenticates with `X-Auth-Token` = the `AVTOSKEN_TOKEN` secret (unset: nobody). */
const scannerToken = createMiddleware<ApiEnv>(async (c, next) => {
  const configured = (c.env as Env & { AVTOSKEN_TOKEN?: string }).AVTOSKEN_TOKEN;
  if (!(await scannerTokenMatches(c.req.header("x-auth-token"), configured)))
    throw unauthorized(postingFileMessages.badScannerToken);
  await next();
});

/** Pictures and documents of a posting (the posting wizard, the edit page and the AVTOSKEN scanner). */
export const postingFileRoutes = new Hono<ApiEnv>()
  /**
   * Upload (multipart: `metaData` JSON, `fileContent` file) by someone who manages the posting.
   * 201 with the file; 400 / 413 / 415 / 409 as the checks say (see storePostingFile).
   */
  .post("/:code/file", signedIn, validate("param", codeParam), async (c) => {
    const db = c.get("db");
    const posting = await managedPosting(db, c.req.valid("param").code, requireUser(c));
    const body = await formBody(c);
    const meta = await parseMetaData(body.metaData);
    const missing = missingFileError("fileContent", body.fileContent);
    const fieldErrors = [...meta.errors, ...(missing ? [missing] : [])];
    if (fieldErrors.length || !meta.data || !(body.fileContent instanceof File)) throw validationFailed(fieldErrors);
    const file = await storePostingFile(
      db,
      c.env.MEDIA,
      posting.id,
      {
        file: body.fileContent,
        fileType: meta.data.fileType,
        documentType: meta.data.documentType ?? null,
        documentDate: meta.data.documentDate ?? null,
        sortOrder: meta.data.sortOrder,
      },
      c.env.IMAGES,
    );
    return c.json(file, 201);
  })
  /** A document's type and date (what buyers read instead of the file name): 200 with the file; a picture: 400. */
  .patch("/:code/file", signedIn, validate("param", codeParam), validate("json", documentBody), async (c) => {
    const db = c.get("db");
    const posting = await managedPosting(db, c.req.valid("param").code, requireUser(c));
    const { url, documentType, documentDate } = c.req.valid("json");
    return c.json(await updateDocumentDetails(db, posting.id, url, { documentType, documentDate }));
  })
  /** Remove one file of the posting by its URL: 204; a file that is not this posting's: 404. */
  .delete("/:code/file", signedIn, validate("param", codeParam), validate("json", fileUrlBody), async (c) => {
    const db = c.get("db");
    const posting = await managedPosting(db, c.req.valid("param").code, requireUser(c));
    await deletePostingFile(db, c.env.MEDIA, posting.id, c.req.valid("json").url);
    return c.body(null, 204);
  })
  /** Drag-to-reorder in the wizard: the files' URLs in their new order; 204. */
  .post("/:code/files/order", signedIn, validate("param", codeParam), validate("json", orderBody), async (c) => {
    const db = c.get("db");
    const posting = await managedPosting(db, c.req.valid("param").code, requireUser(c));
    await reorderPostingFiles(db, posting.id, c.req.valid("json").urls);
    return c.body(null, 204);
  })
  /** "Naslovna fotografija": this exterior picture becomes the first (the cards' and the gallery's); 204. */
  .post("/:code/files/cover", signedIn, validate("param", codeParam), validate("json", fileUrlBody), async (c) => {
    const db = c.get("db");
    const posting = await managedPosting(db, c.req.valid("param").code, requireUser(c));
    await setCoverPicture(db, posting.id, c.req.valid("json").url);
    return c.body(null, 204);
  })
  /** The AVTOSKEN scanner's picture (multipart: `templateImageId`, `file`), stored as an exterior picture; 201. */
  .post("/:code/file/avtosken", scannerToken, validate("param", codeParam), async (c) => {
    const db = c.get("db");
    const posting = await postingForScanner(db, c.req.valid("param").code);
    const body = await formBody(c);
    const templateImageId = typeof body.templateImageId === "string" ? body.templateImageId.trim() : "";
    const fieldErrors: FieldError[] = [];
    if (!templateImageId)
      fieldErrors.push({ field: "templateImageId", kind: "MISSING", message: "Manjka oznaka slike predloge." });
    else if (!/^[A-Za-z0-9_.-]{1,100}$/.test(templateImageId))
      fieldErrors.push({ field: "templateImageId", kind: "INVALID", message: "Neveljavna oznaka slike predloge." });
    const missing = missingFileError("file", body.file);
    if (missing) fieldErrors.push(missing);
    if (fieldErrors.length || !(body.file instanceof File)) throw validationFailed(fieldErrors);
    const file = await storePostingFile(
      db,
      c.env.MEDIA,
      posting.id,
      {
        file: body.file,
        fileType: "EXTERIOR_PICTURE",
        fallbackName: `avtosken-${templateImageId}`,
        field: "file",
      },
      c.env.IMAGES,
    );
    return c.json(file, 201);
  });
