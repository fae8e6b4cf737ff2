import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findIntegrityViolations } from "~/db/data-integrity.server";
import { postings } from "~/db/schema/postings";
import { recomputeMarketValues } from "~/services/market-value.server";
import { outboxEmailProvider } from "~/services/providers/email.server";
import { sendSavedSearchAlerts } from "~/services/saved-searches.server";
import { call, db, dealerUser, emailsTo, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import {
  carOf,
  detailOf,
  draftOf,
  estimateOf,
  market,
  ratedCodes,
  send,
  carOnSale as carOnSaleAt,
} from "./market-fixtures";

/**
 * A stranger's attacker-and-buyer review of session 20's market-value changes (issue 28, decision 088): the attacks
 * that broke something and are fixed (a corrected year or mileage, a moderator's correction, a save during the daily
 run) and the best of those that held. Those still open are in decision 088.
 */

const api = "/internal-api/v1";

describe("review s20: a rating nobody deserves", () => {
  // FIXED (was a defect until migration 0033): a car the daily run valued keeps the run's estimate "whatever its seller saves" (session 19), so
  // facts entered two years younger are rated against the younger car's market until the next run, after the
  // seller corrects them; the wizard, which values the car as it is now, says something else.
  it("a car published two years younger than it is loses its 'Odlična cena' once the seller corrects the year, as the wizard says", async () => {
    const { maker, model } = await market(40);
    const seller = await signedInUser();
    // Step 3 is a 2018 car, step 5 a 2020 one: the seller asks a fair 2018 price and enters 2020.
    const real = carOf(maker.id, model.id, 3);
    const claimed = carOf(maker.id, model.id, 5, { price: real.price, searchPrice: real.price });
    const mine = await publishedPosting({ userId: seller.user.id, ...claimed });
    await recomputeMarketValues(db());
    const before = (await detailOf(mine.code)).marketValue;
    expect(before?.rating, "the flattering facts look cheap").toMatch(/^(GREAT|GOOD)$/);
    // The seller corrects the year and mileage to the real car's (a buyer would have noticed).
    const res = await send(`/draft/${mine.code}`, seller.cookie, {
      modelYear: real.modelYear,
      odometerKm: real.odometerKm,
    });
    expect(res.status).toBe(200);
    const wizard = await estimateOf(mine.code, seller.cookie);
    expect(wizard.rating, "the wizard rates the car as it is").toMatch(/^(FAIR|HIGH|GOOD)$/);
    const page = (await detailOf(mine.code)).marketValue;
    // The page (and the priceRating filter) should say what the wizard says about the same posting.
    expect(page?.rating, `page ${JSON.stringify(page)} vs wizard ${JSON.stringify(wizard)}`).toBe(wizard.rating);
    expect(page?.yearFrom ?? 0).toBeLessThanOrEqual(real.modelYear ?? 0);
  });

  // FIXED (was a defect): a moderator's correction of the year and mileage (POST posting-review/{code}) values nothing:
  // a car valued at its publish keeps the estimate of the younger car it claimed to be until the next run, even
  // though it was not in the run (no "keep the run's estimate" reason); only the owner's edits start `valuePosting`.
  it("a moderator's correction of the year re-rates a car published after the daily run", async () => {
    const { maker, model } = await market(40);
    await recomputeMarketValues(db());
    const seller = await signedInUser();
    const real = carOf(maker.id, model.id, 3);
    const claimed = carOf(maker.id, model.id, 5, { price: real.price, searchPrice: real.price });
    const draft = await draftOf(seller.user.id, claimed);
    expect((await send(`/draft/${draft.code}/publish`, seller.cookie)).status).toBe(200);
    expect((await detailOf(draft.code)).marketValue?.rating).toMatch(/^(GREAT|GOOD)$/);
    const editor = await signedInUser({ amzsPostingEditor: true });
    const corrected = await send(`/posting-review/${draft.code}`, editor.cookie, {
      badgeVerified: false,
      badgeGoodBuy: false,
      badgePromising: false,
      modelYear: real.modelYear,
      odometerKm: real.odometerKm,
    });
    expect(corrected.status).toBe(200);
    const wizard = await estimateOf(draft.code, seller.cookie);
    const page = (await detailOf(draft.code)).marketValue;
    expect(page?.rating, `page ${JSON.stringify(page)} vs wizard ${JSON.stringify(wizard)}`).toBe(wizard.rating);
    expect(await ratedCodes(maker.code, "GREAT")).not.toContain(draft.code);
  });

  // FIXED (was a defect until migration 0033): a seller who saves while the daily run is running (after its `readAt`) is skipped by the run's
  // write and keeps the previous run's estimate; its `computed_at` is then not the stored market's, so
  // `valuePosting` no longer stops for it, and re-saving the same region values it with its own price inside the new
  // run's fit: the session-19 re-save game is back for any car saved during a run. (The save during the run is
  // simulated by its `updated_at` after the run's start; the run itself is `recomputeMarketValues`.)
  it("a car saved during the daily run cannot better its estimate by saving its region again", async () => {
    const { maker, model } = await market(40);
    const seller = await signedInUser();
    const facts = carOf(maker.id, model.id, 3);
    const high = Math.round((facts.price ?? 0) * 1.2);
    const mine = await publishedPosting({ userId: seller.user.id, ...facts, price: high, searchPrice: high });
    await recomputeMarketValues(db());
    expect((await detailOf(mine.code)).marketValue?.mid).toBeGreaterThan(0);
    // A save while the next run runs (after it began reading): the same region, nothing changes.
    expect((await send(`/draft/${mine.code}`, seller.cookie, { contactRegion: "MARIBOR" })).status).toBe(200);
    await db()
      .update(postings)
      .set({ updatedAt: new Date(Date.now() + 3_600_000).toISOString() })
      .where(eq(postings.id, mine.id));
    await recomputeMarketValues(db(), new Date(Date.now() + 1_000));
    const settled = (await detailOf(mine.code)).marketValue;
    // The same region again, after the run: nothing about the car changed since either run.
    expect((await send(`/draft/${mine.code}`, seller.cookie, { contactRegion: "MARIBOR" })).status).toBe(200);
    const resaved = (await detailOf(mine.code)).marketValue;
    // What the next run says, leaving the car out of its own fit: the honest rating.
    await recomputeMarketValues(db(), new Date(Date.now() + 2_000));
    const honest = (await detailOf(mine.code)).marketValue;
    expect(honest?.rating).toBe("TOO_HIGH");
    expect(resaved?.rating, `settled ${JSON.stringify(settled)}, re-saved ${JSON.stringify(resaved)}`).toBe(
      honest?.rating,
    );
    // And not nearer the market either: the car's own price in the fit pulls its estimate towards it.
    expect(
      Math.abs((resaved?.deviationBp ?? 0) - (honest?.deviationBp ?? 0)),
      `settled ${JSON.stringify(settled)}, re-saved ${JSON.stringify(resaved)}, honest ${JSON.stringify(honest)}`,
    ).toBeLessThan(50);
  });

  // HOLDS (regression): the state rule and the fit key a dealership's cars by the dealership, not by the account,
  // so a dealer's salespeople are one seller.
  it("a dealership's three salespeople with a damaged car each do not let its fourth damaged car be rated", async () => {
    const { maker, model } = await market(40);
    const dealer = await dealerUser();
    const shop = dealer.user.dealershipId;
    const damaged = (step: number) => carOf(maker.id, model.id, step, { damage: "DAMAGED" });
    for (const step of [1, 2, 3]) {
      const salesperson = await signedInUser({ dealershipId: shop, dealershipRole: "SALESPERSON" as never });
      await publishedPosting({ userId: salesperson.user.id, dealershipId: shop, ...damaged(step) });
    }
    const posted = await publishedPosting({ userId: dealer.user.id, dealershipId: shop, ...damaged(4) });
    const draft = await draftOf(dealer.user.id, { ...damaged(4), dealershipId: shop });
    await recomputeMarketValues(db());
    expect((await detailOf(posted.code)).marketValue?.rating ?? "NOT_ENOUGH_DATA").toBe("NOT_ENOUGH_DATA");
    expect(await estimateOf(draft.code, dealer.cookie)).toMatchObject({ rating: "NOT_ENOUGH_DATA", mid: null });
  });
});

describe("review s20: drops and the price history", () => {
  const carOnSale = () => carOnSaleAt(1_250_000);
  const historyViolations = async (id: number) =>
    (await findIntegrityViolations(env.DB)).filter((v) => v.id === id && /price history/.test(v.rule));

  // HOLDS (regression): every write path the owner has (a price, a special price, "Po dogovoru" and back) leaves a history that ends at the asking price, and the page hides it while the price is "Po dogovoru".
  it("keeps the price history ending at the asking price through special and 'Po dogovoru' prices", async () => {
    const { seller, posting } = await carOnSale();
    const steps = [
      { priceType: "NORMAL", price: 1_200_000 },
      { priceType: "NORMAL", price: 1_200_000, specialPrice: 1_150_000 },
      { priceType: "NORMAL", price: 1_190_000, specialPrice: null },
      { priceType: "NEGOTIABLE", price: 1_100_000 },
      { priceType: "NORMAL", price: 1_180_000 },
    ];
    for (const step of steps) {
      const res = await send(`/draft/${posting.code}`, seller.cookie, step);
      expect(res.status, JSON.stringify(step)).toBe(200);
      expect(await historyViolations(posting.id), JSON.stringify(step)).toEqual([]);
    }
    const detail = await detailOf(posting.code);
    expect(detail.priceHistory[0]?.newPrice).toBe(1_180_000);
    await send(`/draft/${posting.code}`, seller.cookie, { priceType: "NEGOTIABLE" });
    expect((await detailOf(posting.code)).priceHistory).toEqual([]);
  });
});

describe("review s20: saved-search e-mails of drops", () => {
  const runAlerts = (at: Date) => sendSavedSearchAlerts(db(), outboxEmailProvider(db()), "https://avtotrg.si", at);
  const setPrice = (code: string, cookie: string, price: number) =>
    call(`${api}/draft/${code}`, { ...json({ priceType: "NORMAL", price }, cookie), method: "POST" });

  // HOLDS (regression): after one real cut, a seller who cuts 1 € a day is not listed again in every matching saved
  // search's "Nižje cene" e-mail: the 30-day low includes the price just cut to, so the drop is 1 €, under 1 %.
  it("a seller's 1 € cut a day after a real cut does not put the car in the saved searches' e-mails again", async () => {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const posting = await publishedPosting({
      userId: seller.user.id,
      manufacturerId: maker.id,
      baseModelId: model.id,
      fuel: "DIESEL",
      price: 1_250_000,
      searchPrice: 1_250_000,
      publishedAt: hourAgo,
    });
    const buyer = await signedInUser();
    const saved = await call(
      `${api}/saved-searches`,
      json({ name: `Dizli ${maker.code}`, query: `model=${maker.code}&fuel=DIESEL` }, buyer.cookie),
    );
    expect(saved.status).toBe(201);
    // A real cut: 12.500 € → 12.300 € (1,6 %), told in the next e-mail.
    expect((await setPrice(posting.code, seller.cookie, 1_230_000)).status).toBe(200);
    await runAlerts(new Date());
    expect(await emailsTo(buyer.user.email)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The next day, 1 € less.
    expect((await setPrice(posting.code, seller.cookie, 1_229_900)).status).toBe(200);
    await runAlerts(new Date(Date.now() + 86_400_000));
    const mails = await emailsTo(buyer.user.email);
    expect(mails, "the second run sends nothing").toHaveLength(1);
    // A real second cut the day after, 12.299 € → 12.150 € (1,2 %), is told again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await setPrice(posting.code, seller.cookie, 1_215_000)).status).toBe(200);
    await runAlerts(new Date(Date.now() + 2 * 86_400_000));
    const [, second] = await emailsTo(buyer.user.email);
    expect(second?.text).toContain("12.150 €, prej 12.299 €");
  });
});
