import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * A D1 Sessions API session seen as a D1Database. Drizzle only ever calls `prepare` and `batch`
 * (drizzle-orm/d1 0.45 types its client as D1Database, which a D1DatabaseSession is not); the
 * members a session lacks fail loudly instead of silently leaving the session.
 */
class SessionDatabase implements D1Database {
  readonly #session: D1DatabaseSession;
  constructor(session: D1DatabaseSession) {
    this.#session = session;
  }
  prepare(query: string): D1PreparedStatement {
    return this.#session.prepare(query);
  }
  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.#session.batch<T>(statements);
  }
  exec(): Promise<D1ExecResult> {
    throw new Error("exec() is not available inside a D1 session");
  }
  withSession(): D1DatabaseSession {
    throw new Error("withSession() cannot be nested inside a D1 session");
  }
  dump(): Promise<ArrayBuffer> {
    throw new Error("dump() is not available inside a D1 session");
  }
}

/**
 * The SQL dialect, built once per isolate (decision 081): it holds no request state, only the
 * snake_case name of each column, which it would otherwise work out again on every request.
 */
let dialect: SQLiteAsyncDialect | undefined;

/** A Drizzle client over the request's D1 binding or a Sessions API session (cheap: create one per request). */
export function getDb(d1: D1Database | D1DatabaseSession) {
  const client = "getBookmark" in d1 ? new SessionDatabase(d1) : d1;
  dialect ??= new SQLiteAsyncDialect({ casing: "snake_case" });
  // What drizzle() builds, minus a new dialect per call. No schema: the repositories use the query
  // builder only (no relational `db.query`). The session, and so the client, stays per request.
  const db = new DrizzleD1Database("async", dialect, new SQLiteD1Session(client, dialect, undefined), undefined);
  return Object.assign(db, { $client: client });
}

export type Db = ReturnType<typeof getDb>;

/** Cookie carrying the D1 bookmark of the visitor's last write (read-your-writes across requests). */
export const bookmarkCookieName = "avtotrg_d1b";

// D1 bookmarks are hyphen-separated hex groups; anything else from a cookie is ignored.
const bookmarkPattern = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

/** A well-formed bookmark from a cookie value, else null (then reads may go to any replica). */
export function parseBookmark(value: string | null | undefined): string | null {
  return value && value.length <= 256 && bookmarkPattern.test(value) ? value : null;
}

/**
 * A per-request D1 session for read replication: anchored at the visitor's bookmark (so a replica
 * at least as new as their last write answers), or "first-unconstrained" (any replica) without one.
 */
export function openDbSession(d1: D1Database, bookmark: string | null) {
  const session = d1.withSession(bookmark ?? "first-unconstrained");
  return { db: getDb(session), bookmark: () => session.getBookmark() };
}
