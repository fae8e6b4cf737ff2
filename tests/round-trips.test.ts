import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { benchCountersOn, countRequest, countsOf } from "~/db/bench-counters.server";
import { postings } from "~/db/schema/postings";
import { call, db, makeAndModel, publishedPosting } from "./fixtures";

// D1 round trips per API call (issue 27, decision 080), counted by the benchmark's wrapper.
let id = 0;
async function counted(path: string) {
  benchCountersOn({ BENCH_COUNTERS: "on" });
  const tag = `t${++id}`;
  try {
    const res = await countRequest(tag, async () => call(`/internal-api/v1${path}`));
    return { body: (await res.json()) as { total: number; results: { code: string }[] }, d1: countsOf(tag) };
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
