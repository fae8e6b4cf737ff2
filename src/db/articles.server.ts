import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { memoised } from "./isolate-memo.server";
import { startsWith } from "./sql-text.server";
import type { Db } from "./client.server";
import { isUniqueViolation } from "./batch.server";
import { auditLog } from "./schema/audit";
import { articles } from "./schema/content";
import { auditEntry, type AuditActor, insertGuardedAudit } from "./audit.server";

/** The news articles: what readers see (active ones) and what the admin lists and writes (with its audit rows). */

/** The columns a reader sees of an article (the list leaves out the body). */
const listed = {
  id: articles.id,
  code: articles.code,
  title: articles.title,
  subtitle: articles.subtitle,
  summary: articles.summary,
  moreLink: articles.moreLink,
  position: articles.position,
  imageKey: articles.imageKey,
  expiresAt: articles.expiresAt,
};

/** Not expired at `now`. */
const active = (now: Date) => or(isNull(articles.expiresAt), gt(articles.expiresAt, now.toISOString()));

/** News articles for the search page: not expired, by position (memoised per isolate, decision 080). */
export async function listActiveArticles(db: Db, now = new Date()) {
  const rows = await memoised(
    db,
    "articles",
    () => db.select(listed).from(articles).where(active(now)).orderBy(asc(articles.position), asc(articles.id)).all(),
    now.getTime(),
  );
  // Expiry holds at the second, whenever the memo was filled.
  return rows.filter((a) => a.expiresAt === null || a.expiresAt > now.toISOString());
}

/** One news article by its code (`GET articles/{code}`), with its body; null when unknown or expired. */
export function findActiveArticle(db: Db, code: string, now = new Date()) {
  return db
    .select({ ...listed, body: articles.body })
    .from(articles)
    .where(and(eq(articles.code, code), active(now)))
    .get();
}

/** The admin's columns: a reader's, and when the article was created. */
const adminArticleColumns = { ...listed, createdAt: articles.createdAt };

/** Every article, expired ones too, by position (as the search page orders them). */
export function listAllArticles(db: Db) {
  return db.select(adminArticleColumns).from(articles).orderBy(asc(articles.position), asc(articles.id)).all();
}
export type AdminArticleRow = Awaited<ReturnType<typeof listAllArticles>>[number];

/** One article by id. */
export function findArticle(db: Db, id: number) {
  return db.select(adminArticleColumns).from(articles).where(eq(articles.id, id)).get();
}

/** The taken codes starting with `base` (to make a new article's code unique). */
export async function articleCodesLike(db: Db, base: string) {
  const rows = await db.select({ code: articles.code }).from(articles).where(startsWith(articles.code, base)).all();
  return new Set(rows.flatMap((r) => (r.code ? [r.code] : [])));
}

export type ArticleRowValues = {
  title: string;
  subtitle: string | null;
  summary: string | null;
  moreLink: string;
  position: number;
  expiresAt: string | null;
  imageKey: string;
};

/** Inserts an article and its audit row in one batch; answers the new id. */
export async function insertArticle(db: Db, code: string, values: ArticleRowValues, actor: AuditActor) {
  const [inserted] = await db.batch([
    db
      .insert(articles)
      .values({ ...values, code })
      .returning({ id: articles.id }),
    // The statement before is the insert: last_insert_rowid() is the new article's id.
    db
      .insert(auditLog)
      .values(auditEntry(actor, "article.create", "article", sql`last_insert_rowid()`, undefined, { code, ...values })),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error("article not inserted");
  return id;
}

/** The article still points at the picture read before (the guard of a change or a delete). */
const stillShows = (id: number, imageKey: string | null) =>
  sql`EXISTS (SELECT 1 FROM articles WHERE id = ${id} AND image_key IS ${imageKey})`;

/**
 * Changes an article and writes its audit row in one batch, only while the row still points at the
 * picture read before (two admins replacing the picture at once cannot both win): otherwise the batch
 * fails with `isGuardFailure(err, "audit_log.action")` and nothing changes.
 */
export async function updateArticle(
  db: Db,
  id: number,
  values: Partial<ArticleRowValues>,
  expectedImageKey: string | null,
  actor: AuditActor,
  before: unknown,
) {
  await db.batch([
    insertGuardedAudit(db, actor, "article.update", stillShows(id, expectedImageKey), {
      entity: "article",
      id,
      before,
      after: values,
    }),
    db.update(articles).set(values).where(eq(articles.id, id)),
  ]);
}

/** Deletes an article with its audit row (the whole row as before) in one batch; guarded like `updateArticle`. */
export async function deleteArticle(
  db: Db,
  id: number,
  expectedImageKey: string | null,
  actor: AuditActor,
  before: unknown,
) {
  await db.batch([
    insertGuardedAudit(db, actor, "article.delete", stillShows(id, expectedImageKey), {
      entity: "article",
      id,
      before,
    }),
    db.delete(articles).where(eq(articles.id, id)),
  ]);
}

/** The error D1 raises when two articles would get the same code at once. */
export const isArticleCodeTaken = (err: unknown) => isUniqueViolation(err, "articles\\.code");

/** Whether any article still shows the picture (before its R2 object is deleted). */
export async function isArticleImageInUse(db: Db, key: string) {
  return Boolean(await db.select({ id: articles.id }).from(articles).where(eq(articles.imageKey, key)).limit(1).get());
}
