import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { app } from "~/api/app";

// D1 with injected faults, for the tests of what a failing statement leaves behind (issue #11).

export type Mode = {
  failAll?: boolean;
  /** A batch's second statement is replaced by one that fails (D1 must roll back the first). */
  failSecondInBatch?: boolean;
  /** Statements whose SQL matches fail, standalone or inside a batch. */
  failStatement?: RegExp;
  /** Collects the SQL of every write statement (INSERT/UPDATE/DELETE) prepared, batched or not. */
  writes?: string[];
  /** Runs before each batch is sent (e.g. a concurrent request that gets there first). */
  beforeBatch?: () => Promise<void>;
};

/** The real D1 binding with faults injected: every statement fails, a batch's second statement does, or the statements matching a pattern do. */
export function faultyD1(real: D1Database, mode: Mode): D1Database {
  const broken = () => real.prepare("SELECT * FROM no_such_table_injected_fault");
  const wrap = <T extends D1Database | D1DatabaseSession>(target: T): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "prepare") {
          return (query: string) => {
            if (/^\s*(insert|update|delete|replace)\b/i.test(query)) mode.writes?.push(query);
            return mode.failAll || mode.failStatement?.test(query) ? broken() : t.prepare(query);
          };
        }
        if (prop === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            await mode.beforeBatch?.();
            if (mode.failAll) return t.batch([broken()]);
            return t.batch(
              mode.failSecondInBatch && statements.length > 1
                ? [statements[0] as D1PreparedStatement, broken(), ...statements.slice(2)]
                : statements,
            );
          };
        }
        if (prop === "withSession") return (bookmark?: string) => wrap((t as D1Database).withSession(bookmark));
        const value: unknown = Reflect.get(t, prop, receiver);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  return wrap(real);
}

export const callWith = (mode: Mode, path: string, init: RequestInit = {}) =>
  app.request(`http://localhost${path}`, init, { ...env, DB: faultyD1(env.DB, mode) });

/** The 500 a failing D1 gives: the generic Slovenian message, nothing of the SQL, the driver or a stack. */
export async function expectGeneric500(res: Response) {
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(JSON.parse(text)).toMatchObject({ statusCode: 500, message: "Napaka, prosimo poskusite kasneje." });
  expect(text).not.toMatch(/no_such_table|D1_ERROR|SQLITE|select |insert |update |\bat \S+:\d+|stack/i);
}
