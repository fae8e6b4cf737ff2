import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { benchCountersOn, countRequest, countsOf } from "~/db/bench-counters.server";
import { postings } from "~/db/schema/postings";
import { favorites } from "~/db/schema/engagement";
import { call, db, dealerUser, makeAndModel, publishedPosting } from "./fixtures";

// D1 round trips per API call (issue 27, decision 080), counted by the benchmark's wrapper.
let id = 0;
async function counted<T = { total: number; results: { code: string }[] }>(path: string, cookie?: string) {
  benchCountersOn({ BENCH_COUNTERS: "on" });
  const tag = `t${++id}`;
  try {
    const res = await countRequest(tag, async () =>
      call(`/internal-api/v1${path}`, { headers: cookie ? { cookie } : {} }),
    );
    return { body: (await res.json()) as T, d1: countsOf(tag) };
  } finally {
    benchCountersOn({});
  }
}
afterAll(() => benchCountersOn({}));

describe("a search in one D1 round trip once its counts are known", () => {
  it("reads the generation in the page's own statement, and a write in between is seen at once", async () => {
    const { maker } = await makeAndModel();
    const a = await publishedPosting({ manufacturerId: maker.id });
    const path = `/marketplace/search?model=${maker.code}&sort=newest`;
    const first = await counted(path);
    expect(first.body.total).toBe(1);
    const again = await counted(path);
    expect(Object.keys(again.body.results[0] ?? {}).sort()).toEqual(Object.keys(first.body.results[0] ?? {}).sort());
    expect(again.body).toEqual(first.body);
    expect(again.d1).toMatchObject({ roundTrips: 1, statements: 1 });
    // Behind the API's back (as another isolate would): the bet on the generation loses, the answer is fresh.
    const b = await publishedPosting({ manufacturerId: maker.id });
    const after = await counted(path);
    expect(after.body.total).toBe(2);
    expect(after.body.results.map((r) => r.code)).toEqual([b.code, a.code]);
    await db().update(postings).set({ status: "SOLD" }).where(eq(postings.id, b.id));
    const sold = await counted(path);
    expect([sold.body.total, sold.body.results.map((r) => r.code)]).toEqual([1, [a.code]]);
  });
});

describe("GET me in one D1 round trip", () => {
  it("reads the session, the liked postings and the dealership in one statement", async () => {
    const head = await dealerUser();
    const [a, b] = [await publishedPosting(), await publishedPosting()];
    await db()
      .insert(favorites)
      .values([
        { userId: head.user.id, postingId: a.id },
        { userId: head.user.id, postingId: b.id },
      ]);
    const me = await counted<{ id: number; likedPostings: number[]; dealership: { role: string } | null }>(
      "/me",
      head.cookie,
    );
    expect(me.d1).toMatchObject({ roundTrips: 1, statements: 1 });
    expect(me.body.id).toBe(head.user.id);
    expect([...me.body.likedPostings].sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(me.body.dealership).toMatchObject({ role: "HEAD" });
    // Another user's call sees only their own (no favourites, no dealership).
    const other = await counted<{ likedPostings: number[]; dealership: unknown }>("/me", (await dealerUser()).cookie);
    expect(other.body.likedPostings).toEqual([]);
  });
});
