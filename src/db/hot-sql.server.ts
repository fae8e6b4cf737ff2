import { fillPlaceholders, type Placeholder, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import { type Db, getDb } from "./client.server";

/**
 * Hot SQL built once per isolate (issue 27, decision 089). Drizzle builds a query's SQL text from its builder on
 * every call: for the posting page that was the page's largest own CPU share (decision 085: entity checks walking
 * prototypes, column casing, parameter lists). A hot query is built ONCE per isolate, with placeholders for every
 * value that varies, against a template client that never runs anything; each request binds the values on its
 * own D1 client (its Sessions API session, so read replication and bookmarks are unchanged) and maps the rows with
 * drizzle's own mappers, exactly as `db.batch` and `.all()` do. Nothing of a request is kept: only SQL text and
 * the column mappers, which depend on the code alone.
 */

type Prepared = SQLitePreparedQuery<{
  type: "async";
  run: unknown;
  all: unknown;
  get: unknown;
  values: unknown;
  execute: unknown;
}>;
type Preparable = { prepare(): Prepared };

/** A client that prepares nothing real: drizzle asks it for a statement when a template is prepared. */
const templateDb = getDb({
  prepare: () => ({}) as D1PreparedStatement,
  batch: () => Promise.reject(new Error("a hot-SQL template never runs")),
} as unknown as D1Database);

type Placeholders<K extends string> = { [P in K]: Placeholder<P> };
const placeholders = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Placeholders<K>;

const bind = (db: Db, prepared: Prepared, values: Record<string, unknown>) => {
  const query = prepared.getQuery();
  return db.$client.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
};

/**
 * A batch (one D1 round trip) whose SQL is built once per isolate and per `variant` (a key for each shape the
 * builder can take, e.g. by id or by code). `build` gets the template client and a placeholder per name.
 */
export function hotBatch<
  K extends string,
  V extends string,
  T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
>(names: readonly K[], build: (db: Db, p: Placeholders<K>, variant: V) => T) {
  const built = new Map<V, Prepared[]>();
  return async (db: Db, variant: V, values: Record<K, unknown>): Promise<BatchResponse<T>> => {
    let prepared = built.get(variant);
    if (!prepared) {
      prepared = build(templateDb, placeholders(names), variant).map((q) => (q as unknown as Preparable).prepare());
      built.set(variant, prepared);
    }
    const statements = prepared.map((q) => bind(db, q, values));
    const results = await db.$client.batch(statements);
    return results.map((result, i) => prepared[i]?.mapResult(result, true)) as BatchResponse<T>;
  };
}

/** One `.all()` query whose SQL is built once per isolate and per `variant` (see `hotBatch`). */
export function hotQuery<K extends string, V extends string, R>(
  names: readonly K[],
  build: (db: Db, p: Placeholders<K>, variant: V) => { all(): Promise<R[]> },
) {
  const built = new Map<V, Prepared>();
  return async (db: Db, variant: V, values: Record<K, unknown>): Promise<R[]> => {
    let prepared = built.get(variant);
    if (!prepared) {
      prepared = (build(templateDb, placeholders(names), variant) as unknown as Preparable).prepare();
      built.set(variant, prepared);
    }
    // As drizzle's own `.all()` with selected fields: rows as arrays (raw), mapped by position.
    const rows = await bind(db, prepared, values).raw();
    return prepared.mapResult(rows, false) as R[];
  };
}
