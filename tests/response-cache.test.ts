import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { countCachedPageViews } from "~/services/posting-detail.server";
import { postingViewsDaily } from "~/db/schema/engagement";
import { postings } from "~/db/schema/postings";
import {
  apiCacheKey,
  changesPublicContent,
  pageCacheKey,
  privateWriteRoutes,
  ResponseCache,
  ViewBuffer,
} from "~/services/response-cache.server";
import { db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

// The anonymous response cache (decision 026). The other API test files run with it off, as they
// change D1 directly; here it is on, and every change goes through the API as a visitor's would.

const cacheOn = { ...env, RESPONSE_CACHE: "on" };
const call = (path: string, init: RequestInit = {}) =>
  app.request(`http://localhost/internal-api/v1${path}`, init, cacheOn);
type Search = { total: number; results: { code: string }[] };

describe("public search answers", () => {
  it("are shared between signed-out visitors, never with a signed-in one, and a seller's change shows at once", async () => {
    const seller = await signedInUser();
    const { maker } = await makeAndModel();
    const posting = await publishedPosting({ userId: seller.user.id, manufacturerId: maker.id });
    const path = `/marketplace/search?model=${maker.code}`;

    const first = await call(path);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = (await first.json()) as Search;
    expect(firstBody.results.map((r) => r.code)).toEqual([posting.code]);
    const second = await call(path);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.json()).toEqual(firstBody);
    expect(second.headers.get("content-type")).toContain("application/json");

    // Signed in, the answer is the visitor's own (favourites, own postings): never from the cache.
    const mine = await call(path, { headers: { cookie: seller.cookie } });
    expect(mine.headers.get("x-cache")).toBeNull();

    // The seller marks it sold: the next signed-out search no longer lists it.
    const deactivated = await call(`/postings/${posting.code}/status`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ status: "SOLD" }),
    });
    expect(deactivated.status).toBe(200);
    const after = await call(path);
    expect(after.headers.get("x-cache")).toBe("MISS");
    // (The total may lag: counts are cached a minute on their own, src/db/search-counts.server.ts.)
    expect(((await after.json()) as Search).results).toEqual([]);
  });

  it("a refused write (4xx) keeps the cache; errors and other answers are never stored", async () => {
    const { maker } = await makeAndModel();
    await publishedPosting({ manufacturerId: maker.id });
    const path = `/marketplace/search?model=${maker.code}&fuel=DIESEL`;
    await call(path);
    const refused = await call("/draft", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    expect((await call(path)).headers.get("x-cache")).toBe("HIT");
    // A validation error (400) is answered every time, not remembered.
    const bad = await call("/marketplace/count-by/noSuchFacet");
    expect(bad.status).toBe(400);
    expect((await call("/marketplace/count-by/noSuchFacet")).headers.get("x-cache")).toBe("MISS");
  });

  it("a visitor's own writes (a favourite, a saved search, a search by text) keep everyone else's copy", async () => {
    const buyer = await signedInUser();
    const { maker } = await makeAndModel();
    const posting = await publishedPosting({ manufacturerId: maker.id });
    const path = `/marketplace/search?model=${maker.code}&sort=priceAsc`;
    await call(path);
    const json = (body: unknown) => ({
      method: "POST",
      headers: { cookie: buyer.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(
      (await call(`/postings/${posting.code}/favorite`, { method: "POST", headers: { cookie: buyer.cookie } })).status,
    ).toBeLessThan(300);
    expect((await call("/saved-searches", json({ name: "Moje", query: `model=${maker.code}` }))).status).toBeLessThan(
      300,
    );
    expect((await call("/ai/search", json({ query: "dizel karavan" }))).status).toBe(200);
    expect((await call(path)).headers.get("x-cache")).toBe("HIT");
  });

  it("names only routes the API has, as they are registered", () => {
    const registered = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    const unknown = privateWriteRoutes().filter((route) => !registered.has(route));
    expect(unknown).toEqual([]);
    expect(changesPublicContent("POST", "/internal-api/v1/draft/:code/publish")).toBe(true);
    expect(changesPublicContent("POST", "/internal-api/v1/postings/:code/favorite")).toBe(false);
    // A seller's verified phone and a social sign-in that merges a legacy account show on public posting pages.
    expect(changesPublicContent("POST", "/internal-api/v1/me/phone/verify")).toBe(true);
    expect(changesPublicContent("POST", "/internal-api/v1/social/login/:provider/authenticate")).toBe(true);
    expect(changesPublicContent("GET", "/internal-api/v1/marketplace/search")).toBe(false);
  });

  it("is off where RESPONSE_CACHE is off (the other API tests)", async () => {
    const res = await app.request("http://localhost/internal-api/v1/marketplace/search?fuel=ELECTRIC", {}, env);
    expect(res.headers.get("x-cache")).toBeNull();
  });
});

describe("which requests may share an answer", () => {
  const request = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(url, { headers, method });
  const session = `${appConfig.session.cookieName}=abcdefghijklmnopqrstuvwxyz`;

  it("pages: home, search and posting pages of signed-out visitors, keyed by consent and the banner", () => {
    expect(pageCacheKey(request("http://x/"))).not.toBeNull();
    expect(pageCacheKey(request("http://x/iskanje?model=bmw"))).toContain("/iskanje?model=bmw");
    expect(pageCacheKey(request("http://x/oglas/123"))).not.toBeNull();
    for (const url of [
      "http://x/uporabnik/moji-oglasi",
      "http://x/dms/zaloga",
      "http://x/oglas/1/uredi",
      "http://x/nov-oglas",
    ])
      expect(pageCacheKey(request(url)), url).toBeNull();
    expect(pageCacheKey(request("http://x/", { cookie: session }))).toBeNull();
    expect(pageCacheKey(request("http://x/", { cookie: `${appConfig.session.cookieName}_admin=abc` }))).toBeNull();
    expect(pageCacheKey(request("http://x/", {}, "POST"))).toBeNull();
    const plain = pageCacheKey(request("http://x/"));
    const consented = pageCacheKey(request("http://x/", { cookie: `${appConfig.consent.cookieName}=all` }));
    const bannerGone = pageCacheKey(request("http://x/", { cookie: `${appConfig.ui.bannerCookie}=1` }));
    expect(new Set([plain, consented, bannerGone]).size).toBe(3);
    // Cookies the page does not depend on do not split the cache.
    expect(pageCacheKey(request("http://x/", { cookie: `${appConfig.localeCookie.name}=si; _ga=1` }))).toBe(plain);
  });

  it("API: public marketplace reads only, never with a session or a partner token", () => {
    expect(apiCacheKey(request("http://x/internal-api/v1/marketplace/search?fuel=DIESEL"))).not.toBeNull();
    expect(apiCacheKey(request("http://x/internal-api/v1/marketplace/count-by/fuel"))).not.toBeNull();
    expect(apiCacheKey(request("http://x/internal-api/v1/postings/P1"))).toBeNull(); // counts a view
    expect(apiCacheKey(request("http://x/internal-api/v1/favorites"))).toBeNull();
    expect(
      apiCacheKey(request("http://x/internal-api/v1/marketplace/search", { authorization: "Bearer x" })),
    ).toBeNull();
    expect(apiCacheKey(request("http://x/internal-api/v1/marketplace/search", { cookie: session }))).toBeNull();
    // The browser's call and the page's in-process call share one entry.
    expect(apiCacheKey(request("http://internal.avtotrg/internal-api/v1/marketplace/search?a=1"))).toBe(
      apiCacheKey(request("http://localhost:8787/internal-api/v1/marketplace/search?a=1")),
    );
  });
});

describe("ResponseCache", () => {
  const value = (body: string) => ({
    status: 200,
    headers: [["content-type", "text/plain"]] as [string, string][],
    body,
  });

  it("expires entries after their TTL", () => {
    let now = 1000;
    const cache = new ResponseCache({ maxBytes: 1e6, maxEntryBytes: 1e5, now: () => now });
    cache.put("a", cache.generation, value("A"), 10_000);
    expect(cache.get("a")?.entry.body).toBe("A");
    now += 10_000;
    expect(cache.get("a")).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("serves a copy past its TTL for its stale window, asking exactly one caller to render it again", () => {
    let now = 0;
    const cache = new ResponseCache({ maxBytes: 1e6, maxEntryBytes: 1e5, now: () => now });
    cache.put("p", cache.generation, value("old"), 10_000, 60_000);
    expect(cache.get("p")).toMatchObject({ refresh: false });
    now = 10_000;
    expect(cache.get("p")).toMatchObject({ entry: { body: "old" }, refresh: true });
    expect(cache.get("p")).toMatchObject({ entry: { body: "old" }, refresh: false });
    cache.put("p", cache.generation, value("new"), 10_000, 60_000);
    expect(cache.get("p")).toMatchObject({ entry: { body: "new" }, refresh: false });
    now = 20_000 + 60_000;
    expect(cache.get("p")).toBeNull();
    // Without a stale window (API answers) an expired copy is never served.
    cache.put("api", cache.generation, value("A"), 10_000);
    now += 10_000;
    expect(cache.get("api")).toBeNull();
  });

  it("drops a render that a write overtook, and empties on a write", () => {
    const cache = new ResponseCache({ maxBytes: 1e6, maxEntryBytes: 1e5 });
    cache.put("kept", cache.generation, value("K"), 10_000);
    const started = cache.generation;
    cache.invalidate();
    expect(cache.get("kept")).toBeNull();
    expect(cache.put("late", started, value("stale"), 10_000)).toBe(false);
    expect(cache.get("late")).toBeNull();
  });

  it("keeps within its byte budget by evicting the least recently used, and refuses oversized entries", () => {
    const entry = 2 * 100 + 256;
    const cache = new ResponseCache({ maxBytes: entry * 2, maxEntryBytes: entry });
    cache.put("a", 0, value("a".repeat(100)), 10_000);
    cache.put("b", 0, value("b".repeat(100)), 10_000);
    cache.get("a"); // a is now the most recently used
    cache.put("c", 0, value("c".repeat(100)), 10_000);
    expect(cache.get("b")).toBeNull();
    expect(cache.get("a")).not.toBeNull();
    expect(cache.get("c")).not.toBeNull();
    expect(cache.put("big", 0, value("x".repeat(101)), 10_000)).toBe(false);
  });
});

describe("views of cached posting pages", () => {
  it("are added in one batch to the day's and the total count, once per visitor, by id or code, for published postings only", async () => {
    const { maker } = await makeAndModel();
    const live = await publishedPosting({ manufacturerId: maker.id, viewsTotal: 5 });
    const sold = await publishedPosting({ manufacturerId: maker.id, status: "SOLD", viewsTotal: 2 });
    const now = new Date("2099-01-02T10:00:00Z");
    const day = "2099-01-02";
    const clients = (...c: string[]) => new Set(c);
    // Three clients by id, two by code (one of them the same client again), four on a sold posting.
    await countCachedPageViews(
      db(),
      new Map([
        [String(live.id), clients("198.51.100.1", "198.51.100.2", "198.51.100.3")],
        [live.code, clients("198.51.100.3", "198.51.100.4")],
        [String(sold.id), clients("198.51.100.1")],
        ["999999999", clients("198.51.100.1")],
      ]),
      now,
    );
    const total = async (id: number) =>
      (await db().select({ v: postings.viewsTotal }).from(postings).where(eq(postings.id, id)).get())?.v;
    const daily = async (id: number) =>
      (
        await db()
          .select({ v: postingViewsDaily.views })
          .from(postingViewsDaily)
          .where(and(eq(postingViewsDaily.postingId, id), eq(postingViewsDaily.day, day)))
          .get()
      )?.v;
    expect(await total(live.id)).toBe(9);
    expect(await daily(live.id)).toBe(4);
    expect(await total(sold.id)).toBe(2);
    expect(await daily(sold.id)).toBeUndefined();
    // A client counted today counts no more today; a new one does.
    await countCachedPageViews(db(), new Map([[live.code, clients("198.51.100.1", "198.51.100.5")]]), now);
    expect(await daily(live.id)).toBe(5);
  });

  it("are buffered: one flush per burst, with every visitor in it", async () => {
    const buffer = new ViewBuffer(20);
    const flushed: Map<string, string[]>[] = [];
    const flush = async (views: ReadonlyMap<string, ReadonlySet<string>>) =>
      void flushed.push(new Map([...views].map(([k, v]) => [k, [...v]])));
    const first = buffer.add("1", "a", flush);
    expect(buffer.add("1", "b", flush)).toBeNull();
    expect(buffer.add("1", "a", flush)).toBeNull();
    expect(buffer.add("P2", "a", flush)).toBeNull();
    await first;
    expect(flushed).toEqual([
      new Map([
        ["1", ["a", "b"]],
        ["P2", ["a"]],
      ]),
    ]);
    const next = buffer.add("1", "c", flush);
    expect(next).not.toBeNull();
    await next;
    expect(flushed[1]).toEqual(new Map([["1", ["c"]]]));
  });
});
