import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "./client.server";
import { articles } from "./schema/content";

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

/** News articles for the search page: not expired, by position. */
export function listActiveArticles(db: Db, now = new Date()) {
  return db.select(listed).from(articles).where(active(now)).orderBy(asc(articles.position), asc(articles.id)).all();
}

/** One news article by its code (`GET articles/{code}`), with its body; null when unknown or expired. */
export function findActiveArticle(db: Db, code: string, now = new Date()) {
  return db
    .select({ ...listed, body: articles.body })
    .from(articles)
    .where(and(eq(articles.code, code), active(now)))
    .get();
}
