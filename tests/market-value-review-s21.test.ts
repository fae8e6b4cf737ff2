import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findIntegrityViolations } from "~/db/data-integrity.server";
import { baseModels } from "~/db/schema/catalogue";
import { postings } from "~/db/schema/postings";
import { recomputeMarketValues } from "~/services/market-value.server";
import { db, emailsTo, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import { alert, carOf, detailOf, draftOf, like, overAndAt, ratedCodes, send } from "./market-fixtures";

/**
 * Session 21's review (a stranger's, as an attacker and as a buyer) of the market value's "many accounts" fit, the
 * standing rule and migration 0035 (decision 088, "Session 21"), with the fixes made after it (migration 0036,
 * contested families, standing as a week on sale). The one still open is skipped, with its reason.
 */

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const rowOf = async (id: number) => db().select().from(postings).where(eq(postings.id, id)).get();

/** `count` cars of a fresh family at the market from `sellers` sellers signed up 90 days ago, on sale for 40 days. */
async function establishedFamily(count: number, sellers: number, over = 1) {
  const { maker, model } = await makeAndModel();
  const ids: number[] = [];
  for (let s = 0; s < sellers; s++) ids.push((await signedInUser({ registeredAt: daysAgo(90) })).user.id);
  for (let i = 0; i < count; i++) {
    const car = carOf(maker.id, model.id, i);
    const price = Math.round((car.price ?? 0) * over);
    await publishedPosting({ userId: ids[i % sellers], publishedAt: daysAgo(40), ...car, price, searchPrice: price });
  }
  return { maker, model };
}

describe("the standing rule is only time: aged accounts (decision 088, 'many accounts')", () => {
  // Standing asks an account to be 30 days old and its car 7 days on sale: an attacker only waits. Against a family
  // sold by four dealers (two cars' worth each: eight), eight such accounts with two cars each (sixteen) set the
  // family's median, and the honest dealers' cars become the ones "far off the family" and drop out of the fit.
  // Fixed (session 21): the family is contested (a third of its established weight left out, from eight sellers):
  // nobody in it is rated, rather than rated against the accounts' side.
  it("eight accounts signed up 60 days ago, cars up 10 days, 30 % over a family of four dealers do not make a car 10 % over the market fair", async () => {
    const { maker, model } = await establishedFamily(40, 4);
    for (let a = 0; a < 8; a++) {
      const account = (await signedInUser({ registeredAt: daysAgo(60) })).user.id;
      for (const step of [a, a + 8]) {
        const car = carOf(maker.id, model.id, step);
        const price = Math.round((car.price ?? 0) * 1.3);
        await publishedPosting({ userId: account, publishedAt: daysAgo(10), ...car, price, searchPrice: price });
      }
    }
    const { over, at } = await overAndAt(maker.id, model.id);
    expect(over?.rating, `+10 %: ${JSON.stringify(over)}; at the market: ${JSON.stringify(at)}`).toBe(
      "NOT_ENOUGH_DATA",
    );
    expect(at?.rating, JSON.stringify(at)).toBe("NOT_ENOUGH_DATA");
  });
});

describe("new accounts that stay inside the cuts (decision 088)", () => {
  // The family's median and the cut are per model family; the make's level is not. Eight new accounts fill three
  // sister families of the make on their own (two cars each per family, 30 % over the market): in a family of their
  // own nobody is off its centre, so nothing is cut, and they lift the make's level, which a thin honest family (twelve
  // cars from three sellers) is shrunk towards.
  // OPEN (decision 088, "Session 21"): fails today (+10 % car "Poštena cena", the car at the market "Dobra cena"):
  // the family's median and its cut do not see accounts that are alone in their own families; the make's level moves.
  // Skipped so that `main` stays green; un-skip with its fix.
  it("accounts alone in three sister families do not make a car 10 % over a thin family's market fair", async () => {
    // First without the accounts (the control: the thin family is rated), then with them.
    for (const attacked of [false, true]) {
      const { maker, model } = await establishedFamily(12, 3);
      const accounts: number[] = [];
      for (let a = 0; a < (attacked ? 8 : 0); a++) accounts.push((await signedInUser()).user.id);
      for (let f = 0; f < (attacked ? 3 : 0); f++) {
        const [sister] = await db()
          .insert(baseModels)
          .values({ manufacturerId: maker.id, code: `sestra-${f}`, name: `Sestra ${f}` })
          .returning();
        for (let i = 0; i < 16; i++) {
          const car = carOf(maker.id, sister?.id ?? 0, i);
          const price = Math.round((car.price ?? 0) * 1.3);
          await publishedPosting({ userId: accounts[i % 8], ...car, price, searchPrice: price });
        }
      }
      const { over, at } = await overAndAt(maker.id, model.id);
      const label = `${attacked ? "with" : "without"} the accounts; +10 %: ${JSON.stringify(over)}; at the market: ${JSON.stringify(at)}`;
      expect(over?.rating, label).toMatch(/^(HIGH|TOO_HIGH)$/);
      expect(at?.rating, label).toBe("FAIR");
    }
  });

  // A wave of new accounts priced inside the newcomer cut (+9 %): a quarter's weight in the family's median, but in the
  // least-squares level each car weighs its seller's share times its biweight, so twelve accounts' twenty-four cars
  // lean on four dealers' eight cars' worth.
  it("twelve new accounts 9 % over a family of four dealers do not make a car 10 % over the market fair", async () => {
    const { maker, model } = await establishedFamily(40, 4);
    for (let a = 0; a < 12; a++) {
      const account = (await signedInUser()).user.id;
      for (const step of [a, a + 12]) {
        const car = carOf(maker.id, model.id, step);
        const price = Math.round((car.price ?? 0) * 1.09);
        await publishedPosting({ userId: account, ...car, price, searchPrice: price });
      }
    }
    const { over, at } = await overAndAt(maker.id, model.id);
    expect(over?.rating, `+10 %: ${JSON.stringify(over)}; at the market: ${JSON.stringify(at)}`).toMatch(
      /^(HIGH|TOO_HIGH)$/,
    );
    expect(at?.rating, JSON.stringify(at)).toBe("FAIR");
  });
});

describe("honest cars and the standing rule (decision 088)", () => {
  // Most private sellers sign up to sell one car, so a private car is "not established" for the month it is usually
  // on sale. Twenty-eight private sellers (one car each, cars up two weeks) against four established dealers with
  // three cars each 25 % dearer: with the private sellers' accounts three months old, a car at the price most of
  // the family asks is fair (the control); with their accounts signed up this month (the usual private seller), they
  // weigh a quarter in the family's median and the same car is "Dobra cena" or "Odlična cena" (the review: −6 % to −15 % as the rest of the market varies, against −0.7 %).
  it("a car at the price most of its family asks is fair, though most of its sellers signed up this month", async () => {
    for (const accountDays of [90, 20]) {
      const { maker, model } = await establishedFamily(12, 4, 1.25);
      for (let i = 0; i < 28; i++) {
        const seller = (await signedInUser({ registeredAt: daysAgo(accountDays) })).user.id;
        await publishedPosting({ userId: seller, publishedAt: daysAgo(14), ...carOf(maker.id, model.id, 12 + i) });
      }
      const { at } = await overAndAt(maker.id, model.id);
      const label = `private sellers signed up ${accountDays} days ago; at the price 28 of 40 cars ask: ${JSON.stringify(at)}`;
      expect(at?.rating, label).toBe("FAIR");
    }
  });
});

describe("a family of two trims (decision 088)", () => {
  // Held: the trim is no feature of the fit, so a family of two trims is two clusters of prices. Twenty-six cars of the
  // plain trim and fourteen 30 % dearer, from twenty established sellers: the dearer third is off the family's median
  // and weighs little, and a plain car at the plain price is still fair (not "Dobra cena" against a level pulled up
  // by the dear trim, as the least-squares level would put it).
  it("a plain-trim car is not rated a bargain in a family a third of which is a dearer trim: the family is not rated", async () => {
    const { maker, model } = await makeAndModel();
    const sellers: number[] = [];
    for (let s = 0; s < 20; s++) sellers.push((await signedInUser({ registeredAt: daysAgo(90) })).user.id);
    for (let i = 0; i < 40; i++) {
      const car = carOf(maker.id, model.id, i);
      const price = Math.round((car.price ?? 0) * (i % 20 >= 13 ? 1.3 : 1));
      await publishedPosting({ userId: sellers[i % 20], publishedAt: daysAgo(40), ...car, price, searchPrice: price });
    }
    // A third of the family 30 % dearer, from several sellers: the family is contested (which trim a car is, the fit
    // cannot tell), so no car of it is rated rather than a plain car rated a bargain against the dear trim's level.
    const { at } = await overAndAt(maker.id, model.id);
    expect(at?.rating, JSON.stringify(at)).toBe("NOT_ENOUGH_DATA");
  });
});

describe("price-cut e-mails and the drop mark against what buyers saw (migration 0035)", () => {
  /** A posting published through the API (`car`: its price type and amount), and a buyer watching it. */
  async function watched(car: { priceType: "NORMAL" | "NEGOTIABLE"; price: number }) {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const draft = await draftOf(seller.user.id, { ...carOf(maker.id, model.id, 2), ...car, searchPrice: car.price });
    const published = await send(`/draft/${draft.code}/publish`, seller.cookie);
    expect(published.status, await published.text()).toBe(200);
    const buyer = await signedInUser();
    expect((await like(draft.code, buyer.cookie)).status).toBe(201);
    expect((await alert(draft.code, buyer.cookie, true)).status).toBe(200);
    const save = (body: object) => send(`/draft/${draft.code}`, seller.cookie, body);
    return { seller, buyer, posting: draft, save };
  }

  // Published "Po dogovoru" with 15.000 € entered (never shown), lowered to 12.000 € while still "Po dogovoru", then
  // shown at 12.000 €: the buyer who asked gets "15.000 € → 12.000 €" and the card a 3.000 € drop mark, for a price
  // nobody could see. The 30-day low counts amounts entered while the price was hidden; shown_price is null (never
  // shown), which the trigger reads as "unknown: tell". A seller can stage a fake reduction this way.
  it("a price first shown after 'Po dogovoru' is no cut from an amount buyers never saw", async () => {
    const { buyer, posting, save } = await watched({ priceType: "NEGOTIABLE", price: 1_500_000 });
    expect((await save({ priceType: "NEGOTIABLE", price: 1_200_000 })).status).toBe(200);
    expect((await save({ priceType: "NORMAL", price: 1_200_000 })).status).toBe(200);
    const mails = (await emailsTo(buyer.user.email)).map((m) => m.text);
    expect(mails, "no e-mail of a cut from 15.000 €").toEqual([]);
    expect((await rowOf(posting.id))?.lastPriceChange, "no drop mark on the card").toBeNull();
  });

  // Buyers saw 12.500 €; the seller went "Po dogovoru", entered 11.000 €, then 11.500 €, and showed 11.500 €. Buyers
  // see 12.500 € → 11.500 €, a real cut of 1.000 €; the 30-day low is the hidden 11.000 €, so nothing is told.
  it("a cut from the last shown price is told even when a lower amount was entered while 'Po dogovoru'", async () => {
    const { buyer, posting, save } = await watched({ priceType: "NORMAL", price: 1_250_000 });
    expect((await save({ priceType: "NEGOTIABLE", price: 1_250_000 })).status).toBe(200);
    expect((await save({ priceType: "NEGOTIABLE", price: 1_100_000 })).status).toBe(200);
    expect((await save({ priceType: "NEGOTIABLE", price: 1_150_000 })).status).toBe(200);
    expect((await save({ priceType: "NORMAL", price: 1_150_000 })).status).toBe(200);
    const mails = (await emailsTo(buyer.user.email)).map((m) => m.text);
    expect(mails.join("\n"), `the cut buyers see; card mark ${(await rowOf(posting.id))?.lastPriceChange}`).toContain(
      "12.500 € → 11.500 €",
    );
  });

  // A moderator hid the car; the seller cut 12.500 € to 11.000 € meanwhile; unhidden, the cut is queued (0035) for the
  // daily job. Before it runs the seller goes "Po dogovoru" with 9.000 € entered: that save drains the queue, and the
  // e-mail is built from the posting's amount now (priceDropRecipients reads search_price, not whether it shows), so
  // the buyer is told "12.500 € → 9.000 €" of a price that is "Po dogovoru".
  it("a queued cut e-mailed after the price went 'Po dogovoru' does not give away the amount the seller keeps", async () => {
    const { buyer, posting, save } = await watched({ priceType: "NORMAL", price: 1_250_000 });
    await db().update(postings).set({ hidePosting: true }).where(eq(postings.id, posting.id));
    expect((await save({ priceType: "NORMAL", price: 1_100_000 })).status).toBe(200);
    await db().update(postings).set({ hidePosting: false }).where(eq(postings.id, posting.id));
    expect((await save({ priceType: "NEGOTIABLE", price: 900_000 })).status).toBe(200);
    const mails = (await emailsTo(buyer.user.email)).map((m) => m.text ?? "");
    expect(
      mails.filter((m) => m.includes("9.000 €")),
      "the amount kept 'Po dogovoru'",
    ).toEqual([]);
  });

  // Held: a special price on and off and on again, "Po dogovoru" and back, taken down and back:
  // one e-mail, for the one cut, and the history still ends at the asking price.
  it("tells a special-price cut once through every show-and-hide game, and the history ends at the asking price", async () => {
    const { seller, buyer, posting, save } = await watched({ priceType: "NORMAL", price: 1_250_000 });
    // Session 23: the special price shows (and is the search price) only as an "Akcijska cena" (`priceDisplay`);
    // this test saved it beside a NORMAL price, which the page never showed.
    const status = (to: string) => send(`/postings/${posting.code}/status`, seller.cookie, { status: to });
    expect((await save({ priceType: "SPECIAL_OFFER", price: 1_250_000, specialPrice: 1_100_000 })).status).toBe(200);
    expect((await save({ priceType: "NORMAL", price: 1_250_000, specialPrice: null })).status).toBe(200);
    expect((await save({ priceType: "SPECIAL_OFFER", price: 1_250_000, specialPrice: 1_100_000 })).status).toBe(200);
    expect((await save({ priceType: "NEGOTIABLE" })).status).toBe(200);
    expect((await save({ priceType: "SPECIAL_OFFER" })).status).toBe(200);
    expect((await status("REMOVED")).status).toBe(200);
    expect((await status("PUBLISHED")).status).toBe(200);
    expect((await save({ priceType: "SPECIAL_OFFER", price: 1_250_000, specialPrice: 1_100_000 })).status).toBe(200);
    const mails = (await emailsTo(buyer.user.email)).map((m) => m.text);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("12.500 € → 11.000 €");
    const violations = (await findIntegrityViolations(env.DB)).filter(
      (v) => v.id === posting.id && /price history/.test(v.rule),
    );
    expect(violations).toEqual([]);
  });
});

describe("no rating while the price is not market data (decision 088)", () => {
  // Held: with the estimate now kept while the price cannot be seen, no way of hiding the price leaves a rating on
  // the page, the card or the `priceRating` filter; back at the same facts and price, the run's rating returns.
  it("a rated car shows no rating 'Po dogovoru' or new, and its rating again when shown", async () => {
    const { maker, model } = await establishedFamily(40, 20);
    const seller = await signedInUser();
    const facts = carOf(maker.id, model.id, 5);
    const cheap = Math.round((facts.price ?? 0) * 0.8);
    const mine = await publishedPosting({ userId: seller.user.id, ...facts, price: cheap, searchPrice: cheap });
    await recomputeMarketValues(db());
    const seen = async () => ({
      page: (await detailOf(mine.code)).marketValue?.rating ?? null,
      filter: (await ratedCodes(maker.code, "GREAT")).includes(mine.code),
      column: (await rowOf(mine.id))?.priceRating ?? null,
    });
    expect(await seen()).toEqual({ page: "GREAT", filter: true, column: "GREAT" });
    const save = (body: object) => send(`/draft/${mine.code}`, seller.cookie, body);
    const hides: [string, () => Promise<Response>, () => Promise<Response>][] = [
      ["Po dogovoru", () => save({ priceType: "NEGOTIABLE" }), () => save({ priceType: "NORMAL", price: cheap })],
      ["new", () => save({ condition: "BRAND_NEW" }), () => save({ condition: "USED" })],
    ];
    for (const [label, hide, show] of hides) {
      const hidden = await hide();
      expect(hidden.status, `${label}: ${await hidden.text()}`).toBe(200);
      expect(await seen(), label).toEqual({ page: null, filter: false, column: null });
      const shown = await show();
      expect(shown.status, `${label} back: ${await shown.text()}`).toBe(200);
      expect(await seen(), `${label} back`).toEqual({ page: "GREAT", filter: true, column: "GREAT" });
    }
  });

  // The decision says taking a car down clears its rating like "Po dogovoru" does; the status route values a posting
  // only when it goes back up, so a taken-down car keeps "Odlična cena" in its seller's list (and the dealer's stock
  // list and export, and `sort=market`) until the next daily run.
  it("a car taken down loses its rating at once, as one switched to 'Po dogovoru' does", async () => {
    const { maker, model } = await establishedFamily(40, 20);
    const seller = await signedInUser();
    const facts = carOf(maker.id, model.id, 5);
    const cheap = Math.round((facts.price ?? 0) * 0.8);
    const mine = await publishedPosting({ userId: seller.user.id, ...facts, price: cheap, searchPrice: cheap });
    await recomputeMarketValues(db());
    expect((await rowOf(mine.id))?.priceRating).toBe("GREAT");
    expect((await send(`/postings/${mine.code}/status`, seller.cookie, { status: "REMOVED" })).status).toBe(200);
    const list = (await (await send("/draft?size=50", seller.cookie)).json()) as {
      postings: { code: string; status: string; priceRating: string | null }[];
    };
    expect(list.postings.find((p) => p.code === mine.code)).toMatchObject({ status: "REMOVED", priceRating: null });
  });

  // The run found too few cars to rate it: "Ni dovolj podatkov" on the page. "Po dogovoru" clears the rating; back at the
  // same facts and price the kept estimate has no mid, so the trigger of 0035 leaves the rating empty, and the
  // one-car valuation keeps the stored estimate without writing: the page's box is gone until the next daily run.
  it("a car the run could not rate says 'Ni dovolj podatkov' again after 'Po dogovoru' and back", async () => {
    // A damaged car in a family where nobody else's is: fewer than three cars share its state, whatever else is on sale.
    const { maker, model } = await establishedFamily(40, 20);
    const seller = await signedInUser();
    const facts = carOf(maker.id, model.id, 5, { damage: "DAMAGED" });
    const mine = await publishedPosting({ userId: seller.user.id, ...facts });
    await recomputeMarketValues(db());
    expect((await detailOf(mine.code)).marketValue?.rating).toBe("NOT_ENOUGH_DATA");
    expect((await send(`/draft/${mine.code}`, seller.cookie, { priceType: "NEGOTIABLE" })).status).toBe(200);
    expect((await send(`/draft/${mine.code}`, seller.cookie, { priceType: "NORMAL", price: facts.price })).status).toBe(
      200,
    );
    expect((await detailOf(mine.code)).marketValue?.rating ?? null).toBe("NOT_ENOUGH_DATA");
  });
});
