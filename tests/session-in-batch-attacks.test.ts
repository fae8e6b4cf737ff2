import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { createInProcessTransport } from "~/client/server-transports";
import { afterResponseSettled } from "~/lib/after-response.server";
import { randomToken } from "~/lib/crypto";
import { mayHaveSession } from "~/lib/cookies";
import { PageSessionMemo } from "~/lib/in-process";
import { dealership } from "./dealer-fixtures";
import { faultyD1 } from "./faulty-d1";
import { call, freshClientIp, publishedPosting, signedInUser } from "./fixtures";

// An attacker's pass over decision 089's second entry point of the session middleware (the page memo's `claim`:
// the posting page's in-process read puts the session's statement first in its own D1 batch). Each test plays a
// page render (one in-process transport, one page memo) or a browser's call and asserts what a user would notice:
// whose rights the posting answer carries, who `me` says is signed in, that neither hangs nor answers 500.

const cookieName = appConfig.session.cookieName;
const cookieOf = (token: string) => `${cookieName}=${token}`;
const sessionSql = /from "sessions"/;

type Trace = { alone: number; inBatch: number };

/** The real D1 binding, counting the session's statement run alone and inside a batch. */
function countingD1(real: D1Database, trace: Trace): D1Database {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === "prepare")
          return (query: string) => {
            const s = (t as D1Database).prepare(query);
            if (!sessionSql.test(query)) return s;
            // Counted where it runs: alone (.all/.first/.raw/.run) or by the batch below.
            return new Proxy(s, {
              get(st, p) {
                if (p === "all" || p === "first" || p === "raw" || p === "run") {
                  trace.alone++;
                }
                if (p === "bind") return (...args: unknown[]) => countSession(st.bind(...args));
                const v: unknown = Reflect.get(st, p);
                return typeof v === "function" ? v.bind(st) : v;
              },
            });
          };
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            trace.inBatch += statements.filter((s) => marked.has(s)).length;
            return (t as D1Database).batch(statements.map((s) => marked.get(s) ?? s));
          };
        if (prop === "withSession") return (bookmark?: string) => wrap((t as D1Database).withSession(bookmark));
        const value: unknown = Reflect.get(t, prop);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  const marked = new WeakMap<object, D1PreparedStatement>();
  const countSession = (bound: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(bound, {
      get(st, p) {
        if (p === "all" || p === "first" || p === "raw" || p === "run") trace.alone++;
        const v: unknown = Reflect.get(st, p);
        return typeof v === "function" ? v.bind(st) : v;
      },
    });
    marked.set(proxy, bound);
    return proxy;
  };
  return wrap(real);
}

type Answer = { status: number; body: unknown; headers: Headers };
const answer = async (res: Response): Promise<Answer> => ({
  status: res.status,
  headers: res.headers,
  body: res.headers.get("content-type")?.includes("json") ? await res.json() : null,
});

/** A page render's transport (one page memo) over a counted (or given) D1. */
function page(cookie: string | undefined, opts: { secure?: boolean; db?: D1Database } = {}) {
  const trace: Trace = { alone: 0, inBatch: 0 };
  const memo = new PageSessionMemo();
  const bindings = { ...env, DB: countingD1(opts.db ?? env.DB, trace) };
  const transport = createInProcessTransport(app, bindings, cookie, opts.secure ?? false, freshClientIp(), memo);
  const get = (path: string, init: RequestInit = {}) => transport(path, init);
  return { trace, memo, get };
}

/** The posting page's two calls in the new order (the posting first, `me` while it runs), with a hang guard. */
async function batchedPage(cookie: string | undefined, code: string, opts: { secure?: boolean; db?: D1Database } = {}) {
  const p = page(cookie, opts);
  const posting = p.get(`/internal-api/v1/postings/${encodeURIComponent(code)}?similar=1`);
  const me = p.get("/internal-api/v1/me");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the page's calls hung")), 4_000);
  });
  const [a, b] = await Promise.race([Promise.all([posting, me]), hang]).finally(() => clearTimeout(timer));
  const result = { ...p, posting: await answer(a), me: await answer(b) };
  await afterResponseSettled();
  return result;
}

const canEdit = (a: Answer) => (a.body as { viewerCanEdit?: boolean } | null)?.viewerCanEdit;
const meId = (a: Answer) => (a.status === 200 ? (a.body as { id: number }).id : null);

describe("decision 089 under attack: the session read in the posting page's batch", () => {
  it("only a page's own in-process GET postings/{code} takes the batched session: not a browser's call (any Host), a Bearer header, a write, a HEAD or another path", async () => {
    // a browser's own GET postings/{code}, even addressed to the in-process host, never takes the batched session
    {
      const seller = await signedInUser();
      const posting = await publishedPosting({ userId: seller.user.id });
      for (const origin of ["http://localhost", "http://internal.avtotrg"]) {
        const trace: Trace = { alone: 0, inBatch: 0 };
        const res = await app.fetch(
          new Request(`${origin}/internal-api/v1/postings/${posting.id}?similar=1`, {
            headers: { cookie: seller.cookie, "cf-connecting-ip": freshClientIp() },
          }),
          { ...env, DB: countingD1(env.DB, trace) },
        );
        await afterResponseSettled();
        const a = await answer(res);
        // Today's path: the middleware's own lookup, nothing in the posting's batch; the owner's view stays private.
        expect({ origin, ...trace }).toEqual({ origin, alone: 1, inBatch: 0 });
        expect(a.status).toBe(200);
        expect(canEdit(a)).toBe(true);
        expect(a.headers.get("cache-control")).toBe("private, no-store");
      }
      // A forged token through the browser: signed out, the public view, no user's data.
      const forged = await call(`/internal-api/v1/postings/${posting.id}`, {
        headers: { cookie: cookieOf(randomToken()) },
      });
      expect(forged.status).toBe(200);
      expect(await forged.json()).toMatchObject({ viewerCanEdit: false, owner: null });
    }
    // a partner's Bearer header beside the seller's cookie on a page's call: no batched session, the token decides (401)
    {
      const seller = await signedInUser();
      const posting = await publishedPosting({ userId: seller.user.id });
      const p = page(seller.cookie);
      const [posted, me] = await Promise.all([
        p.get(`/internal-api/v1/postings/${posting.id}?similar=1`, {
          headers: { authorization: "Bearer forged-token" },
        }),
        p.get("/internal-api/v1/me"),
      ]);
      await afterResponseSettled();
      expect(p.memo.batched).toBe(0);
      expect(posted.status).toBe(401);
      expect(((await posted.json()) as { message?: string }).message).toMatch(/žeton/);
      // The page's `me` (no Authorization) is the cookie's user, from one lookup.
      expect(meId(await answer(me))).toBe(seller.user.id);
      expect(p.trace.inBatch).toBe(0);
    }
    // a page's write, a non-page read and a HEAD never take the batched session
    {
      const seller = await signedInUser();
      const posting = await publishedPosting({ userId: seller.user.id });
      // Statistics first (a signed-in-only read under the same prefix): its own lookup, the owner's 200.
      const stats = page(seller.cookie);
      const res = await stats.get(`/internal-api/v1/postings/${posting.code}/statistics`);
      expect(res.status).toBe(200);
      expect(stats.memo.batched).toBe(0);
      // A write first (liking the posting), then the posting: the write never claims, and the posting's read then
      // shows the like (the memo forgot the session around the write).
      const other = await signedInUser();
      const w = page(other.cookie);
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const r = await w.get(`/internal-api/v1/postings/${posting.code}`, { method });
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }
      expect(w.memo.batched).toBe(0);
      expect(
        (await w.get(`/internal-api/v1/postings/${posting.code}/favorite`, { method: "POST" })).status,
      ).toBeLessThan(300);
      expect(w.memo.batched).toBe(0);
      const me = await answer(await w.get("/internal-api/v1/me"));
      expect((me.body as { likedPostings: number[] }).likedPostings).toContain(posting.id);
      // HEAD of the posting: answered without a batched session.
      const h = page(seller.cookie);
      const head = await h.get(`/internal-api/v1/postings/${posting.id}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(h.memo.batched).toBe(0);
      await afterResponseSettled();
    }
  });

  it("the posting and the page's `me` agree on who is signed in: two session cookies, a dealership's draft and hidden posting, a sign-out mid-page", async () => {
    // two session cookies (a forged one and the seller's, either order; http and __Host- over https): the posting and `me` agree on who is signed in
    {
      const seller = await signedInUser();
      const posting = await publishedPosting({ userId: seller.user.id });
      const forged = randomToken();
      const cases = [
        { cookie: `${cookieName}=${forged}; ${cookieName}=${seller.token}`, secure: false },
        { cookie: `${cookieName}=${seller.token}; ${cookieName}=${forged}`, secure: false },
        { cookie: `__Host-${cookieName}=${forged}; ${cookieName}=${seller.token}`, secure: true },
        { cookie: `${cookieName}=${forged}; __Host-${cookieName}=${seller.token}`, secure: true },
        { cookie: `__Host-${cookieName}=${seller.token}; __Host-${cookieName}=${forged}`, secure: true },
        // Over http the API reads only the plain name: a __Host- cookie there is no session.
        { cookie: `__Host-${cookieName}=${seller.token}`, secure: false },
      ];
      for (const { cookie, secure } of cases) {
        const r = await batchedPage(cookie, String(posting.id), { secure });
        expect(r.posting.status).toBe(200);
        const owner = canEdit(r.posting) === true;
        expect({ cookie, me: meId(r.me) }).toEqual({ cookie, me: owner ? seller.user.id : null });
        expect(r.posting.headers.get("cache-control") === "private, no-store").toBe(owner);
      }
    }
    // a draft and a hidden posting of a dealership: its staff see them through the batch, a signed-in stranger gets 404 and stays signed in
    {
      const shop = await dealership();
      const stranger = await signedInUser();
      const draft = await publishedPosting({ userId: shop.sales.user.id, dealershipId: shop.d.id, status: "DRAFT" });
      const hidden = await publishedPosting({ userId: shop.sales.user.id, dealershipId: shop.d.id, hidePosting: true });
      for (const posting of [draft, hidden]) {
        for (const key of [String(posting.id), posting.code]) {
          const head = await batchedPage(shop.head.cookie, key);
          expect(head.memo.batched).toBe(1);
          expect(head.trace).toEqual({ alone: 0, inBatch: 1 });
          expect(head.posting.status).toBe(200);
          expect(canEdit(head.posting)).toBe(true);
          expect(meId(head.me)).toBe(shop.head.user.id);

          const theirs = await batchedPage(stranger.cookie, key);
          expect(theirs.trace).toEqual({ alone: 0, inBatch: 1 });
          expect(theirs.posting.status).toBe(404);
          expect(JSON.stringify(theirs.posting.body)).not.toContain(shop.sales.user.email ?? "@");
          expect(meId(theirs.me)).toBe(stranger.user.id);
        }
      }
    }
    // signed out mid-page (the page's own sign-out while the posting's batch is in flight): `me` afterwards is signed out
    {
      const seller = await signedInUser();
      const posting = await publishedPosting({ userId: seller.user.id });
      const p = page(seller.cookie);
      const posted = p.get(`/internal-api/v1/postings/${posting.id}?similar=1`);
      const out = await p.get("/internal-api/v1/logout", { method: "POST" });
      expect(out.status).toBe(204);
      const me = await answer(await p.get("/internal-api/v1/me"));
      await posted;
      await afterResponseSettled();
      expect(me.status).toBe(401);
      // And the next page with the same cookie is signed out through the batch.
      const next = await batchedPage(seller.cookie, String(posting.id));
      expect(next.trace).toEqual({ alone: 0, inBatch: 1 });
      expect(canEdit(next.posting)).toBe(false);
      expect(next.me.status).toBe(401);
    }
  });

  it("bad cookies, bad codes and a failing batch: a 4xx (or the signed-out page) for bad input, never a 500, `me` never hangs", async () => {
    // bad cookies and bad codes on the batched page: 2xx/4xx, never 500, and `me` never hangs
    {
      const { user, token } = await signedInUser();
      const posting = await publishedPosting({ userId: user.id });
      const cookies = [
        `${cookieName}=`,
        `${cookieName}=${"a".repeat(19)}`,
        `${cookieName}=${"a".repeat(101)}`,
        `${cookieName}=${"a".repeat(100)}`,
        `${cookieName}=%ZZ${"a".repeat(30)}`,
        `${cookieName}=${encodeURIComponent(`${token}'--`)}`,
        `${cookieName}="${token}"`,
        `${cookieName}=${token.toUpperCase()}`,
        `${cookieName}=%E2%82%AC${"b".repeat(30)}`,
        `${cookieName}=${token}; ${cookieName}=`,
      ];
      for (const cookie of cookies) {
        const r = await batchedPage(cookie, String(posting.id));
        expect({ cookie, status: r.posting.status, me: r.me.status }).toMatchObject({ cookie, status: 200 });
        expect(r.me.status === 401 || r.me.status === 200).toBe(true);
        expect(canEdit(r.posting) === true).toBe(meId(r.me) === user.id);
      }
      const codes = [
        "0",
        "-1",
        "999999999999",
        "9999999999999",
        "1e5",
        "' OR 1=1 --",
        "%00",
        "a".repeat(300),
        "ä€",
        "..",
      ];
      for (const code of codes) {
        const r = await batchedPage(cookieOf(token), code);
        expect({ code, status: r.posting.status < 500 }).toEqual({ code, status: true });
        expect(r.posting.status).toBeGreaterThanOrEqual(400);
        expect({ code, me: meId(r.me) }).toEqual({ code, me: user.id });
      }
    }
    // the posting's batch fails (D1 error): `me` still answers from a lookup of its own, nothing hangs
    {
      const { user, cookie } = await signedInUser();
      const posting = await publishedPosting({ userId: user.id });
      const broken = faultyD1(env.DB, { failStatement: /from "posting_price_changes"/ });
      const r = await batchedPage(cookie, String(posting.id), { db: broken });
      expect(r.memo.batched).toBe(1);
      expect(r.posting.status).toBe(500);
      expect(meId(r.me)).toBe(user.id);
    }
  });

  it("a Cookie header with space before '=' is the same session for the page's root as for the API", async () => {
    // The root's shortcut (`mayHaveSession`, issue 27) decided `me` = null without asking the API, while the API's
    // cookie parser trims a name's whitespace: `name =token` was signed out for the root and the seller for the
    // posting's call (the owner's view under a signed-out header). The root now trims as the API does.
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    for (const cookie of [`${cookieName} =${seller.token}`, `${cookieName}\t=${seller.token}`]) {
      expect(mayHaveSession(cookie, cookieName)).toBe(true);
      const p = page(cookie);
      const res = await answer(await p.get(`/internal-api/v1/postings/${posting.id}?similar=1`));
      await afterResponseSettled();
      expect({ cookie, status: res.status, viewerCanEdit: canEdit(res) }).toEqual({
        cookie,
        status: 200,
        viewerCanEdit: true,
      });
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(mayHaveSession(`x${cookieName}=1; ${cookieName}x=2`, cookieName)).toBe(false);
  });
});
