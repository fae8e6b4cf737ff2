import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { createInProcessTransport } from "~/client/server-transports";
import { favorites } from "~/db/schema/engagement";
import type { SearchResponse } from "~/domain/posting-card";
import { afterResponseSettled } from "~/lib/after-response.server";
import { randomToken } from "~/lib/crypto";
import { PageSessionMemo } from "~/lib/in-process";
import { call, db, freshClientIp, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

// Review s22 of issue 27 / decision 089 (the signed-in home and search pages read the session as the first statement
// of the search's own D1 batch, and the page's `me` waits for it): an attacker's and a buyer's attempts at the new
// entry point, each through one page's in-process transport (one page memo), the way the server renders a page.

type Answer = { status: number; body: unknown };
const answer = async (res: Response): Promise<Answer> => ({
  status: res.status,
  body: res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text(),
});
const searchPath = (query: string) => `/internal-api/v1/marketplace/search${query ? `?${query}` : ""}`;
const ids = (a: Answer) => (a.body as SearchResponse).results.map((c) => c.postId).sort((x, y) => x - y);
const meOf = (a: Answer) => (a.status === 200 ? (a.body as { id: number; likedPostings: number[] }) : null);

/** A page's transport (one memo) from a client of its own. */
function pageTransport(cookie: string | undefined) {
  const memo = new PageSessionMemo();
  return { memo, transport: createInProcessTransport(app, env, cookie, false, freshClientIp(), memo) };
}

/** Fails instead of waiting forever: the page's `me` must never hang on a claimed session. */
async function noHang<T>(work: Promise<T>, ms = 4_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the page's calls hung")), ms);
  });
  return Promise.race([work, hang]).finally(() => clearTimeout(timer));
}

/** One signed-in page render the new way: the search first (it claims the session), `me` while it runs. */
async function batchedPage(cookie: string | undefined, query: string) {
  const { memo, transport } = pageTransport(cookie);
  const [search, me] = await noHang(
    Promise.all([transport(searchPath(query), {}).then(answer), transport("/internal-api/v1/me", {}).then(answer)]),
  );
  await afterResponseSettled();
  return { search, me, memo };
}

/** A visitor's own call (no cookie): what a signed-out buyer gets for the same query. */
const visitorSearch = async (query: string) =>
  answer(await call(searchPath(query), { headers: { "cf-connecting-ip": freshClientIp() } }));

async function likedScope(userId: number) {
  const { maker, model } = await makeAndModel();
  const liked = await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id });
  const other = await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id });
  await db().insert(favorites).values({ userId, postingId: liked.id });
  return {
    liked,
    other,
    make: maker.code,
    query: `model=${maker.code}`,
    favourites: `model=${maker.code}&favorites=true`,
  };
}

describe("review s22: the signed-in search's batched session", () => {
  it("bad filter values and bad cookies on a signed-in page: never a 500, a visitor's results, `me` never hangs", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    const bad = [
      `${s.query}&price.min=-1&price.max=abc`,
      `${s.query}&year=1e309&km.max=NaN&powerKw.min=%00`,
      `${s.query}&sort=%3Cscript%3E&size=0&offset=99999999999999999999`,
      `${s.query}&page=999999999&results=100000`,
      `${s.query}&from=-5&page=-3`,
      `model=${s.make}:&model=:&model=%E2%82%AC:x`,
      `${s.query}&favorites=maybe&favorite=`,
      `${s.query}&badge=NOPE&fuel=WATER&seller=nobody&region=x`,
      `${s.query}&firstReg.min=99999&firstReg.max=-1&score=abc`,
      `${s.query}&dealerCode=${"d".repeat(99)}&ai=&searchSource=ai`,
    ];
    for (const query of bad) {
      const page = await batchedPage(cookie, query);
      expect({ query, status: page.search.status }).toEqual({
        query,
        status: page.search.status < 500 ? page.search.status : "a 500",
      });
      expect({ query, me: meOf(page.me)?.id }).toEqual({ query, me: user.id });
      if (page.search.status === 200) {
        // No favourites filter in effect: the signed-in page's results are a visitor's, card for card.
        expect({ query, body: page.search.body }).toEqual({ query, body: (await visitorSearch(query)).body });
      } else {
        expect(page.search.status).toBe(400);
        expect(JSON.stringify(page.search.body)).toMatch(/[čšžČŠŽ]|Neveljav|Napačn|prevelik|predolg/);
      }
    }
    // Bad cookies on a page: signed out (401 `me`), the search a visitor's, never a 500 or a hang.
    const name = appConfig.session.cookieName;
    const cookies = [
      `${name}=`,
      `${name}=${"-".repeat(20)}`,
      `${name}=${"A".repeat(100)}`,
      `${name}=${"A".repeat(101)}`,
      `${name}=%41%42${randomToken()}`,
      `${name}="${randomToken()}"`,
      `${name}=${randomToken()}; ${name}=${randomToken()}`,
      `${name}=${"A".repeat(5000)}`,
      `${name}=${randomToken()}; ${name}=`,
    ];
    for (const bogus of cookies) {
      const page = await batchedPage(bogus, s.query);
      expect({ bogus, search: page.search.status, me: page.me.status }).toEqual({ bogus, search: 200, me: 401 });
      expect(ids(page.search)).toEqual([s.liked.id, s.other.id].sort((x, y) => x - y));
    }
  });

  it("a signed-in page's search answer carries nothing of the user (hearts come from `me` only): equal to a visitor's answer; favourites only is theirs alone", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const s = await likedScope(a.user.id);
    await db().insert(favorites).values({ userId: b.user.id, postingId: s.other.id });
    for (const query of [s.query, `${s.query}&page=1`, `${s.query}&sort=priceAsc&size=1`, "sort=newest&size=12"]) {
      const page = await batchedPage(a.cookie, query);
      expect(page.memo.batched).toBe(1);
      expect(page.memo.lookups).toBe(0);
      expect(JSON.stringify(page.search.body)).toBe(JSON.stringify((await visitorSearch(query)).body));
      expect(meOf(page.me)?.likedPostings).toEqual([s.liked.id]);
    }
    // Many pages at once in one isolate, favourites only and a plain search interleaved: each user's own cars and
    // own `me`, never the other's.
    const pages = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => batchedPage(i % 2 ? b.cookie : a.cookie, i % 3 === 2 ? s.query : s.favourites)),
    );
    for (const [i, page] of pages.entries()) {
      const mine = i % 2 ? { id: b.user.id, liked: s.other.id } : { id: a.user.id, liked: s.liked.id };
      expect(meOf(page.me)).toMatchObject({ id: mine.id, likedPostings: [mine.liked] });
      expect(ids(page.search)).toEqual(i % 3 === 2 ? [s.liked.id, s.other.id].sort((x, y) => x - y) : [mine.liked]);
    }
    // A visitor's favourites-only search: nothing.
    expect((await visitorSearch(s.favourites)).body).toMatchObject({ total: 0, results: [] });
  });

  it("a write on the page while the search holds the claim is not served the batched session, and `me` after it sees the write", async () => {
    const { user, cookie } = await signedInUser();
    const s = await likedScope(user.id);
    const { memo, transport } = pageTransport(cookie);
    const search = transport(searchPath(s.query), {}).then(answer);
    // The buyer likes the other car on the same page (an in-process write, its origin the page's own).
    const like = await noHang(
      transport(`/internal-api/v1/postings/${s.other.code}/favorite`, {
        method: "POST",
        headers: { origin: "http://internal.avtotrg" },
      }),
    );
    expect(like.status).toBe(201);
    const me = await noHang(transport("/internal-api/v1/me", {}).then(answer));
    expect((await noHang(search)).status).toBe(200);
    expect(memo.batched).toBeLessThanOrEqual(1);
    expect(meOf(me)?.id).toBe(user.id);
    expect(meOf(me)?.likedPostings.sort((x, y) => x - y)).toEqual([s.liked.id, s.other.id].sort((x, y) => x - y));
    // The drop-one help and page 2 after a 0-result search on the same page: answered, the user still signed in.
    const none = await batchedPage(cookie, `${s.query}&price.max=1`);
    expect(none.search.body).toMatchObject({ total: 0 });
    const help = pageTransport(cookie);
    const [zero, dropOne, me2] = await noHang(
      Promise.all([
        help.transport(searchPath(`${s.query}&price.max=1&page=2`), {}).then(answer),
        help.transport(`/internal-api/v1/marketplace/count-without-one?${s.query}&price.max=1`, {}).then(answer),
        help.transport("/internal-api/v1/me", {}).then(answer),
      ]),
    );
    expect(zero.body).toMatchObject({ total: 0, results: [] });
    expect(dropOne.status).toBe(200);
    expect(meOf(me2)?.id).toBe(user.id);
  });
});
