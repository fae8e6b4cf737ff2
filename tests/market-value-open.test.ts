import { env } from "cloudflare:test";
import { findIntegrityViolations } from "~/db/data-integrity.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postings } from "~/db/schema/postings";
import { recomputeMarketValues } from "~/services/market-value.server";
import { call, db, emailsTo, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import { carOf, detailOf, market, send } from "./market-fixtures";

/**
 * Open defects of the market value found by session 20's review (decision 088, "Still open"): each test is the
 * reviewer's reproduction, and fails today. Skipped so that `main` stays green; un-skip one with its fix.
 */

const api = "/internal-api/v1";

describe.skip("open (decision 088): ratings many accounts or a price type can move", () => {
  // FAILS (defect): the same re-save game without racing anything: "Po dogovoru" and back drops the run's estimate
  // (clearOneValuation), so the car's `computed_at` is no longer the run's and the switch back values it at once, with
  // its own price inside the run's fit (its price was market data when the run read it).
  it("a car switched to 'Po dogovoru' and back at the same price is not rated nearer the market than the run rated it", async () => {
    const { maker, model } = await market(40);
    const seller = await signedInUser();
    const facts = carOf(maker.id, model.id, 3);
    const high = Math.round((facts.price ?? 0) * 1.2);
    const mine = await publishedPosting({ userId: seller.user.id, ...facts, price: high, searchPrice: high });
    await recomputeMarketValues(db());
    const run = (await detailOf(mine.code)).marketValue;
    expect(run?.rating).toBe("TOO_HIGH");
    expect((await send(`/draft/${mine.code}`, seller.cookie, { priceType: "NEGOTIABLE" })).status).toBe(200);
    expect((await detailOf(mine.code)).marketValue).toBeNull();
    expect((await send(`/draft/${mine.code}`, seller.cookie, { priceType: "NORMAL", price: high })).status).toBe(200);
    const back = (await detailOf(mine.code)).marketValue;
    expect(back?.rating).toBe(run?.rating);
    expect(
      Math.abs((back?.deviationBp ?? 0) - (run?.deviationBp ?? 0)),
      `run ${JSON.stringify(run)}, back ${JSON.stringify(back)}`,
    ).toBeLessThan(50);
  });

  // FAILS (defect; decision 088 leaves "two or more sellers acting together" open, but understates it): the cap is per
  // account and does nothing at two cars, so eight accounts with two cars 30 % over the market each weigh as sixteen
  // cars: in a family of forty honest cars, a car 10 % over the market came out "Odlična cena" (−12,9 %) and one at the
  // market "Odlična cena" (−20,6 %) when the file runs whole; run alone (a wider market spread in the shared database)
  // the family is "Ni dovolj podatkov" altogether. A control family without the accounts rates the honest car fairly.
  it("eight accounts with two cars 30 % over the market each do not make a car 10 % over it look fair", async () => {
    const control = await market(40);
    const controlCar = await publishedPosting({
      userId: (await signedInUser()).user.id,
      ...carOf(control.maker.id, control.model.id, 7),
    });
    const { maker, model } = await market(40);
    for (let a = 0; a < 8; a++) {
      const account = (await signedInUser()).user.id;
      for (const step of [a, a + 8]) {
        const car = carOf(maker.id, model.id, step);
        const price = Math.round((car.price ?? 0) * 1.3);
        await publishedPosting({ userId: account, ...car, price, searchPrice: price });
      }
    }
    const market7 = carOf(maker.id, model.id, 7);
    const over = Math.round((market7.price ?? 0) * 1.1);
    const posted = await publishedPosting({
      userId: (await signedInUser()).user.id,
      ...market7,
      price: over,
      searchPrice: over,
    });
    const honest = await publishedPosting({ userId: (await signedInUser()).user.id, ...market7 });
    await recomputeMarketValues(db());
    const page = (await detailOf(posted.code)).marketValue;
    const fair = (await detailOf(honest.code)).marketValue;
    const baseline = (await detailOf(controlCar.code)).marketValue;
    expect(baseline?.rating, `the control family: ${JSON.stringify(baseline)}`).toBe("FAIR");
    expect(page?.rating, `+10 %: ${JSON.stringify(page)}; at the market: ${JSON.stringify(fair)}`).toMatch(
      /^(HIGH|TOO_HIGH)$/,
    );
    expect(fair?.rating).toBe("FAIR");
  });
});

describe.skip("open (decision 088): cuts a buyer is never told of", () => {
  const like = (code: string, cookie: string) =>
    call(`${api}/postings/${code}/favorite`, { method: "POST", headers: { cookie } });
  const alert = (code: string, cookie: string, on: boolean) =>
    call(`${api}/postings/${code}/favorite/price-alert`, { ...json({ on }, cookie), method: "PUT" });
  const historyViolations = async (id: number) =>
    (await findIntegrityViolations(env.DB)).filter((v) => v.id === id && /price history/.test(v.rule));

  async function carOnSale() {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const posting = await publishedPosting({
      userId: seller.user.id,
      manufacturerId: maker.id,
      baseModelId: model.id,
      price: 1_250_000,
      searchPrice: 1_250_000,
    });
    return { seller, posting, maker };
  }
  // FAILS (defect): the amount changed while the price was "Po dogovoru" and shown again: a 20 % cut the buyer sees
  // (12.500 € → "Po dogovoru" → 10.000 €) is never marked nor e-mailed, as the trigger fires only on the amount.
  it("tells the buyer of a cut made while the price was 'Po dogovoru', once the price shows again", async () => {
    const { seller, posting } = await carOnSale();
    const buyer = await signedInUser();
    expect((await like(posting.code, buyer.cookie)).status).toBe(201);
    expect((await alert(posting.code, buyer.cookie, true)).status).toBe(200);
    expect((await send(`/draft/${posting.code}`, seller.cookie, { priceType: "NEGOTIABLE" })).status).toBe(200);
    const hidden = await send(`/draft/${posting.code}`, seller.cookie, { priceType: "NEGOTIABLE", price: 1_000_000 });
    expect(hidden.status).toBe(200);
    expect(await emailsTo(buyer.user.email), "nothing while the price is the seller's to keep").toHaveLength(0);
    expect(
      (await send(`/draft/${posting.code}`, seller.cookie, { priceType: "NORMAL", price: 1_000_000 })).status,
    ).toBe(200);
    // The history still ends at the asking price (the check:data rule holds).
    expect(await historyViolations(posting.id)).toEqual([]);
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row?.searchPrice).toBe(1_000_000);
    // 12.500 € was the lowest shown price of the 30 days; 10.000 € is a 20 % reduction: the card marks it and the
    // buyer who asked is told.
    expect(row?.lastPriceChange, "the card's drop mark").toBe(-250_000);
    const mails = await emailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("12.500 € → 10.000 €");
  });

  // FAILS (defect): the trigger queues a favourite's alert only while the posting is published; a seller who takes
  // the car down, cuts 20 % and puts it back up gets the card's drop mark, but the buyer who asked for an e-mail is
  // never told (nothing re-checks the queue at the re-publish).
  it("tells the buyer who asked of a cut made while the posting was taken down, once it is back", async () => {
    const { seller, posting } = await carOnSale();
    const buyer = await signedInUser();
    expect((await like(posting.code, buyer.cookie)).status).toBe(201);
    expect((await alert(posting.code, buyer.cookie, true)).status).toBe(200);
    const status = (to: string) => send(`/postings/${posting.code}/status`, seller.cookie, { status: to });
    expect((await status("REMOVED")).status).toBe(200);
    const cut = await send(`/draft/${posting.code}`, seller.cookie, { priceType: "NORMAL", price: 1_000_000 });
    expect(cut.status).toBe(200);
    expect((await status("PUBLISHED")).status).toBe(200);
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row?.lastPriceChange, "the card's drop mark").toBe(-250_000);
    const mails = await emailsTo(buyer.user.email);
    expect(mails.map((m) => m.text).join("\n")).toContain("12.500 € → 10.000 €");
  });
});
