import { describe, expect, it } from "vitest";
import { favorites } from "~/db/schema/engagement";
import { postingDetails } from "~/db/schema/postings";
import type { AiSearchResult, DropOneCounts } from "~/contracts/search";
import type { SearchResponse } from "~/domain/posting-card";
import { maxDroppedFilters } from "~/services/search-help.server";
import { call, db, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

/** Issue 24: the zero-result help (`GET marketplace/count-without-one`) and what `POST ai/search` now answers. */

const get = async <T>(path: string, cookie?: string) => {
  const res = await call(`/internal-api/v1/marketplace/${path}`, cookie ? { headers: { cookie } } : {});
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const withoutOne = (query: string, cookie?: string) => get<DropOneCounts>(`count-without-one?${query}`, cookie);
const total = async (query: string, cookie?: string) =>
  (await get<SearchResponse>(`search?size=1&${query}`, cookie)).total;

async function scope() {
  const { maker, model } = await makeAndModel();
  const add = (values: Parameters<typeof publishedPosting>[0] = {}) =>
    publishedPosting({ manufacturerId: maker.id, baseModelId: model.id, ...values });
  return { make: maker.code, add };
}

describe("zero-result help: the count without each one filter", () => {
  it("counts each filter dropped on its own, most first, each the total its own search gives", async () => {
    const s = await scope();
    // Diesel, 2016 or newer, up to 15.000 €: nothing. Without the year 2, without the price 1, as petrol 3.
    await s.add({ fuel: "DIESEL", modelYear: 2014, searchPrice: 900_000 });
    await s.add({ fuel: "DIESEL", modelYear: 2013, searchPrice: 1_100_000 });
    await s.add({ fuel: "DIESEL", modelYear: 2018, searchPrice: 2_000_000 });
    for (const y of [2017, 2018, 2019]) await s.add({ fuel: "PETROL", modelYear: y, searchPrice: 1_200_000 });
    const query = `model=${s.make}&fuel=DIESEL&year=2016..&price=..15000`;
    expect(await total(query)).toBe(0);

    const { options } = await withoutOne(`${query}&ai=dizel&searchSource=ai&page=2`);
    const mine = options.filter((o) => o.id !== `model:${s.make}`);
    expect(mine).toEqual([
      { id: "fuel:DIESEL", query: `model=${s.make}&price=..15000&year=2016..`, total: 3 },
      { id: "year", query: `model=${s.make}&fuel=DIESEL&price=..15000`, total: 2 },
      { id: "price", query: `model=${s.make}&fuel=DIESEL&year=2016..`, total: 1 },
    ]);
    // Every count, the make's too (other tests' postings count there), is what that search itself finds.
    for (const o of options) expect(await total(o.query)).toBe(o.total);
    expect(options.map((o) => o.total)).toEqual([...options.map((o) => o.total)].sort((a, b) => b - a));
  });

  it("leaves out filters whose removal still finds nothing, and answers nothing without filters", async () => {
    const s = await scope();
    await s.add({ fuel: "PETROL", color: "RED" });
    const { options } = await withoutOne(`model=${s.make}&fuel=DIESEL&fuel=GAS&color=RED`);
    expect(options.map((o) => o.id)).not.toContain("fuel:GAS");
    expect(options.map((o) => o.id)).not.toContain("fuel:DIESEL");
    expect((await withoutOne("sort=priceAsc")).options).toEqual([]);
  });

  it("tries a bounded number of filters, however long the URL", async () => {
    const s = await scope();
    await s.add();
    const many = ["AC_MANUAL", "SAFETY_ABS", "SAFETY_ESP", "INNER_NAVIGATION", "INNER_LEATHER", "PARK_CAMERA"];
    const query = `model=${s.make}&${many.map((c) => `eq=${c}`).join("&")}&fuel=DIESEL&fuel=PETROL&fuel=GAS&body=SUV&body=VAN&color=RED&color=BLUE&slo=true&swap=true`;
    const { options } = await withoutOne(query);
    expect(options.length).toBeLessThanOrEqual(maxDroppedFilters);
  });

  it("never counts another user's favourites, signed in or not", async () => {
    const s = await scope();
    const liked = await s.add({ fuel: "DIESEL" });
    await s.add({ fuel: "PETROL" });
    const owner = await signedInUser();
    const other = await signedInUser();
    await db().insert(favorites).values({ userId: owner.user.id, postingId: liked.id });
    const query = `model=${s.make}&favorites=true&fuel=PETROL`;
    const byId = (r: DropOneCounts) => Object.fromEntries(r.options.map((o) => [o.id, o.total]));
    expect(byId(await withoutOne(query, owner.cookie))["fuel:PETROL"]).toBe(1);
    expect(byId(await withoutOne(query, other.cookie))["fuel:PETROL"]).toBeUndefined();
    expect(byId(await withoutOne(query))["fuel:PETROL"]).toBeUndefined();
    // The owner asking first fills no cache another visitor reads.
    expect(byId(await withoutOne(query, owner.cookie))["fuel:PETROL"]).toBe(1);
    expect(byId(await withoutOne(query, other.cookie))["fuel:PETROL"]).toBeUndefined();
  });
});

describe("POST ai/search", () => {
  it("answers the filters, the query and the words it did not understand, as written", async () => {
    const res = await call(
      "/internal-api/v1/ai/search",
      json({ query: "iščem dizl karavan z velikim prtljažnikom al novejši od 2016" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as AiSearchResult;
    expect(body.filters).toMatchObject({ fuel: ["DIESEL"], body: ["STATION_WAGON"], year: { min: 2016, max: null } });
    expect(body.query).toBe("fuel=DIESEL&body=STATION_WAGON&year=2016..");
    expect(body.ignored).toEqual(["velikim", "prtljažnikom"]);
  });

  it("refuses an empty or overlong phrase with a Slovenian message", async () => {
    const empty = await call("/internal-api/v1/ai/search", json({ query: "  " }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fieldErrors: [{ field: "query", message: "Vnesite opis vozila." }] });
    const long = await call("/internal-api/v1/ai/search", json({ query: "a".repeat(301) }));
    expect(long.status).toBe(400);
  });
});

describe("the electric range filter", () => {
  it("reads the posting's range, both ends inclusive", async () => {
    const s = await scope();
    const short = await s.add({ fuel: "ELECTRIC" });
    const long = await s.add({ fuel: "ELECTRIC" });
    await s.add({ fuel: "ELECTRIC" });
    await db()
      .insert(postingDetails)
      .values([
        { postingId: short.id, rangeKm: 300 },
        { postingId: long.id, rangeKm: 450 },
      ]);
    const ids = async (q: string) =>
      (await get<SearchResponse>(`search?size=96&model=${s.make}&${q}`)).results.map((c) => c.postId).sort();
    expect(await ids("evRange=400..")).toEqual([long.id]);
    expect(await ids("evRange=300..450")).toEqual([short.id, long.id].sort());
    expect(await ids("evRange=..299")).toEqual([]);
  });
});
