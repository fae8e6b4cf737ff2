import { describe, expect, it } from "vitest";
import { baseModels } from "~/db/schema/catalogue";
import { db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import { carOf, market, overAndAt } from "./market-fixtures";

/**
 * Many accounts acting together (decision 088, "many accounts"): a family's level is set where most of its sellers
 * price, weighed by seller (two cars' worth each at most) and by standing (a week on sale), a car far from that centre
 * is out of the fit, and a family whose established sellers disagree is not rated. Session 20's review: eight phone-confirmed accounts with two cars each at
 * +30 % had made a car 10 % over the market "Odlična cena".
 */

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** `count` cars of a fresh family from `sellers` sellers who signed up 90 days ago, on sale for 40 days. */
async function establishedMarket(count: number, sellers: number) {
  const { maker, model } = await makeAndModel();
  const ids: number[] = [];
  for (let s = 0; s < sellers; s++) ids.push((await signedInUser({ registeredAt: daysAgo(90) })).user.id);
  for (let i = 0; i < count; i++)
    await publishedPosting({ userId: ids[i % sellers], publishedAt: daysAgo(40), ...carOf(maker.id, model.id, i) });
  return { maker, model };
}

/** Eight accounts with two cars each 30 % over the market (`age`: when the accounts signed up and the cars went up). */
async function eightAccounts(makeId: number, modelId: number, age: { account: number; posting: number }) {
  for (let a = 0; a < 8; a++) {
    const account = (await signedInUser({ registeredAt: daysAgo(age.account) })).user.id;
    for (const step of [a, a + 8]) {
      const car = carOf(makeId, modelId, step);
      const price = Math.round((car.price ?? 0) * 1.3);
      await publishedPosting({ userId: account, publishedAt: daysAgo(age.posting), ...car, price, searchPrice: price });
    }
  }
}

describe("many accounts acting together (decision 088)", () => {
  it("eight new accounts with two cars 30 % over an established market do not make a car 10 % over it look fair", async () => {
    const { maker, model } = await establishedMarket(40, 4);
    await eightAccounts(maker.id, model.id, { account: 0, posting: 0 });
    const { over, at } = await overAndAt(maker.id, model.id);
    expect(over?.rating, `+10 %: ${JSON.stringify(over)}; at the market: ${JSON.stringify(at)}`).toMatch(
      /^(HIGH|TOO_HIGH)$/,
    );
    expect(at?.rating, JSON.stringify(at)).toBe("FAIR");
  });

  it("established accounts acting together contest the family: nobody in it is rated", async () => {
    // Cars on sale ten days (established) from eight accounts, against forty cars from twenty sellers: more than a
    // quarter of the family's established weight off its centre, from three sellers or more. The family is not rated
    // rather than rated against whichever side weighs more.
    const { maker, model } = await establishedMarket(40, 20);
    await eightAccounts(maker.id, model.id, { account: 60, posting: 10 });
    const { over, at } = await overAndAt(maker.id, model.id);
    expect(over?.rating, `+10 %: ${JSON.stringify(over)}; at the market: ${JSON.stringify(at)}`).toBe(
      "NOT_ENOUGH_DATA",
    );
    expect(at?.rating, JSON.stringify(at)).toBe("NOT_ENOUGH_DATA");
  });

  it("a family without the accounts rates the same two cars alike (the control)", async () => {
    const { maker, model } = await establishedMarket(40, 4);
    const { over, at } = await overAndAt(maker.id, model.id);
    expect(over?.rating).toMatch(/^(HIGH|TOO_HIGH)$/);
    expect(at?.rating).toBe("FAIR");
  });

  it("in a family where everyone is new, the accounts' cars are still market data (nothing tells them apart)", async () => {
    // The limit, stated: with no established seller, standing weighs nobody down; the family's median is then the
    // accounts' if they outweigh the other sellers. Four sellers of ten cars each weigh eight cars' worth, the eight
    // accounts sixteen, so the family's market is theirs: the car 10 % over the honest cars is not rated high.
    const { maker, model } = await market(40);
    await eightAccounts(maker.id, model.id, { account: 0, posting: 0 });
    const { over } = await overAndAt(maker.id, model.id);
    expect(over?.rating === "HIGH" || over?.rating === "TOO_HIGH").toBe(false);
  });
});

describe("accounts alone in sister families of a make (decision 088, 'Session 22')", () => {
  // Eight new accounts in pairs across eight sister families of the thin family's make (two accounts, four cars each
  // per family: fewer than three sellers, so no family of their own), 25 % under the market. Before session 22 they
  // pulled the make's level and depreciation down, and the thin family (twelve cars, three sellers) leant on them: its
  // car at the market came out about 6 % over its mid, "Visoka cena". Now the sister families are off the make's centre
  // and lend it nothing; the control (no accounts) is rated alike.
  it("accounts in pairs across eight sister families, 25 % under, do not make a thin family's honest car look dear", async () => {
    for (const attacked of [false, true]) {
      const { maker, model } = await establishedMarket(12, 3);
      const accounts: number[] = [];
      for (let a = 0; a < 8; a++) accounts.push((await signedInUser()).user.id);
      for (let f = 0; f < (attacked ? 8 : 0); f++) {
        const [sister] = await db()
          .insert(baseModels)
          .values({ manufacturerId: maker.id, code: `sestra-${f}`, name: `Sestra ${f}` })
          .returning();
        for (let i = 0; i < 4; i++) {
          const car = carOf(maker.id, sister?.id ?? 0, i + f);
          const price = Math.round((car.price ?? 0) * 0.75);
          await publishedPosting({ userId: accounts[(2 * f + (i % 2)) % 8], ...car, price, searchPrice: price });
        }
      }
      const { over, at } = await overAndAt(maker.id, model.id);
      const label = `${attacked ? "with" : "without"} the accounts; +10 %: ${JSON.stringify(over)}; at the market: ${JSON.stringify(at)}`;
      expect(over?.rating, label).toMatch(/^(HIGH|TOO_HIGH)$/);
      expect(at?.rating, label).toBe("FAIR");
    }
  });
});
