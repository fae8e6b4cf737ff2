import { sql } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postings } from "~/db/schema/postings";
import type { SearchResponse } from "~/domain/posting-card";
import { call, db, makeAndModel, publishedPosting } from "./fixtures";

/** The maintained counts (migration 0028) and a fresh count of the visible postings, per (dimension, value). */
async function maintainedAndFresh() {
  const maintained = await db().all<{ dimension: string; value: string; n: number }>(
    sql`SELECT dimension, value, n FROM search_counts WHERE n <> 0 ORDER BY dimension, value`,
  );
  const fresh = await db().all<{ dimension: string; value: string; n: number }>(sql`
    SELECT dimension, value, n FROM (
      SELECT 'all' AS dimension, '' AS value, count(*) AS n FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0
      UNION ALL SELECT 'make', coalesce(CAST(manufacturer_id AS TEXT), ''), count(*) FROM postings
        WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2
      UNION ALL SELECT 'model', coalesce(CAST(base_model_id AS TEXT), ''), count(*) FROM postings
        WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2
      UNION ALL SELECT 'fuel', coalesce(fuel, ''), count(*) FROM postings
        WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2
      UNION ALL SELECT 'body', coalesce(body_type, ''), count(*) FROM postings
        WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2
    ) WHERE n <> 0 ORDER BY dimension, value`);
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
});
