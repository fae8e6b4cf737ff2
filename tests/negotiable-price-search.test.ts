import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { favorites } from "~/db/schema/engagement";
import { call, db, publishedPosting, signedInUser } from "./fixtures";
import { carOnSale, send } from "./market-fixtures";

/**
 * Issue 28, decision 088 (session 24): a "Po dogovoru" price keeps the amount it was entered with, and no buyer may
 * learn it. Session 23's review found that the price filter and the price sorts still bracketed it ("do 8.700 €"
 * listed the car, "do 8.600 €" did not). Migration 0039: they read the listed price, which "Po dogovoru" has none of.
 */

type Card = { code: string; priceType: string; price: number | null };
type Found = { total: number; results: Card[] };
const find = async (query: string, cookie?: string) =>
  (await (await send(`/marketplace/search?size=50&${query}`, cookie)).json()) as Found;
const codes = (found: Found) => found.results.map((c) => c.code);
const save = (code: string, cookie: string, body: unknown) => send(`/draft/${code}`, cookie, body);

/** A "Po dogovoru" car kept at 8.700 €, in a make of its own, with two priced cars of the same make beside it. */
async function negotiableAmongPriced() {
  const { seller, maker, posting } = await carOnSale(1_000_000);
  expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 870_000 })).status).toBe(200);
  const owner = (await signedInUser()).user.id;
  const cheap = await publishedPosting({
    userId: owner,
    manufacturerId: maker.id,
    price: 500_000,
    searchPrice: 500_000,
  });
  const dear = await publishedPosting({
    userId: owner,
    manufacturerId: maker.id,
    price: 1_200_000,
    searchPrice: 1_200_000,
  });
  return { seller, maker, posting, cheap, dear };
}

describe("a 'Po dogovoru' car's kept amount cannot be bracketed by the price filter or sort", () => {
  it("no price range finds it, with the make or alone, and the totals say the same as the results", async () => {
    const { maker, posting } = await negotiableAmongPriced();
    const m = `model=${maker.code}`;
    // The attack: the two ranges either side of the kept amount.
    for (const range of ["..8700", "8700..", "8600..8800", "..8600", "8800..", "1..100000000"]) {
      const withMake = await find(`${m}&price=${range}`);
      expect([range, codes(withMake).includes(posting.code)]).toEqual([range, false]);
      expect([range, withMake.total]).toEqual([range, withMake.results.length]);
    }
    // Without a price range it is found, and says "Po dogovoru" with no amount.
    const all = await find(m);
    const card = all.results.find((c) => c.code === posting.code);
    expect(card).toMatchObject({ priceType: "NEGOTIABLE", price: null });
    expect(all.total).toBe(3);
  });

  it("a price range alone counts it in no band: the kept bands and the index agree before and after", async () => {
    const { seller, posting } = await carOnSale(870_000);
    // Aligned bands (kept rows only), an unaligned edge inside its band, and a range inside one band.
    const ranges = ["8500..8999", "8600..8800", "8650..8750", "..8700", "8700.."];
    const shown: number[] = [];
    for (const r of ranges) shown.push((await find(`price=${r}`)).total);
    expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 870_000 })).status).toBe(200);
    for (const [i, r] of ranges.entries()) {
      const found = await find(`price=${r}`);
      // One fewer: the same car, now "Po dogovoru", left every range that held it.
      expect([r, found.total]).toEqual([r, (shown[i] ?? 0) - 1]);
      expect([r, codes(found).includes(posting.code)]).toEqual([r, false]);
    }
    // Shown again at the same amount: back in every range.
    expect((await save(posting.code, seller.cookie, { priceType: "NORMAL", price: 870_000 })).status).toBe(200);
    for (const [i, r] of ranges.entries()) expect([r, (await find(`price=${r}`)).total]).toEqual([r, shown[i]]);
  });

  it("both price sorts put it after every priced car, whatever its kept amount", async () => {
    const { maker, posting, cheap, dear } = await negotiableAmongPriced();
    const m = `model=${maker.code}`;
    expect(codes(await find(`${m}&sort=priceAsc`))).toEqual([cheap.code, dear.code, posting.code]);
    expect(codes(await find(`${m}&sort=priceDesc`))).toEqual([dear.code, cheap.code, posting.code]);
  });

  it("the seller still sees and edits the kept amount; switching back shows and sorts by it", async () => {
    const { seller, maker, posting, cheap, dear } = await negotiableAmongPriced();
    const own = (await (await send(`/postings/${posting.code}`, seller.cookie)).json()) as { price: number | null };
    expect(own.price).toBe(870_000);
    expect((await save(posting.code, seller.cookie, { priceType: "NORMAL", price: 870_000 })).status).toBe(200);
    const m = `model=${maker.code}`;
    expect(codes(await find(`${m}&sort=priceAsc`))).toEqual([cheap.code, posting.code, dear.code]);
    expect(codes(await find(`${m}&price=..8700`)).sort()).toEqual([posting.code, cheap.code].sort());
    expect(codes(await find(`${m}&price=8600..8800`))).toEqual([posting.code]);
  });
});

describe("favourites liked while 'Po dogovoru' before session 23 (migration 0040)", () => {
  type Fav = { card: { code: string }; priceAtLike: number | null; priceDrop: number | null };
  const favouriteOf = async (cookie: string, code: string) =>
    ((await (await call("/internal-api/v1/favorites", { headers: { cookie } })).json()) as Fav[]).find(
      (f) => f.card.code === code,
    );

  it("keep a price at the like only where buyers were shown it, so no drop gives the kept amount away", async () => {
    const { seller, posting } = await carOnSale(1_000_000);
    expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 870_000 })).status).toBe(200);
    // As the code before session 23 stored them: one buyer liked the car at its shown 10.000 €, one while it was
    // "Po dogovoru" (the kept 8.700 €).
    const before = await signedInUser();
    const during = await signedInUser();
    await db()
      .insert(favorites)
      .values([
        { userId: before.user.id, postingId: posting.id, priceAtLike: 1_000_000 },
        { userId: during.user.id, postingId: posting.id, priceAtLike: 870_000 },
      ]);
    expect((await save(posting.code, seller.cookie, { priceType: "NORMAL", price: 800_000 })).status).toBe(200);
    // The defect the migration mends: "Cena nižja za 700 €" tells the second buyer the kept amount.
    expect((await favouriteOf(during.cookie, posting.code))?.priceDrop).toBe(70_000);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0040_"));
    expect(migration).toBeDefined();
    await env.DB.batch((migration?.queries ?? []).map((q) => env.DB.prepare(q)));
    expect(await favouriteOf(during.cookie, posting.code)).toMatchObject({ priceAtLike: null, priceDrop: null });
    // The price the first buyer saw stays, with its true drop of 2.000 €.
    expect(await favouriteOf(before.cookie, posting.code)).toMatchObject({
      priceAtLike: 1_000_000,
      priceDrop: 200_000,
    });
  });
});
