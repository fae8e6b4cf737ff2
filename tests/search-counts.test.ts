import { sql } from "drizzle-orm";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postingEquipment, postings } from "~/db/schema/postings";
import type { SearchResponse } from "~/domain/posting-card";
import { peekSearchTotal, searchGenerationOf, countSearch } from "~/db/search-counts.server";
import { filterConditions } from "~/db/search-conditions.server";
import { parseSearchParams } from "~/domain/search-filters";
import { call, db, dealerUser, makeAndModel, publishedPosting } from "./fixtures";

type Row = { dimension: string; value: string; n: number };
type PairRow = { a: string; b: string; va: string | number; vb: string | number; n: number };
const byKey =
  <T>(key: (r: T) => string) =>
  (x: T, y: T) =>
    key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0;
const visible = "FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0";

/**
 * The single dimensions (migrations 0028, 0030, 0034) as SQL on a posting, written out here independently of
 * the migrations: the kept rows must equal a fresh GROUP BY of these.
 */
const singleDimensions: [string, string][] = [
  ["make", "CAST(manufacturer_id AS TEXT)"],
  ["model", "CAST(base_model_id AS TEXT)"],
  ["fuel", "fuel"],
  ["body", "body_type"],
  ["year", "CAST(model_year AS TEXT)"],
  // The listed price (migration 0039): "Po dogovoru" has none.
  ["price", "CAST((CASE WHEN price_type IS 'NEGOTIABLE' THEN NULL ELSE search_price END) / 50000 AS TEXT)"],
  ["odo", "CAST(odometer_km / 5000 AS TEXT)"],
  ["region", "contact_region"],
  ["seller", "CASE WHEN dealership_id IS NULL THEN 'person' ELSE 'dealer' END"],
  ["transmission", "transmission"],
  ["color", "color"],
  ["power", "CAST(power_kw AS TEXT)"],
  ["badge.PROMISING", "CAST(badge_promising AS TEXT)"],
  ["badge.VERIFIED", "CAST(badge_verified AS TEXT)"],
  ["badge.GOOD_BUY", "CAST(badge_good_buy AS TEXT)"],
  ["badge.FINANCING", "CAST(badge_financing AS TEXT)"],
];

/** The paired dimensions of migration 0034 in their pair order (the one with more values first), bands as integers. */
const pairedDimensions: [string, string][] = [
  ["price", "(CASE WHEN price_type IS 'NEGOTIABLE' THEN NULL ELSE search_price END) / 50000"],
  ["odo", "odometer_km / 5000"],
  ["power", "power_kw"],
  ["make", "manufacturer_id"],
  ["year", "model_year"],
  ["color", "color"],
  ["region", "contact_region"],
  ["body", "body_type"],
  ["fuel", "fuel"],
  ["transmission", "transmission"],
  ["seller", "CASE WHEN dealership_id IS NULL THEN 'person' ELSE 'dealer' END"],
];

/** The maintained counts (migrations 0028, 0030, 0034) and a fresh count of the visible postings, per key. */
async function maintainedAndFresh() {
  const maintained = await db().all<Row>(
    sql`SELECT dimension, value, n FROM search_counts WHERE n <> 0 ORDER BY dimension, value`,
  );
  // One statement per dimension: D1 allows at most 5 terms in a compound SELECT.
  const rows = await Promise.all([
    db().all<Row>(sql.raw(`SELECT 'all' AS dimension, '' AS value, count(*) AS n ${visible}`)),
    ...singleDimensions.map(([d, e]) =>
      db().all<Row>(
        sql.raw(`SELECT '${d}' AS dimension, coalesce(${e}, '') AS value, count(*) AS n ${visible} GROUP BY 2`),
      ),
    ),
    // Equipment: the ticks of visible postings, per code.
    db().all<Row>(
      sql.raw(
        "SELECT 'eq' AS dimension, pe.code AS value, count(*) AS n FROM posting_equipment pe JOIN postings p ON p.id = pe.posting_id WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2",
      ),
    ),
  ]);
  const order = byKey<Row>((r) => `${r.dimension}\u0000${r.value}`);
  const fresh = rows
    .flat()
    .filter((r) => r.n !== 0)
    .sort(order);
  return { maintained: [...maintained].sort(order), fresh };
}

/** The maintained pair counts (migration 0034) and a fresh GROUP BY of every pair. */
async function pairsMaintainedAndFresh() {
  const order = byKey<PairRow>((r) => `${r.a}\u0000${r.b}\u0000${typeof r.va}${r.va}\u0000${typeof r.vb}${r.vb}`);
  const maintained = (await db().all<PairRow>(sql`SELECT a, b, va, vb, n FROM search_pair_counts WHERE n <> 0`)).sort(
    order,
  );
  const pairs = pairedDimensions.flatMap(([a, ea], i) =>
    pairedDimensions.slice(i + 1).map(([b, eb]) => ({ a, ea, b, eb })),
  );
  expect(pairs.length).toBe(55);
  const fresh = (
    await Promise.all([
      ...pairs.map(({ a, ea, b, eb }) =>
        db().all<PairRow>(
          sql.raw(
            `SELECT '${a}' AS a, '${b}' AS b, coalesce(${ea}, '') AS va, coalesce(${eb}, '') AS vb, count(*) AS n ${visible} GROUP BY 3, 4`,
          ),
        ),
      ),
      // One equipment item with each paired dimension: the ticks of visible postings per code and value.
      ...pairedDimensions.map(([b, eb]) =>
        db().all<PairRow>(
          sql.raw(
            `SELECT 'eq' AS a, '${b}' AS b, pe.code AS va, p.v AS vb, count(*) AS n FROM posting_equipment pe JOIN (SELECT id, coalesce(${eb}, '') AS v ${visible}) p ON p.id = pe.posting_id GROUP BY 3, 4`,
          ),
        ),
      ),
    ])
  )
    .flat()
    .sort(order);
  return { maintained, fresh };
}

async function search(query: string) {
  const res = await call(`/internal-api/v1/marketplace/search?size=96&${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

const set = (id: number, values: Partial<typeof postings.$inferInsert>) =>
  db().update(postings).set(values).where(eq(postings.id, id));
const tick = (postingId: number, ...codes: string[]) =>
  db()
    .insert(postingEquipment)
    .values(codes.map((code) => ({ postingId, code })));
const untick = (postingId: number, code: string) =>
  db()
    .delete(postingEquipment)
    .where(and(eq(postingEquipment.postingId, postingId), eq(postingEquipment.code, code)));

describe("counts kept on write (migration 0028, decision 082)", () => {
  it("equal a fresh count after every kind of write", async () => {
    const { maker, model } = await makeAndModel();
    const other = await makeAndModel();
    const expectExact = async () => {
      const { maintained, fresh } = await maintainedAndFresh();
      expect(maintained).toEqual(fresh);
      const pairs = await pairsMaintainedAndFresh();
      expect(pairs.maintained).toEqual(pairs.fresh);
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
    // Equipment ticked on a draft counts once it is published (migration 0034).
    await tick(draft.id, "INNER_NAVIGATION", "SAFETY_ABS");
    await tick(a.id, "INNER_NAVIGATION");
    await expectExact();
    await set(draft.id, { status: "PUBLISHED" }); // publish
    await expectExact();
    await tick(a.id, "SAFETY_ABS", "INNER_LEATHER"); // equipment added
    await untick(draft.id, "SAFETY_ABS"); // and removed
    await db().run(
      sql`UPDATE posting_equipment SET code = 'INNER_ISOFIX' WHERE posting_id = ${a.id} AND code = 'INNER_LEATHER'`,
    );
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
    // Edits of the dimensions of migration 0034: transmission, colour, power, badges.
    await set(a.id, { transmission: "A", color: "RED", powerKw: 110, badgeVerified: true });
    await set(b.id, { transmission: "M", powerKw: 77, badgePromising: true, badgeGoodBuy: true, badgeFinancing: true });
    await expectExact();
    await set(a.id, { transmission: null, color: "BLUE", powerKw: null, badgeVerified: false });
    await set(b.id, { powerKw: 77, badgeGoodBuy: false }); // the power written again: no pair row moves
    await expectExact();
    await set(b.id, { featuredUntil: new Date(Date.now() + 86_400_000).toISOString() }); // featured: still counted once
    await set(a.id, { priceType: "NEGOTIABLE" }); // "Po dogovoru": out of its price band, the amount kept
    await expectExact();
    await set(a.id, { priceType: "NEGOTIABLE", searchPrice: 5_500_00 }); // the kept amount edited: no band moves
    await expectExact();
    await set(a.id, { priceType: "NORMAL" }); // shown again: back in its band
    await expectExact();
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
  }, 60_000);

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
        ["price=7000..7499", sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 700000 AND 749900`],
        ["price=7250..7500", sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 725000 AND 750000`],
        ["price=7260..7400", sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 726000 AND 740000`],
        ["price=..7250", sql`price_type IS NOT 'NEGOTIABLE' AND search_price <= 725000`],
        ["price=7251..", sql`price_type IS NOT 'NEGOTIABLE' AND search_price >= 725100`],
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
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 700000 AND 760000 AND model_year BETWEEN 2014 AND 2016`,
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
    await set(dear.id, { priceType: "NEGOTIABLE" }); // "Po dogovoru": in no price range (migration 0039)
    await check();
    await set(dear.id, { priceType: "NORMAL" });
    await check();
    await set(dear.id, { status: "SOLD" }); // sold
    await set(draft.id, { hidePosting: true }); // hidden
    await check();
    await set(draft.id, { hidePosting: false, status: "EXPIRED" }); // expired
    await set(cheap.id, { featuredUntil: new Date(Date.now() + 86_400_000).toISOString() }); // featured
    await check();
    await db().delete(postings).where(eq(postings.id, cheap.id)); // deleted
    await check();
  }, 60_000);

  it("give pairs of broad filters, transmission, colour, power, badges and equipment the same totals and facets as counting the rows", async () => {
    const shop = await dealerUser();
    const { maker } = await makeAndModel();
    const suv = await publishedPosting({
      manufacturerId: maker.id,
      bodyType: "SUV",
      transmission: "A",
      fuel: "DIESEL",
      color: "RED",
      powerKw: 155,
      searchPrice: 7_250_00,
      modelYear: 2020,
      odometerKm: 123_456,
      contactRegion: "KOPER",
      badgeGoodBuy: true,
    });
    const hatch = await publishedPosting({
      manufacturerId: maker.id,
      bodyType: "HATCHBACK",
      transmission: "M",
      fuel: "PETROL",
      color: "RED",
      powerKw: 66,
      searchPrice: 7_500_00,
      modelYear: 2016,
      odometerKm: 40_000,
      contactRegion: "KOPER",
      dealershipId: shop.user.dealershipId,
    });
    const draft = await publishedPosting({ status: "DRAFT", bodyType: "SUV", transmission: "A", powerKw: 150 });
    await tick(suv.id, "INNER_NAVIGATION");
    await tick(draft.id, "INNER_NAVIGATION");
    const exact = async (where: ReturnType<typeof sql>) =>
      (
        await db().get<{ n: number }>(
          sql`SELECT count(*) AS n FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0 AND ${where}`,
        )
      )?.n;
    const facet = async (path: string) =>
      (await (await call(`/internal-api/v1/marketplace/count-by/${path}`)).json()) as {
        value: string;
        count: number;
      }[];
    const check = async () => {
      const cases: [string, ReturnType<typeof sql>][] = [
        ["transmission=A", sql`transmission = 'A'`],
        ["color=RED&color=BLUE", sql`color IN ('RED', 'BLUE')`],
        ["power=150..", sql`power_kw >= 150`],
        ["power=66..155", sql`power_kw BETWEEN 66 AND 155`],
        ["power=151..158", sql`power_kw BETWEEN 151 AND 158`],
        ["badge=GOOD_BUY", sql`badge_good_buy = 1`],
        ["eq=INNER_NAVIGATION", sql`id IN (SELECT posting_id FROM posting_equipment WHERE code = 'INNER_NAVIGATION')`],
        // Pairs (decision 090): values × values, values × range, range × range with unaligned edges.
        ["body=SUV&transmission=A", sql`body_type = 'SUV' AND transmission = 'A'`],
        ["color=RED&body=HATCHBACK", sql`color = 'RED' AND body_type = 'HATCHBACK'`],
        ["region=KOPER&seller=dealer", sql`contact_region = 'KOPER' AND dealership_id IS NOT NULL`],
        ["region=KOPER&seller=person", sql`contact_region = 'KOPER' AND dealership_id IS NULL`],
        [`model=${maker.code}&fuel=DIESEL`, sql`manufacturer_id = ${maker.id} AND fuel = 'DIESEL'`],
        ["year=2020..&odo=..130000", sql`model_year >= 2020 AND odometer_km <= 130000`],
        [
          "price=7000..7499&year=2016..",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 700000 AND 749900 AND model_year >= 2016`,
        ],
        [
          "price=7250..&year=..2020",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price >= 725000 AND model_year <= 2020`,
        ],
        [
          "price=7260..7600&odo=..123456",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 726000 AND 760000 AND odometer_km <= 123456`,
        ],
        [
          "price=7200..7300&odo=40000..",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price BETWEEN 720000 AND 730000 AND odometer_km >= 40000`,
        ],
        ["power=150..&body=SUV", sql`power_kw >= 150 AND body_type = 'SUV'`],
        // An open upper range on a wide dimension is read as its complement (the bands below it).
        ["odo=40000..&fuel=PETROL", sql`odometer_km >= 40000 AND fuel = 'PETROL'`],
        [
          "price=7251..&transmission=A",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price >= 725100 AND transmission = 'A'`,
        ],
        ["transmission=A&year=2018..", sql`transmission = 'A' AND model_year >= 2018`],
        // One equipment item with one broad filter of values or whole bands.
        [
          "eq=INNER_NAVIGATION&body=SUV",
          sql`body_type = 'SUV' AND id IN (SELECT posting_id FROM posting_equipment WHERE code = 'INNER_NAVIGATION')`,
        ],
        [
          "eq=INNER_NAVIGATION&price=7000..",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price >= 700000 AND id IN (SELECT posting_id FROM posting_equipment WHERE code = 'INNER_NAVIGATION')`,
        ],
        [
          "eq=INNER_NAVIGATION&price=7260..",
          sql`price_type IS NOT 'NEGOTIABLE' AND search_price >= 726000 AND id IN (SELECT posting_id FROM posting_equipment WHERE code = 'INNER_NAVIGATION')`,
        ],
        // Three filters are counted through the index: still exact.
        ["body=SUV&transmission=A&fuel=DIESEL", sql`body_type = 'SUV' AND transmission = 'A' AND fuel = 'DIESEL'`],
      ];
      for (const [query, where] of cases)
        expect([query, (await search(query)).total]).toEqual([query, await exact(where)]);
      // The facets beside a one-filter search are pairs too.
      const fuels = await facet("fuel?body=SUV");
      expect(fuels.find((r) => r.value === "DIESEL")?.count ?? 0).toBe(
        await exact(sql`fuel = 'DIESEL' AND body_type = 'SUV'`),
      );
      const bodies = await facet("body?color=RED");
      expect(bodies.find((r) => r.value === "HATCHBACK")?.count ?? 0).toBe(
        await exact(sql`body_type = 'HATCHBACK' AND color = 'RED'`),
      );
      const makes = await facet("manufacturer?transmission=A");
      expect(makes.find((r) => r.value === maker.code)?.count ?? 0).toBe(
        await exact(sql`manufacturer_id = ${maker.id} AND transmission = 'A'`),
      );
      const withNavigation = await facet("body?eq=INNER_NAVIGATION");
      expect(withNavigation.find((r) => r.value === "SUV")?.count ?? 0).toBe(
        await exact(
          sql`body_type = 'SUV' AND id IN (SELECT posting_id FROM posting_equipment WHERE code = 'INNER_NAVIGATION')`,
        ),
      );
      const gears = await facet("transmission");
      expect(gears.find((r) => r.value === "A")?.count ?? 0).toBe(await exact(sql`transmission = 'A'`));
    };
    await check();
    await set(draft.id, { status: "PUBLISHED" }); // publish
    await check();
    await set(hatch.id, { bodyType: "SUV", transmission: "A", searchPrice: 7_260_00, modelYear: 2021 }); // edit
    await tick(hatch.id, "INNER_NAVIGATION"); // equipment added
    await check();
    await set(suv.id, { priceType: "NEGOTIABLE" }); // "Po dogovoru": its ticks leave their price pair rows too
    await check();
    await set(suv.id, { priceType: "NORMAL" });
    await check();
    await set(suv.id, { status: "SOLD" }); // sold
    await set(draft.id, { hidePosting: true }); // hidden
    await check();
    await set(draft.id, { hidePosting: false, status: "EXPIRED" }); // expired
    await set(hatch.id, { featuredUntil: new Date(Date.now() + 86_400_000).toISOString() }); // featured
    await untick(hatch.id, "INNER_NAVIGATION"); // equipment removed
    await check();
    await set(draft.id, { status: "PUBLISHED" }); // renewed
    await db().delete(postings).where(eq(postings.id, hatch.id)); // deleted
    await check();
  }, 60_000);

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
