import { appConfig } from "~/app.config";
import {
  type AdminArticleRow,
  articleCodesLike,
  deleteArticle,
  findArticle,
  insertArticle,
  isArticleCodeTaken,
  isArticleImageInUse,
  listAllArticles,
  updateArticle,
} from "~/db/articles.server";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { isGuardFailure } from "~/db/batch.server";
import { articleExpiresAt, articleExpiryDay, isArticleExpired } from "~/domain/article-expiry";
import { conflict, type FieldError, notFound } from "~/domain/errors";
import { sniffByteCount, sniffedExtension, sniffFileType } from "~/domain/file-sniff";
import { exceedsPictureLimits, oversizedPictureMessage } from "~/domain/image-size";
import { slugify, uniqueCode } from "~/domain/slug";
import { articleAdminMessages, type ArticleValues } from "~/contracts/admin-articles";
import type { AdminArticle } from "~/contracts/admin-articles";

const msg = articleAdminMessages;

function toAdminArticles(rows: AdminArticleRow[], now: Date): AdminArticle[] {
  let shown = 0;
  return rows.map(({ imageKey, ...r }) => {
    const expired = isArticleExpired(r.expiresAt, now);
    const onSearchPage = !expired && shown < appConfig.limits.searchPageArticles;
    if (onSearchPage) shown++;
    return {
      ...r,
      imageUrl: imageKey ? `/media/${imageKey}` : null,
      expiryDate: r.expiresAt ? articleExpiryDay(r.expiresAt) : null,
      expired,
      onSearchPage,
    };
  });
}

/** `GET search-page-article` (editors and admins): every article by position, expired ones marked. */
export async function listArticlesForAdmin(db: Db, now = new Date()): Promise<AdminArticle[]> {
  return toAdminArticles(await listAllArticles(db), now);
}

async function articleView(db: Db, id: number): Promise<AdminArticle> {
  const found = (await listArticlesForAdmin(db)).find((a) => a.id === id);
  if (!found) throw notFound(msg.notFound);
  return found;
}

type ArticlePicture = { bytes: Uint8Array; mimeType: "image/jpeg" | "image/png" | "image/webp" };
const pictureTypes: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * Checks the `image` part: within the size limit, really a JPEG, PNG or WebP by its bytes and not
 * declaring more pixels than an upload may have. Absent (or an empty file) is "no new picture", an
 * error only when `required` (creating: "Dodajte sliko.").
 */
export async function checkArticleImage(
  value: string | File | undefined,
  required: boolean,
): Promise<{ picture: ArticlePicture | null; error: FieldError | null }> {
  if (!(value instanceof File) || value.size === 0)
    return { picture: null, error: required ? { field: "image", kind: "MISSING", message: msg.image } : null };
  const invalid = (message: string) => ({
    picture: null,
    error: { field: "image", kind: "INVALID" as const, message },
  });
  if (value.size > appConfig.limits.fileSizeBytes) return invalid(msg.imageTooLarge);
  const bytes = new Uint8Array(await value.arrayBuffer());
  const sniffed = sniffFileType(bytes.subarray(0, sniffByteCount));
  if (!sniffed || !pictureTypes.has(sniffed)) return invalid(msg.imageType);
  if (exceedsPictureLimits(bytes)) return invalid(oversizedPictureMessage);
  return { picture: { bytes, mimeType: sniffed as ArticlePicture["mimeType"] }, error: null };
}

async function putImage(bucket: R2Bucket, picture: ArticlePicture) {
  // A new key per upload: /media answers with immutable caching.
  const key = `articles/${crypto.randomUUID()}.${sniffedExtension[picture.mimeType]}`;
  try {
    await bucket.put(key, picture.bytes, { httpMetadata: { contentType: picture.mimeType } });
  } catch (err) {
    // R2 may have stored the object before the error reached us.
    await dropObject(bucket, key);
    throw err;
  }
  return key;
}

async function dropObject(bucket: R2Bucket, key: string) {
  await bucket.delete(key).catch((e: unknown) => console.error("articles: orphan R2 object", key, e));
}

/** Deletes a picture no article shows any more; a failure only leaves an unused object behind. */
async function removeUnusedImage(db: Db, bucket: R2Bucket, key: string | null) {
  if (!key) return;
  try {
    if (!(await isArticleImageInUse(db, key))) await bucket.delete(key);
  } catch (e) {
    console.error("articles: old picture not deleted", key, e);
  }
}

const rowValues = (v: ArticleValues) => ({
  title: v.title,
  subtitle: v.subtitle,
  summary: v.summary,
  moreLink: v.moreLink,
  position: v.position,
  expiresAt: v.expiryDate ? articleExpiresAt(v.expiryDate) : null,
});

/**
 * `POST search-page-article` (multipart `article` JSON and `image`): the picture goes to R2 first, then
 * the row and its audit entry in one batch (code from the title, unique); a failed insert removes the
 * picture again.
 */
export async function createArticle(
  db: Db,
  bucket: R2Bucket,
  actor: AuditActor,
  form: { values: ArticleValues; image: ArticlePicture },
): Promise<AdminArticle> {
  const imageKey = await putImage(bucket, form.image);
  try {
    const values = { ...rowValues(form.values), imageKey };
    const base = slugify(form.values.title, "clanek", 60);
    for (let attempt = 0; ; attempt++) {
      const code = uniqueCode(base, await articleCodesLike(db, base));
      try {
        return await articleView(db, await insertArticle(db, code, values, actor));
      } catch (err) {
        if (!isArticleCodeTaken(err) || attempt >= 2) throw err;
      }
    }
  } catch (err) {
    await dropObject(bucket, imageKey);
    throw err;
  }
}

/**
 * `POST search-page-article/{id}` (multipart, `image` optional): new fields and perhaps a new picture.
 * The row changes only while it still shows the picture read at the start (else 409, nothing lost);
 * the replaced picture's object is deleted once the row points at the new one.
 */
export async function changeArticle(
  db: Db,
  bucket: R2Bucket,
  actor: AuditActor,
  id: number,
  form: { values: ArticleValues; image: ArticlePicture | null },
): Promise<AdminArticle> {
  const current = await findArticle(db, id);
  if (!current) throw notFound(msg.notFound);
  const values: ReturnType<typeof rowValues> & { imageKey?: string } = rowValues(form.values);
  const newKey = form.image ? await putImage(bucket, form.image) : null;
  if (newKey) values.imageKey = newKey;
  try {
    await updateArticle(db, id, values, current.imageKey, actor, current);
  } catch (err) {
    if (newKey) await dropObject(bucket, newKey);
    if (isGuardFailure(err, "audit_log.action")) throw conflict(msg.changedMeanwhile);
    throw err;
  }
  if (newKey) await removeUnusedImage(db, bucket, current.imageKey);
  return articleView(db, id);
}

/** `DELETE search-page-article/{id}`: the row with its audit entry, then its picture's object. */
export async function removeArticle(db: Db, bucket: R2Bucket, actor: AuditActor, id: number) {
  const current = await findArticle(db, id);
  if (!current) throw notFound(msg.notFound);
  try {
    await deleteArticle(db, id, current.imageKey, actor, current);
  } catch (err) {
    if (isGuardFailure(err, "audit_log.action")) throw conflict(msg.changedMeanwhile);
    throw err;
  }
  await removeUnusedImage(db, bucket, current.imageKey);
}
