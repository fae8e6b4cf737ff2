import { sql } from "drizzle-orm";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postings } from "~/db/schema/postings";
import type { SearchResponse } from "~/domain/posting-card";
import { peekSearchTotal, searchGenerationOf, countSearch } from "~/db/search-counts.server";
import { filterConditions } from "~/db/search-conditions.server";
import { parseSearchParams } from "~/domain/search-filters";
import { call, db, dealerUser, makeAndModel, publishedPosting } from "./fixtures";

/** The maintained counts (migration 0028) and a fresh count of the visible postings, per (dimension, value). */
async function maintainedAndFresh() {
  const maintained = await db().all<{ dimension: string; value: string; n: number }>(
    sql`SELECT dimension, value, n FROM search_counts WHERE n <> 0 ORDER BY dimension, value`,
  );
  // Every dimension of migrations 0028 and 0030, computed afresh from the table.
  const dimensions: [string, string][] = [
    ["make", "CAST(manufacturer_id AS TEXT)"],
    ["model", "CAST(base_model_id AS TEXT)"],
    ["fuel", "fuel"],
    ["body", "body_type"],
    ["year", "CAST(model_year AS TEXT)"],
    ["price", "CAST(search_price / 50000 AS TEXT)"],
    ["odo", "CAST(odometer_km / 5000 AS TEXT)"],
    ["region", "contact_region"],
    ["seller", "CASE WHEN dealership_id IS NULL THEN 'person' END"],
  ];
  const visible = "FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0";
  // One statement per dimension: D1 allows at most 5 terms in a compound SELECT.
  const rows = await Promise.all([
    db().all<{ dimension: string; value: string; n: number }>(
      sql.raw(`SELECT 'all' AS dimension, '' AS value, count(*) AS n ${visible}`),
    ),
    ...dimensions.map(([d, e]) =>
      db().all<{ dimension: string; value: string; n: number }>(
        sql.raw(
          `SELECT '${d}' AS dimension, coalesce(${e}, ${d === "seller" ? "'dealer'" : "''"}) AS value, count(*) AS n ${visible} GROUP BY 2`,
        ),
      ),
    ),
  ]);
  const order = (r: { dimension: string; value: string }) => `${r.dimension}\u0000${r.value}`;
  const fresh = rows
    .flat()
    .filter((r) => r.n !== 0)
    .sort((x, y) => (order(x) < order(y) ? -1 : order(x) > order(y) ? 1 : 0));
  return { maintained, fresh };
}

async function search(query: string) {
  const res = await call(`/internal-api/v1/marketplace/search?size=96&${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

const set = (id: number, values: Partial<typeof postings.$inferInsert>) =>
  db().update(postings).set(values).where(eq(postings.id, id));

describe("counts kept on write (migration 0028, decision 082)", () => {
  it("equal a fresh count after every kind of write", async () => {
    const { maker, model } = await makeAndModel();
    const other = await makeAndModel();
    const expectExact = async () => {
      const { maintained, fresh } = await maintainedAndFresh();
      expect(maintained).toEqual(fresh);
    };
    await expectExact();
    const a = await publishedPosting({
      manufacturerId: maker.id,
      baseModelId: model.id,
      fuel: "DIESEL",
      bodyType: "SUV",
    });
    const b = await publishedPosting({ manufacturerId: maker.id, fuel: "PETROL" });
    const draft = await publishedPosting({ status: "DRAFT", manufacturerId: maker.id, fuel: "DIESEL" });
    await expectExact();
    await set(draft.id, { status: "PUBLISHED" }); // publish
    await expectExact();
    await set(a.id, { fuel: "HYBRID", bodyType: "SALOON" }); // edit of faceted fields
    await set(b.id, { manufacturerId: other.maker.id, baseModelId: other.model.id }); // another make
    await set(b.id, { price: 999_00 }); // an edit the counts do not follow
    await expectExact();
    // Edits of the banded and regional fields (migration 0030): price, year, mileage, region, the seller.
    const shop = await dealerUser();
    await set(a.id, { searchPrice: 4_999_99, modelYear: 2011, odometerKm: 149_999, contactRegion: "MARIBOR" });
    await set(b.id, { dealershipId: shop.user.dealershipId, contactRegion: "LJUBLJANA", modelYear: null });
    await expectExact();
    await set(b.id, { featuredUntil: new Date(Date.now() + 86_400_000).toISOString() }); // featured: still counted once
    await set(a.id, { searchPrice: null, odometerKm: 0 });
    await expectExact();
    await set(a.id, { hidePosting: true }); // hidden by the admin
    await expectExact();
    await set(a.id, { hidePosting: false });
    await set(b.id, { status: "SOLD" }); // sold
    await set(draft.id, { status: "EXPIRED" }); // expired by the daily job
    await expectExact();
    await set(draft.id, { status: "PUBLISHED" }); // renewed
    await set(a.id, { status: "REMOVED" }); // unpublished by its owner
    await expectExact();
    await db().delete(postings).where(eq(postings.id, draft.id)); // deleted
    await db().delete(postings).where(eq(postings.id, b.id));
    await expectExact();
  });

  it("give broad searches the same totals and facets as counting the rows", async () => {
    const { maker, model } = await makeAndModel();
    const a = await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id, fuel: "ELECTRIC" });
    await publishedPosting({ manufacturerId: maker.id, fuel: "ELECTRIC", bodyType: "HATCHBACK" });
    const exact = async (where: ReturnType<typeof sql>) =>
      (
        await db().get<{ n: number }>(
          sql`SELECT count(*) AS n FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0 AND ${where}`,
        )
      )?.n;
    const check = async () => {
      expect((await search("")).total).toBe(await exact(sql`1`));
      expect((await search(`model=${maker.code}`)).total).toBe(await exact(sql`manufacturer_id = ${maker.id}`));
      expect((await search(`model=${maker.code}(model)`)).total).toBe(await exact(sql`base_model_id = ${model.id}`));
      expect((await search("fuel=ELECTRIC")).total).toBe(await exact(sql`fuel = 'ELECTRIC'`));
      expect((await search("body=HATCHBACK")).total).toBe(await exact(sql`body_type = 'HATCHBACK'`));
      // Combined filters fall back to count(*): still exact.
      expect((await search(`model=${maker.code}&fuel=ELECTRIC`)).total).toBe(
        await exact(sql`manufacturer_id = ${maker.id} AND fuel = 'ELECTRIC'`),
      );
      const facet = (await (await call("/internal-api/v1/marketplace/count-by/fuel")).json()) as {
        value: string;
        count: number;
      }[];
      expect(facet.find((r) => r.value === "ELECTRIC")?.count).toBe(await exact(sql`fuel = 'ELECTRIC'`));
      const makes = (await (await call("/internal-api/v1/marketplace/count-by/manufacturer")).json()) as {
        value: string;
        count: number;
      }[];
      expect(makes.find((r) => r.value === maker.code)?.count ?? 0).toBe(
        await exact(sql`manufacturer_id = ${maker.id}`),
      );
    };
    await check();
    // A sold posting is gone from the counts at once; a published one is found at once.
    await set(a.id, { status: "SOLD" });
    await check();
    expect((await search(`model=${maker.code}`)).total).toBe(1);
    await publishedPosting({ manufacturerId: maker.id, fuel: "ELECTRIC" });
    await check();
    expect((await search(`model=${maker.code}`)).total).toBe(2);
  });

  it("give ranges, regions and seller kinds the same totals as counting the rows, after every kind of write", async () => {
    const shop = await dealerUser();
    const cheap = await publishedPosting({
      searchPrice: 7_250_00,
      modelYear: 2014,
      odometerKm: 123_456,
      contactRegion: "KOPER",
    });
    const dear = await publishedPosting({
      searchPrice: 7_500_00,
      modelYear: 2016,
      odometerKm: 40_000,
      contactRegion: "CELJE",
      dealershipId: shop.user.dealershipId,
    });
    const draft = await publishedPosting({ status: "DRAFT", searchPrice: 7_300_00, modelYear: 2015 });
    const exact = async (where: ReturnType<typeof sql>) =>
      (
        await db().get<{ n: number }>(
          sql`SELECT count(*) AS n FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0 AND ${where}`,
        )
      )?.n;
    const check = async () => {
      // Aligned and unaligned edges (500 € and 5,000 km bands), open ends, a range inside one band.
      const cases: [string, ReturnType<typeof sql>][] = [
        ["price=7000..7499", sql`search_price BETWEEN 700000 AND 749900`],
        ["price=7250..7500", sql`search_price BETWEEN 725000 AND 750000`],
        ["price=7260..7400", sql`search_price BETWEEN 726000 AND 740000`],
        ["price=..7250", sql`search_price <= 725000`],
        ["price=7251..", sql`search_price >= 725100`],
        ["year=2014..2015", sql`model_year BETWEEN 2014 AND 2015`],
        ["year=2016..", sql`model_year >= 2016`],
        ["odo=..123456", sql`odometer_km <= 123456`],
        ["odo=40000..123455", sql`odometer_km BETWEEN 40000 AND 123455`],
        ["region=KOPER&region=CELJE", sql`contact_region IN ('KOPER', 'CELJE')`],
        ["seller=dealer", sql`dealership_id IS NOT NULL`],
        ["seller=person", sql`dealership_id IS NULL`],
        // A pair is counted through the index: still exact.
        [
          "price=7000..7600&year=2014..2016",
          sql`search_price BETWEEN 700000 AND 760000 AND model_year BETWEEN 2014 AND 2016`,
        ],
      ];
      for (const [query, where] of cases)
        expect([query, (await search(query)).total]).toEqual([query, await exact(where)]);
      const regions = (await (await call("/internal-api/v1/marketplace/count-by/region")).json()) as {
        value: string;
        count: number;
      }[];
      expect(regions.find((r) => r.value === "KOPER")?.count ?? 0).toBe(await exact(sql`contact_region = 'KOPER'`));
    };
    await check();
    await set(draft.id, { status: "PUBLISHED" }); // publish
    await check();
    await set(cheap.id, { searchPrice: 7_499_00, modelYear: 2016, contactRegion: "CELJE" }); // edit price, year, region
    await check();
    await set(dear.id, { status: "SOLD" }); // sold
    await set(draft.id, { hidePosting: true }); // hidden
    await check();
    await set(draft.id, { hidePosting: false, status: "EXPIRED" }); // expired
    await set(cheap.id, { featuredUntil: new Date(Date.now() + 86_400_000).toISOString() }); // featured
    await check();
    await db().delete(postings).where(eq(postings.id, cheap.id)); // deleted
    await check();
  });

  it("cache a count under the generation its own statement read, not one read before a write", async () => {
    const { maker } = await makeAndModel();
    await publishedPosting({ manufacturerId: maker.id });
    const ctx = { now: new Date(), userId: null };
    for (const query of [`model=${maker.code}`, `model=${maker.code}&fuel=DIESEL`, "price=1000..2000"]) {
      const f = parseSearchParams(query);
      const where = and(...filterConditions(f, ctx));
      const before = await searchGenerationOf(db());
      expect(before).not.toBeNull();
      // A write lands between the generation read and the count (another replica snapshot, say).
      await publishedPosting({ manufacturerId: maker.id, fuel: "DIESEL", searchPrice: 1_500_00 });
      const after = await searchGenerationOf(db());
      expect(after).not.toBe(before);
      const total = await countSearch(db(), f, where, before);
      // The count is the fresh one, and it is cached under the generation that holds it only.
      expect(total).toBe((await search(query)).total);
      expect(peekSearchTotal(db(), f, where, before as number, Date.now())).toBeNull();
      expect(peekSearchTotal(db(), f, where, after as number, Date.now())).toBe(total);
    }
  });
});
