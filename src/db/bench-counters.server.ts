import { AsyncLocalStorage } from "node:async_hooks";

/**
 * D1 round trips and statements per page request, for `npm run bench:pages` only (issue 27, decision 080).
 * Active only when the Worker runs with `BENCH_COUNTERS=on`, which the benchmark's server alone sets: then
 * src/server.ts runs each request inside a record (`countRequest`), `getDb` wraps its D1 client
 * (`countedD1`), and every `all/first/run/raw` is one round trip with one statement and every `batch` one
 * round trip with its n statements. Round trips started before the Worker returned its Response are
 * "before the first byte"; the rest (streamed parts, `waitUntil`) come after. Without the variable nothing
 * is wrapped, recorded or reachable.
 */
export type D1Count = { roundTrips: number; statements: number; beforeFirstByte: number; sql: string[] };

type Record_ = D1Count & { responded: boolean };

const current = new AsyncLocalStorage<Record_>();
/** Finished requests' counts by the benchmark's request id (`x-bench-request`), the oldest dropped past 2,000. */
const records = new Map<string, Record_>();

let enabled = false;

/** Whether this Worker counts (its `BENCH_COUNTERS` is "on"); remembered for `getDb`, which has no env. */
export function benchCountersOn(env: { BENCH_COUNTERS?: string }): boolean {
  enabled = env.BENCH_COUNTERS === "on";
  return enabled;
}

/** Whether `getDb` should wrap its client (only ever true in a benchmark's Worker). */
export const benchCountersEnabled = () => enabled;

/** Runs one request inside a record kept under the benchmark's id; marks the moment its Response is returned. */
export async function countRequest(id: string, handle: () => Promise<Response>): Promise<Response> {
  const record: Record_ = { roundTrips: 0, statements: 0, beforeFirstByte: 0, sql: [], responded: false };
  records.set(id, record);
  if (records.size > 2000) records.delete(records.keys().next().value as string);
  try {
    return await current.run(record, handle);
  } finally {
    record.responded = true;
  }
}

/** The counts of a request the benchmark sent with this id, or null. */
export function countsOf(id: string): D1Count | null {
  const r = records.get(id);
  return r
    ? { roundTrips: r.roundTrips, statements: r.statements, beforeFirstByte: r.beforeFirstByte, sql: r.sql }
    : null;
}

function count(statements: number, sql: string[]): void {
  const record = current.getStore();
  if (!record) return;
  record.roundTrips++;
  record.statements += statements;
  if (!record.responded) record.beforeFirstByte++;
  // The statements' text (first 160 characters), for the profile in docs/performance.md.
  record.sql.push(...sql.map((s) => s.slice(0, 160)));
}

const sqlOf = new WeakMap<D1PreparedStatement, string>();

/** A statement whose runs are counted; `bind` keeps it counted, `batch` unwraps it. */
function countedStatement(real: D1PreparedStatement, sql: string): D1PreparedStatement {
  const wrapped = {
    real,
    bind: (...values: unknown[]) => countedStatement(real.bind(...values), sql),
    first: (column?: string) => {
      count(1, [sql]);
      return column === undefined ? real.first() : real.first(column);
    },
    all: () => {
      count(1, [sql]);
      return real.all();
    },
    run: () => {
      count(1, [sql]);
      return real.run();
    },
    raw: (options?: { columnNames?: boolean }) => {
      count(1, [sql]);
      return options?.columnNames ? real.raw({ columnNames: true }) : real.raw();
    },
  } as unknown as D1PreparedStatement;
  sqlOf.set(wrapped, sql);
  return wrapped;
}

const realOf = (s: D1PreparedStatement) => (s as unknown as { real?: D1PreparedStatement }).real ?? s;

/** The client `getDb` hands to Drizzle: counted when a request record is open, the client itself otherwise. */
export function countedD1<T extends { prepare(q: string): D1PreparedStatement; batch: D1Database["batch"] }>(
  client: T,
): T {
  return new Proxy(client, {
    get(target, key) {
      if (key === "prepare" && current.getStore()) return (q: string) => countedStatement(target.prepare(q), q);
      if (key === "batch" && current.getStore())
        return (statements: D1PreparedStatement[]) => {
          count(
            statements.length,
            statements.map((s) => sqlOf.get(s) ?? "?"),
          );
          return target.batch(statements.map(realOf));
        };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
