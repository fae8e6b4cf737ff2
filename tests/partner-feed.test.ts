// Issue 21 / spec section 5: a posting that hides its VIN is "not shown on partner ad networks".
// The vehicle feed those networks read (GET partner-feeds/vehicles.xml) must leave it out on every path:
// published with a hidden VIN, and a listed posting whose seller turns hide-VIN on later.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postings } from "~/db/schema/postings";
import { call, db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

const api = "/internal-api/v1";
const feed = async (after = 0) => {
  const res = await call(`${api}/partner-feeds/vehicles.xml?after=${after}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
  return { text: await res.text(), link: res.headers.get("link") };
};
/** The feed items of postings created after `startId`, as id → item XML. */
async function itemsAfter(startId: number): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  for (const m of (await feed(startId)).text.matchAll(/<item>(.*?)<\/item>/g)) {
    const code = /<g:id>(.*?)<\/g:id>/.exec(m[1] ?? "")?.[1];
    if (code) items.set(code, m[1] ?? "");
  }
  return items;
}

describe("the partner ad-network feed", () => {
  it("lists a published posting with its public facts, and never one that hides its VIN, is hidden or is not published", async () => {
    const start = (await publishedPosting()).id;
    const { maker, model } = await makeAndModel(`Škoda & <Feed>`);
    const shown = await publishedPosting({
      manufacturerId: maker.id,
      baseModelId: model.id,
      price: 1_234_550,
      specialPrice: 1_199_900,
      searchPrice: 1_199_900,
      priceType: "SPECIAL_OFFER",
      odometerKm: 85_000,
      modelYear: 2019,
    });
    const hiddenVin = await publishedPosting({ hiddenVin: true });
    const hidden = await publishedPosting({ hidePosting: true });
    const removed = await publishedPosting({ status: "REMOVED" });
    const sold = await publishedPosting({ status: "SOLD" });
    // The page says "Po dogovoru": the feed names no amount for it, so it leaves the posting out.
    const negotiable = await publishedPosting({ priceType: "NEGOTIABLE", price: 1_500_000, searchPrice: 1_500_000 });
    // A leftover special price on a NORMAL posting is not shown on the page, nor in the feed.
    const normal = await publishedPosting({
      priceType: "NORMAL",
      price: 990_000,
      specialPrice: 900_000,
      searchPrice: 900_000,
      trimName: "Trim\u0007 z\u0000 znaki",
    });

    const items = await itemsAfter(start);
    const item = items.get(shown.code) ?? "";
    expect(item).toContain(`<link>http://localhost/oglas/${shown.id}</link>`);
    // What the page shows: the regular price struck through and the special price a buyer pays, from cents.
    expect(item).toContain("<g:price>12345.50 EUR</g:price>");
    expect(item).toContain("<g:sale_price>11999.00 EUR</g:sale_price>");
    expect(item).toContain("<g:mileage>85000 km</g:mileage>");
    expect(item).toContain("<g:year>2019</g:year>");
    // Names are escaped, never raw markup.
    expect(item).toContain("<g:brand>Škoda &#38; &#60;Feed&#62;</g:brand>");
    for (const absent of [hiddenVin, hidden, removed, sold, negotiable])
      expect(items.has(absent.code), absent.code).toBe(false);
    const plain = items.get(normal.code) ?? "";
    expect(plain).toContain("<g:price>9900.00 EUR</g:price>");
    expect(plain).not.toContain("g:sale_price");
    // Characters XML forbids are dropped, so one odd trim name cannot void the whole feed.
    expect(plain).toContain("Trim z znaki</title>");
  });

  it("drops a listed posting the moment its seller turns hide-VIN on (through the API), and takes it back when shown again", async () => {
    const seller = await signedInUser();
    const start = (await publishedPosting()).id;
    const posting = await publishedPosting({ userId: seller.user.id, vin: "TMBJJ7NE8J0123456" });
    expect((await itemsAfter(start)).has(posting.code)).toBe(true);

    const hide = await call(`${api}/draft/${posting.code}`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ hiddenVin: true }),
    });
    expect(hide.status).toBe(200);
    expect((await itemsAfter(start)).has(posting.code)).toBe(false);

    await db().update(postings).set({ hiddenVin: false }).where(eq(postings.id, posting.id));
    expect((await itemsAfter(start)).has(posting.code)).toBe(true);
  });

  it("refuses a malformed page cursor with a 400 in the one error shape", async () => {
    const res = await call(`${api}/partner-feeds/vehicles.xml?after=abc`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: unknown[] }).fieldErrors.length).toBeGreaterThan(0);
  });
});
