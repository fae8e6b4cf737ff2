import { DrizzleD1Database, type drizzle, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { benchCountersEnabled, countedD1 } from "./bench-counters.server";

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
 * One SQL dialect per isolate (issue 27): `drizzle()` builds a new one, with an empty cache of column names,
 * for every request. The dialect holds no request state; each request gets its own session over its D1 client.
 */
const dialect = new SQLiteAsyncDialect({ casing: "snake_case" });

/** A Drizzle client over the request's D1 binding or a Sessions API session (cheap: create one per request). */
export function getDb(d1: D1Database | D1DatabaseSession): Db {
  const own = "getBookmark" in d1 ? new SessionDatabase(d1) : d1;
  // Counted only in a benchmark's Worker (BENCH_COUNTERS=on, decision 080).
  const client = benchCountersEnabled() ? countedD1(own) : own;
  // No `schema` object: the repositories use the query builder only (no relational `db.query`).
  const db = new DrizzleD1Database("async", dialect, new SQLiteD1Session(client, dialect, undefined, {}), undefined);
  return Object.assign(db, { $client: client }) as Db;
}

export type Db = ReturnType<typeof drizzle<Record<string, never>, D1Database>>;

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
  const db = getDb(session);
  if (bookmark) anchored.add(db);
  return { db, bookmark: () => session.getBookmark() };
}

// Clients of requests that carry a bookmark: they read their own writes, so never from a memo (decision 086).
const anchored = new WeakSet<Db>();

/**
 * Whether this client reads at a visitor's bookmark (they wrote within the last hour, perhaps in another
 * isolate, whose memos this one cannot see dropped): such reads bypass the isolate memos.
 */
export function readsOwnWrites(db: Db): boolean {
  return anchored.has(db);
}
