import { describe, expect, it } from "vitest";
import { call, signedInUser } from "./fixtures";
import { send, carOnSale } from "./market-fixtures";

/**
 * Decision 088, session 23: the amount a seller keeps "Po dogovoru" is the seller's. The seller still reads and edits
 * it; a buyer who merges the favourites kept signed out stores no kept amount as the price at the like.
 */

const api = "/internal-api/v1";

async function negotiableCar() {
  const { seller, posting } = await carOnSale(1_000_000);
  expect(
    (await send(`/draft/${posting.code}`, seller.cookie, { priceType: "NEGOTIABLE", price: 870_000 })).status,
  ).toBe(200);
  return { seller, posting };
}

describe("the kept 'Po dogovoru' amount", () => {
  it("its seller still reads it on the posting and in the preview; another signed-in user does not", async () => {
    const { seller, posting } = await negotiableCar();
    const own = (await (await send(`/postings/${posting.code}`, seller.cookie)).json()) as { price: number | null };
    expect(own.price).toBe(870_000);
    const preview = (await (await send(`/draft/${posting.code}/preview`, seller.cookie)).json()) as {
      posting: { price: number | null };
      card: { price: number | null };
    };
    expect({ page: preview.posting.price, card: preview.card.price }).toEqual({ page: 870_000, card: 870_000 });
    const other = await signedInUser();
    const theirs = (await (await send(`/postings/${posting.code}`, other.cookie)).json()) as {
      price: number | null;
      priceType: string;
    };
    expect({ price: theirs.price, priceType: theirs.priceType }).toEqual({ price: null, priceType: "NEGOTIABLE" });
  });

  it("favourites merged after signing in keep no kept amount as the price at the like", async () => {
    const { posting } = await negotiableCar();
    const buyer = await signedInUser();
    const merged = await call(`${api}/favorites/merge`, {
      method: "POST",
      headers: { cookie: buyer.cookie, "content-type": "application/json" },
      body: JSON.stringify({ codes: [posting.code] }),
    });
    expect(merged.status).toBe(200);
    const favourites = (await (await call(`${api}/favorites`, { headers: { cookie: buyer.cookie } })).json()) as {
      card: { code: string; price: number | null };
      priceAtLike: number | null;
    }[];
    const fav = favourites.find((f) => f.card.code === posting.code);
    expect({ atLike: fav?.priceAtLike, card: fav?.card.price }).toEqual({ atLike: null, card: null });
  });
});
