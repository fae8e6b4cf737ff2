// The real D1 binding of the API tests, recording which statements went in which batch and which ran alone: the
// session-in-batch tests (decision 089) assert that the session's statement went first in a page read's one batch.

export type Trace = { batches: string[][]; single: string[] };

/** The real D1 binding, recording each batch's statements and each statement run alone. */
export function tracedD1(real: D1Database, trace: Trace): D1Database {
  let prepared: string[] = [];
  const statement = (s: D1PreparedStatement, query: string): D1PreparedStatement =>
    new Proxy(s, {
      get(target, p) {
        if (p === "all" || p === "first" || p === "run" || p === "raw")
          return (...args: unknown[]) => {
            trace.single.push(query);
            // Run alone: not part of the next batch.
            const i = prepared.lastIndexOf(query);
            if (i >= 0) prepared.splice(i, 1);
            return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[p]?.(...args);
          };
        if (p === "bind") return (...args: unknown[]) => statement(target.bind(...args), query);
        if (p === "__target") return target;
        const v: unknown = Reflect.get(target, p);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  const unwrap = (s: D1PreparedStatement) =>
    ((s as unknown as { __target?: D1PreparedStatement }).__target ?? s) as D1PreparedStatement;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === "prepare")
          return (query: string) => {
            prepared.push(query);
            return statement((t as D1Database).prepare(query), query);
          };
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            trace.batches.push(prepared);
            prepared = [];
            return (t as D1Database).batch(statements.map(unwrap));
          };
        if (prop === "withSession") return (bookmark?: string) => wrap((t as D1Database).withSession(bookmark));
        const value: unknown = Reflect.get(t, prop);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  return wrap(real);
}
