import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { createInProcessTransport } from "~/client/server-transports";
import { favorites } from "~/db/schema/engagement";
import { sessions, users } from "~/db/schema/users";
import { forgetCachedCounts } from "~/db/search-counts.server";
import { insertSession } from "~/db/users.server";
import type { SearchResponse } from "~/domain/posting-card";
import { afterResponseSettled } from "~/lib/after-response.server";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { PageSessionMemo } from "~/lib/in-process";
import { responseCache } from "~/services/response-cache.server";
import { faultyD1 } from "./faulty-d1";
import {
  call,
  db,
  freshClientIp,
  impersonationToken,
  makeAndModel,
  publishedPosting,
  signedInUser,
  signedInUserWithPhone,
} from "./fixtures";
import { type Trace, tracedD1 } from "./traced-d1";

// Issue 27 / decision 089, the home and search pages signed in: their SSR search (`GET marketplace/search`, the
// home's grid and /iskanje's results) reads the session's row as the first statement of the search's first D1
// batch, and the page's `me` takes the session from it. Every attack of the posting page's list gets the same
// answers through that path (the search first, `me` while it runs) as through today's (`me` first with its own
// lookup, then the search), and each test checks the new path really ran: a batched path that trusted a stale or
// wrong row (or read the session at another instant) fails here, through `me` and the favourites-only search.

type Answer = { status: number; body: unknown; cacheControl: string | null };
type Page = { search: Answer; me: Answer; memo: PageSessionMemo; trace: Trace };

const answer = async (res: Response): Promise<Answer> => ({
  status: res.status,
  cacheControl: res.headers.get("cache-control"),
  body: res.headers.get("content-type")?.includes("json") ? await res.json() : null,
});

const searchPath = (query: string) => `/internal-api/v1/marketplace/search${query ? `?${query}` : ""}`;
/** The home page's grid, as its query asks for it (src/features/search/search.queries.ts). */
const home = "sort=newest&size=12";

type Options = { db?: D1Database; headers?: Record<string, string>; secure?: boolean };

/**
 * One page render's calls as the server makes them: one in-process transport with one page memo, from one client.
 * "batched": the search first and `me` while it runs (the root starts the page's first read before `me`); "today":
 * `me` first, awaited, then the search. A hang guard: neither call may wait forever.
 */
async function render(cookie: string | undefined, query: string, order: "batched" | "today", opts: Options = {}) {
  const trace: Trace = { batches: [], single: [] };
  const memo = new PageSessionMemo();
  const bindings = { ...env, DB: tracedD1(opts.db ?? env.DB, trace) };
  const transport = createInProcessTransport(app, bindings, cookie, opts.secure ?? false, freshClientIp(), memo);
  const search = () => transport(searchPath(query), { headers: opts.headers ?? {} });
  const me = () => transport("/internal-api/v1/me", {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the page's calls hung")), 4_000);
  });
  const calls = async (): Promise<[Answer, Answer]> => {
    if (order === "batched") {
      const s = search();
      const m = me();
      return [await answer(await s), await answer(await m)];
    }
    const m = await answer(await me());
    return [await answer(await search()), m];
  };
  const [s, m] = await Promise.race([calls(), hang]).finally(() => clearTimeout(timer));
  await afterResponseSettled();
  return { search: s, me: m, memo, trace } satisfies Page;
}

const sessionSql = /from "sessions"/;

/** Both ways for one cookie and query: equal answers (search and `me`, and the search's cache header). */
async function bothWays(cookie: string | undefined, query: string, opts: Options = {}) {
  const today = await render(cookie, query, "today", opts);
  const batched = await render(cookie, query, "batched", opts);
  expect({ search: batched.search, me: batched.me }).toEqual({ search: today.search, me: today.me });
  return { today, batched };
}

/** The new path ran: no lookup of its own, the session's statement in no statement alone, first in the first batch. */
function expectBatched(page: Page) {
  expect(page.memo.lookups).toBe(0);
  expect(page.memo.batched).toBe(1);
  expect(page.trace.single.filter((q) => sessionSql.test(q))).toEqual([]);
  expect(page.trace.batches[0]?.[0]).toMatch(sessionSql);
  expect(page.trace.batches[0]).toHaveLength(2);
  expect(
    page.trace.batches
      .slice(1)
      .flat()
      .filter((q) => sessionSql.test(q)),
  ).toEqual([]);
}

/**
 * The whole page in one D1 round trip: the batch (the session, then the page and the generation in one statement)
 * and nothing else. A page statement whose rows came back wrong (its generation unreadable) reads the page again.
 */
function expectOneTrip(page: Page) {
  expectBatched(page);
  expect(page.trace.batches).toHaveLength(1);
  expect(page.trace.batches[0]?.[1]).toMatch(/page\.seg/);
  expect(page.trace.single).toEqual([]);
}

const cookieOf = (token: string) => `${appConfig.session.cookieName}=${token}`;
const ids = (a: Answer) => (a.body as SearchResponse).results.map((c) => c.postId).sort((x, y) => x - y);
const meOf = (a: Answer) =>
  a.status === 200 ? (a.body as { id: number; impersonated: boolean; likedPostings: number[] }) : null;

/** A session of `userId` with its own token; `values` overrides the stored row (expiry, creation). */
async function sessionOf(userId: number, values: Partial<typeof sessions.$inferInsert> = {}) {
  const token = randomToken();
  const id = await sha256Hex(token);
  await insertSession(db(), { id, userId, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  if (Object.keys(values).length) await db().update(sessions).set(values).where(eq(sessions.id, id));
  return { token, cookie: cookieOf(token), id };
}

/** A make of the test's own with one car the user likes and one they do not. */
async function likedScope(userId: number) {
  const { maker, model } = await makeAndModel();
  const liked = await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id });
  const other = await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id });
  await db().insert(favorites).values({ userId, postingId: liked.id });
  return { liked, other, query: `model=${maker.code}&sort=priceAsc`, favourites: `model=${maker.code}&favorites=true` };
}

describe("signed-in home and search pages: the session read in the search's batch", () => {
  it("the home's grid and a filtered search: the same results and `me` both ways, from one batch", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    for (const query of [home, s.query]) {
      const { batched } = await bothWays(cookie, query);
      expectOneTrip(batched);
      expect(batched.search.status).toBe(200);
      // The search is the user's own answer: no shared cache may keep it (tests/private-answers.test.ts).
      expect(batched.search.cacheControl).toBe("private, no-store");
      expect(meOf(batched.me)).toMatchObject({ id: user.id, impersonated: false });
      expect(meOf(batched.me)?.likedPostings).toEqual([s.liked.id]);
    }
    const filtered = await render(cookie, s.query, "batched");
    expect(ids(filtered.search)).toEqual([s.liked.id, s.other.id].sort((x, y) => x - y));
    // A visitor's page: nothing claimed, no session statement anywhere, `me` signed out.
    const visitor = await bothWays(undefined, s.query);
    expect(visitor.batched.memo.batched).toBe(0);
    expect(visitor.batched.trace.batches.flat().filter((q) => sessionSql.test(q))).toEqual([]);
    expect(visitor.batched.me.status).toBe(401);
  });

  it("whichever statement the search reads first carries the session: the page itself, the generation (counts not yet kept), a page past the end", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    // Counts kept for this generation (the render before warmed them): the page and the generation in one statement.
    await render(cookie, s.query, "today");
    const warm = await render(cookie, s.query, "batched");
    expectOneTrip(warm);
    // Counts not kept: the generation is read first (with the session), then the counts and the page.
    forgetCachedCounts();
    const cold = await bothWays(cookie, s.query);
    forgetCachedCounts();
    const coldBatched = await render(cookie, s.query, "batched");
    expectBatched(coldBatched);
    expect(coldBatched.trace.batches[0]?.[1]).toMatch(/search_generation/);
    expect(coldBatched.trace.batches[0]?.[1]).not.toMatch(/page\.seg/);
    expect(coldBatched.search).toEqual(cold.batched.search);
    // A page past the end: no page statement, the generation goes with the session.
    const past = await bothWays(cookie, `${s.query}&offset=5000`);
    expectBatched(past.batched);
    expect((past.batched.search.body as SearchResponse).results).toEqual([]);
    expect(meOf(past.batched.me)?.id).toBe(user.id);
  });

  it("an expired session is signed out, though it ran out a second ago (the session's own instant, not the search's minute)", async () => {
    const { user } = await signedInUser();
    const expired = await sessionOf(user.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const s = await likedScope(user.id);
    for (const query of [home, s.query]) {
      const { batched } = await bothWays(expired.cookie, query);
      expectBatched(batched);
      expect(batched.me.status).toBe(401);
    }
  });

  it("a session signed out in another tab is signed out on the next page, in the same isolate", async () => {
    const { user, cookie } = await signedInUser();
    const before = await render(cookie, home, "batched");
    expectBatched(before);
    expect(meOf(before.me)?.id).toBe(user.id);
    expect((await call("/internal-api/v1/logout", { method: "POST", headers: { cookie } })).status).toBe(204);
    const { batched } = await bothWays(cookie, home);
    expectBatched(batched);
    expect(batched.me.status).toBe(401);
  });

  it("a disabled (blocked) user is signed out, though the session row lives", async () => {
    const { user, cookie } = await signedInUser();
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const { batched } = await bothWays(cookie, home);
    expectBatched(batched);
    expect(batched.me.status).toBe(401);
  });

  it("an impersonation session is the seller while it lasts; replayed after the admin stopped, it is signed out", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const seller = await signedInUserWithPhone();
    const s = await likedScope(seller.user.id);
    const token = await impersonationToken(admin, seller);
    // The seller's favourites (their own SQL) through the impersonation, and `me` says who it is.
    const during = await bothWays(cookieOf(token), s.favourites);
    expect(ids(during.batched.search)).toEqual([s.liked.id]);
    const grid = await bothWays(cookieOf(token), home);
    expectBatched(grid.batched);
    expect(meOf(grid.batched.me)).toMatchObject({ id: seller.user.id, impersonated: true });

    const stop = await call("/stop-impersonation", { method: "POST", headers: { cookie: cookieOf(token) } });
    expect(stop.status).toBe(200);
    const after = await bothWays(cookieOf(token), home);
    expectBatched(after.batched);
    expect(after.batched.me.status).toBe(401);
    expect((await bothWays(cookieOf(token), s.favourites)).batched.search.body).toMatchObject({ total: 0 });
  });

  it("a rotated token replayed: honoured for its grace minute only, the new token throughout", async () => {
    const { user } = await signedInUser();
    const old = await sessionOf(user.id, { createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    // The browser's own API call rotates it (pages' in-process calls never do).
    const rotated = await call("/internal-api/v1/me", { headers: { cookie: old.cookie } });
    const next = /avtotrg_session=([^;]+)/.exec(rotated.headers.getSetCookie().join("\n"))?.[1] ?? "";
    expect(next).not.toBe("");
    const inGrace = await bothWays(old.cookie, home);
    expectBatched(inGrace.batched);
    expect(meOf(inGrace.batched.me)?.id).toBe(user.id);
    const fresh = await bothWays(cookieOf(next), home);
    expectBatched(fresh.batched);
    expect(meOf(fresh.batched.me)?.id).toBe(user.id);
    // The grace minute is over (as a minute later): the old token is signed out, the new one is not.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.id, old.id));
    const replayed = await bothWays(old.cookie, home);
    expectBatched(replayed.batched);
    expect(replayed.batched.me.status).toBe(401);
    expect(meOf((await bothWays(cookieOf(next), home)).batched.me)?.id).toBe(user.id);
  });

  it("a forged cookie is signed out: a well-formed unknown token through the batch, a malformed one without any read", async () => {
    const { user, token } = await signedInUser();
    const s = await likedScope(user.id);
    const forged = await bothWays(cookieOf(randomToken()), s.favourites);
    expect(forged.batched.me.status).toBe(401);
    expect(ids(forged.batched.search)).toEqual([]);
    const unknown = await bothWays(cookieOf(randomToken()), home);
    expectBatched(unknown.batched);
    expect(unknown.batched.me.status).toBe(401);
    // The hash of the user's token is not their token.
    const hashAsToken = await bothWays(cookieOf(await sha256Hex(token)), home);
    expectBatched(hashAsToken.batched);
    expect(hashAsToken.batched.me.status).toBe(401);
    const malformed = await bothWays(cookieOf("a'b;--"), home);
    expect(malformed.batched.memo.batched).toBe(0);
    expect(malformed.batched.trace.batches.flat().filter((q) => sessionSql.test(q))).toEqual([]);
    expect(malformed.batched.me.status).toBe(401);
  });

  it("favourites only: the user's liked cars from the session's own statement (the filter needs the user first), none when signed out", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    const { batched } = await bothWays(cookie, s.favourites);
    expect(ids(batched.search)).toEqual([s.liked.id]);
    expect(meOf(batched.me)?.id).toBe(user.id);
    // The claim was taken, the statement ran alone once (no second lookup), and `me` waited for it.
    expect(batched.memo).toMatchObject({ batched: 1, lookups: 0 });
    expect(batched.trace.single.filter((q) => sessionSql.test(q))).toHaveLength(1);
    const expired = await sessionOf(user.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const out = await bothWays(expired.cookie, s.favourites);
    expect(out.batched.search.body).toMatchObject({ total: 0, results: [] });
    expect(out.batched.me.status).toBe(401);
  });

  it("two session cookies (either order, http and __Host- over https): the search and `me` agree with today's page", async () => {
    const { user, token } = await signedInUser();
    const s = await likedScope(user.id);
    const name = appConfig.session.cookieName;
    const forged = randomToken();
    const cases = [
      { cookie: `${name}=${forged}; ${name}=${token}`, secure: false },
      { cookie: `${name}=${token}; ${name}=${forged}`, secure: false },
      { cookie: `__Host-${name}=${forged}; ${name}=${token}`, secure: true },
      { cookie: `${name}=${forged}; __Host-${name}=${token}`, secure: true },
      { cookie: `__Host-${name}=${token}; __Host-${name}=${forged}`, secure: true },
      { cookie: `__Host-${name}=${token}`, secure: false },
    ];
    for (const { cookie, secure } of cases) {
      const { batched } = await bothWays(cookie, s.favourites, { secure });
      const signedIn = meOf(batched.me)?.id === user.id;
      expect({ cookie, liked: ids(batched.search) }).toEqual({ cookie, liked: signedIn ? [s.liked.id] : [] });
    }
  });

  it("only a page's own in-process GET search takes the batched session: not a browser's call (any Host), a Bearer header, a write", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    for (const origin of ["http://localhost", "http://internal.avtotrg"]) {
      const trace: Trace = { batches: [], single: [] };
      const res = await app.fetch(
        new Request(`${origin}${searchPath(s.favourites)}`, {
          headers: { cookie, "cf-connecting-ip": freshClientIp() },
        }),
        { ...env, DB: tracedD1(env.DB, trace) },
      );
      // Today's path: the middleware's own lookup, alone; nothing of the session in a batch.
      expect(trace.single.filter((q) => sessionSql.test(q))).toHaveLength(1);
      expect(trace.batches.flat().filter((q) => sessionSql.test(q))).toEqual([]);
      expect(res.status).toBe(200);
      expect(ids(await answer(res))).toEqual([s.liked.id]);
    }
    // A partner's Bearer header beside the cookie on a page's call: no batched session, the token decides (401).
    const bearer = await render(cookie, s.query, "batched", { headers: { authorization: "Bearer forged-token" } });
    expect(bearer.memo.batched).toBe(0);
    expect(bearer.search.status).toBe(401);
    expect(meOf(bearer.me)?.id).toBe(user.id);
    expect(bearer.trace.batches.flat().filter((q) => sessionSql.test(q))).toEqual([]);
    // Writes to the search's path: a 4xx, never a claim.
    const memo = new PageSessionMemo();
    const transport = createInProcessTransport(app, env, cookie, false, freshClientIp(), memo);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const r = await transport(searchPath(s.query), { method });
      expect({ method, client: r.status >= 400 && r.status < 500 }).toEqual({ method, client: true });
    }
    expect(memo.batched).toBe(0);
  });

  it("bad parameters answer 400 and a failing batch 500, while `me` answers the user from a lookup of its own, never hanging", async () => {
    const { user, cookie } = await signedInUser();
    for (const query of [`${"k".repeat(101)}=1`, `model=${"x".repeat(2001)}`]) {
      const bad = await render(cookie, query, "batched");
      expect(bad.search.status).toBe(400);
      expect(bad.memo).toMatchObject({ batched: 1, lookups: 1 });
      expect(meOf(bad.me)?.id).toBe(user.id);
    }
    // Garbage the codec drops is no error: the home's grid as usual, from the batch.
    const garbage = await render(cookie, "size=abc&sort=%00&page=-1&model=%E2%82%AC", "batched");
    expect(garbage.search.status).toBe(200);
    expectBatched(garbage);
    // The search's batch fails (D1 error): the search answers 500, `me` still the user, from its own lookup.
    const broken = faultyD1(env.DB, { failStatement: /page\.seg|search_generation/ });
    const failed = await render(cookie, home, "batched", { db: broken });
    expect(failed.memo.batched).toBe(1);
    expect(failed.search.status).toBe(500);
    expect(meOf(failed.me)?.id).toBe(user.id);
  });

  it("four users' pages at once in one isolate each get their own `me` and favourites", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const sa = await likedScope(a.user.id);
    const sb = await likedScope(b.user.id);
    const cases = [
      { who: a, query: home },
      { who: b, query: home },
      { who: a, query: sa.query },
      { who: b, query: sb.query },
    ];
    const pages = await Promise.all(
      [0, 1, 2].flatMap(() => cases.map(({ who, query }) => render(who.cookie, query, "batched"))),
    );
    for (const [i, page] of pages.entries()) {
      expectBatched(page);
      const who = i % 2 === 0 ? a : b;
      expect(meOf(page.me)).toMatchObject({ id: who.user.id, likedPostings: [(i % 2 === 0 ? sa : sb).liked.id] });
    }
  });

  it("a signed-in page's search is never kept in the anonymous response cache", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    const cacheOn = { ...env, RESPONSE_CACHE: "on" };
    responseCache.invalidate();
    const memo = new PageSessionMemo();
    const transport = createInProcessTransport(app, cacheOn, cookie, false, freshClientIp(), memo);
    const [res] = await Promise.all([transport(searchPath(s.favourites), {}), transport("/internal-api/v1/me", {})]);
    expect(memo.batched).toBe(1);
    expect(ids(await answer(res))).toEqual([s.liked.id]);
    expect(responseCache.size).toBe(0);
    // A visitor asking the same URL gets a visitor's answer (no favourites), not the user's.
    const visitor = await app.fetch(
      new Request(`http://localhost${searchPath(s.favourites)}`, { headers: { "cf-connecting-ip": freshClientIp() } }),
      cacheOn,
    );
    expect(visitor.headers.get("x-cache")).toBe("MISS");
    expect(await visitor.json()).toMatchObject({ total: 0, results: [] });
    responseCache.invalidate();
  });

  it("when `me` reaches the page's memo first, the search waits for its lookup (today's path) with the same answer", async () => {
    const { user, cookie } = await signedInUser();
    const page = await render(cookie, home, "today");
    expect(page.memo).toMatchObject({ lookups: 1, batched: 0 });
    expect(meOf(page.me)?.id).toBe(user.id);
    expect(page.search.status).toBe(200);
  });
});
