import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { postingViewsDaily } from "~/db/schema/engagement";
import type { PostingDetail } from "~/domain/posting-detail";
import { afterResponseSettled } from "~/lib/after-response.server";
import { db, publishedPosting, signedInUser } from "./fixtures";

// Decision 081: the posting page's data in one D1 round trip, its view counted after the response.

type Trace = { batches: string[][]; single: string[]; gate?: Promise<void> };

/** The real D1 binding, recording each batch's statements and each statement run alone; view batches wait for `gate`. */
function tracedD1(real: D1Database, trace: Trace): D1Database {
  let prepared: string[] = [];
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "prepare")
          return (query: string) => {
            prepared.push(query);
            const statement = (t as D1Database).prepare(query);
            const run =
              (fn: "all" | "first" | "run" | "raw") =>
              (...args: unknown[]) => {
                trace.single.push(query);
                return (statement as unknown as Record<string, (...a: unknown[]) => unknown>)[fn]?.(...args);
              };
            return new Proxy(statement, {
              get(s, p) {
                if (p === "all" || p === "first" || p === "run" || p === "raw") return run(p);
                if (p === "bind") return (...args: unknown[]) => wrapBound(s.bind(...args), query);
                const v: unknown = Reflect.get(s, p);
                return typeof v === "function" ? v.bind(s) : v;
              },
            });
          };
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            const sqls = prepared;
            prepared = [];
            trace.batches.push(sqls);
            if (sqls.some((q) => /posting_view_visitors/.test(q))) await trace.gate;
            return (t as D1Database).batch(statements.map(unwrap));
          };
        if (prop === "withSession") return (bookmark?: string) => wrap((t as D1Database).withSession(bookmark));
        const value: unknown = Reflect.get(t, prop, receiver);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  const originals = new WeakMap<object, D1PreparedStatement>();
  const unwrap = (s: D1PreparedStatement) => originals.get(s) ?? s;
  const wrapBound = (bound: D1PreparedStatement, query: string) => {
    const proxy = new Proxy(bound, {
      get(s, p) {
        if (p === "all" || p === "first" || p === "run" || p === "raw")
          return (...args: unknown[]) => {
            trace.single.push(query);
            return (s as unknown as Record<string, (...a: unknown[]) => unknown>)[p]?.(...args);
          };
        const v: unknown = Reflect.get(s, p);
        return typeof v === "function" ? v.bind(s) : v;
      },
    });
    originals.set(proxy, bound);
    return proxy;
  };
  return wrap(real);
}

let client = 0;
const getAs = (trace: Trace, code: string, cookie?: string) =>
  app.request(
    `http://localhost/internal-api/v1/postings/${code}`,
    { headers: { "cf-connecting-ip": `198.51.100.${(client = (client % 250) + 1)}`, ...(cookie ? { cookie } : {}) } },
    { ...env, DB: tracedD1(env.DB, trace) },
  );

const viewsOf = async (postingId: number) =>
  (await db().select().from(postingViewsDaily).where(eq(postingViewsDaily.postingId, postingId)).all()).reduce(
    (sum, d) => sum + d.views,
    0,
  );

describe("GET postings/{code} in one round trip (decision 081)", () => {
  it("reads what the page needs in one D1 batch and counts the view in one more, after the response", async () => {
    const row = await publishedPosting();
    const trace: Trace = { batches: [], single: [] };
    const res = await getAs(trace, row.code);
    expect(res.status).toBe(200);
    await afterResponseSettled();
    expect(trace.single).toEqual([]);
    expect(trace.batches).toHaveLength(2);
    expect(trace.batches[0]?.some((q) => /posting_view/.test(q))).toBe(false);
    expect(trace.batches[1]?.every((q) => /posting_view|"postings"/.test(q))).toBe(true);
    expect(await viewsOf(row.id)).toBe(1);
  });

  it("answers before the view is written, and the view still counts once", async () => {
    const row = await publishedPosting();
    let open = () => {};
    const trace: Trace = { batches: [], single: [], gate: new Promise<void>((r) => (open = r)) };
    const res = await getAs(trace, row.code);
    expect(res.status).toBe(200);
    expect(((await res.json()) as PostingDetail).code).toBe(row.code);
    // The view's batch is still held: nothing counted yet, yet the answer is complete.
    expect(await viewsOf(row.id)).toBe(0);
    open();
    await afterResponseSettled();
    expect(await viewsOf(row.id)).toBe(1);
  });

  it("never gives one viewer's posting data to another: two sellers read both postings at once", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const postingA = await publishedPosting({ userId: a.user.id, dealershipId: null });
    const postingB = await publishedPosting({ userId: b.user.id, dealershipId: null });
    const trace: Trace = { batches: [], single: [] };
    const asks = [
      [postingA, a, true],
      [postingB, a, false],
      [postingA, b, false],
      [postingB, b, true],
    ] as const;
    const answers = await Promise.all(
      [...asks, ...asks].map(async ([posting, viewer]) => {
        const res = await getAs(trace, posting.code, viewer.cookie);
        return (await res.json()) as PostingDetail;
      }),
    );
    await afterResponseSettled();
    answers.forEach((detail, i) => {
      const [posting, , own] = asks[i % asks.length] ?? [];
      expect(detail.code).toBe(posting?.code);
      expect(detail.postId).toBe(posting?.id);
      expect(detail.viewerCanEdit).toBe(own);
      expect(detail.owner !== null).toBe(own);
    });
    // Each seller's view of the other's posting counted once, their own never.
    expect(await viewsOf(postingA.id)).toBe(1);
    expect(await viewsOf(postingB.id)).toBe(1);
  });
});
