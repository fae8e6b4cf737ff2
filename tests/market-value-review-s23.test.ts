import { describe, expect, it } from "vitest";
import { comparablesHref } from "~/domain/market-value/display";
import { recomputeMarketValues } from "~/services/market-value.server";
import { call, db, dealerUser, emailsTo, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import { alert, carOf, detailOf, like, market, send, carOnSale } from "./market-fixtures";

/**
 * Session 23: a stranger's final review of issue 28 (decision 088) as buyer, seller, dealer and attacker. The tests
 * that fail expose a defect still open; the passing ones are attacks that held.
 */

const api = "/internal-api/v1";
const save = (code: string, cookie: string, body: unknown) => send(`/draft/${code}`, cookie, body);
type Fav = { card: { code: string; price: number | null }; priceAtLike: number | null; priceDrop: number | null };
const favouritesOf = async (cookie: string) =>
  (await (await call(`${api}/favorites`, { headers: { cookie } })).json()) as Fav[];
type Card = { code: string; priceType: string; price: number | null; specialPrice: number | null };
const cardsOf = async (query: string, cookie?: string) =>
  ((await (await send(`/marketplace/search?${query}`, cookie)).json()) as { results: Card[] }).results;

/** A private seller's published car at 10.000 €, in a make of its own. */
const carAt10k = () => carOnSale(1_000_000);

describe("review s23: the amount a seller keeps 'Po dogovoru'", () => {
  // DEFECT: the card and the posting's data carry `price` whatever the price type; the page says "Po dogovoru" but
  // any visitor (signed out) reads the kept amount from the search API or the page's own data.
  it("a 'Po dogovoru' car's kept amount is in no search result nor in the posting's data a visitor reads", async () => {
    const { seller, maker, posting } = await carAt10k();
    expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 870_000 })).status).toBe(200);
    const [card] = (await cardsOf(`model=${maker.code}`)).filter((c) => c.code === posting.code);
    expect(card?.priceType).toBe("NEGOTIABLE");
    const detail = (await (await send(`/postings/${posting.code}`)).json()) as { price: number | null };
    expect({ card: card?.price, detail: detail.price }, "a visitor reads the kept 8.700 €").toEqual({
      card: null,
      detail: null,
    });
  });

  // DEFECT: the favourite keeps the price at the like (the search price, "Po dogovoru" or not) and shows the drop
  // from it: a buyer who liked the car at 10.000 € sees "Cena nižja za 1.300 €" on a car now "Po dogovoru", and one
  // who likes it while "Po dogovoru" gets the kept amount as `priceAtLike`.
  it("a buyer learns no kept amount from the favourites: no drop shown, no price at the like", async () => {
    const { seller, posting } = await carAt10k();
    const early = await signedInUser();
    expect((await like(posting.code, early.cookie)).status).toBe(201);
    expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 870_000 })).status).toBe(200);
    const late = await signedInUser();
    expect((await like(posting.code, late.cookie)).status).toBe(201);
    const [earlyFav] = (await favouritesOf(early.cookie)).filter((f) => f.card.code === posting.code);
    const [lateFav] = (await favouritesOf(late.cookie)).filter((f) => f.card.code === posting.code);
    expect(
      { earlyDrop: earlyFav?.priceDrop, lateAtLike: lateFav?.priceAtLike },
      "the favourites give away 8.700 €",
    ).toEqual({ earlyDrop: null, lateAtLike: null });
  });

  // DEFECT: the history hides itself only while the price is "Po dogovoru"; once shown again it lists every change,
  // amounts typed while nobody could see them included ("Cena znižana za 3.000 €" from a price never shown).
  it("the price history after 'Po dogovoru' and back names only prices buyers could see", async () => {
    const { seller, posting } = await carAt10k();
    expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 700_000 })).status).toBe(200);
    expect((await save(posting.code, seller.cookie, { priceType: "NEGOTIABLE", price: 800_000 })).status).toBe(200);
    expect((await save(posting.code, seller.cookie, { priceType: "NORMAL", price: 950_000 })).status).toBe(200);
    const history = (await detailOf(posting.code)).priceHistory;
    const amounts = history.flatMap((c) => [c.oldPrice, c.newPrice]);
    expect(amounts, "buyers saw 10.000 € and 9.500 € only").not.toContain(700_000);
    expect(amounts).not.toContain(800_000);
    expect(amounts).toContain(950_000);
  });
});

describe("review s23: price games", () => {
  // DEFECT: the search price (what the fit, the rating, the price filter and the sort use) is the special price
  // whenever one is stored (`searchPriceOf`), but the page shows a NORMAL posting's regular price: a seller who had a
  // special offer and went back to a regular price gets "Odlična cena" beside a fair regular price, and the card sits
  // under a price filter and a "Najboljša cena" sort at an amount no buyer is offered.
  it("a NORMAL price with a special price left beside it is rated as the price the page shows", async () => {
    const { maker, model } = await market(40);
    await recomputeMarketValues(db());
    const seller = await signedInUser();
    const at = carOf(maker.id, model.id, 7);
    const draft = await publishedPosting({ userId: seller.user.id, ...at, status: "DRAFT", publishedAt: null });
    const fair = at.price ?? 0;
    // As the wizard saves, field by field: first an offer with a special price, then the price type back to the
    // regular one (the special price field moves behind "Več podatkov" and keeps its value).
    const offer = await save(draft.code, seller.cookie, {
      priceType: "SPECIAL_OFFER",
      price: fair,
      specialPrice: Math.round((fair * 0.75) / 100) * 100,
    });
    expect(offer.status).toBe(200);
    expect((await save(draft.code, seller.cookie, { priceType: "NORMAL" })).status).toBe(200);
    expect((await send(`/draft/${draft.code}/publish`, seller.cookie)).status).toBe(200);
    const detail = (await (await send(`/postings/${draft.code}`)).json()) as {
      price: number;
      priceType: string;
      marketValue: { rating: string } | null;
    };
    // The price block shows the regular price (priceDisplay: NORMAL → price).
    expect(detail.priceType).toBe("NORMAL");
    expect(detail.price).toBe(fair);
    expect(detail.marketValue?.rating, "a fair regular price rated on a hidden special price").not.toMatch(
      /^(GREAT|GOOD)$/,
    );
  });
});

describe("review s23: the buyer's search", () => {
  // DEFECT (low): "Poglej primerljiva vozila" searches the model and the years only, so a used car's comparables
  // page lists brand-new cars of the model (neither market data nor rated), beside the N the section counts.
  it("a used car's 'Poglej primerljiva vozila' lists no brand-new cars", async () => {
    const { maker, model } = await market(12);
    const dealer = (await signedInUser()).user.id;
    for (let i = 0; i < 4; i++)
      await publishedPosting({
        userId: dealer,
        ...carOf(maker.id, model.id, i),
        vehicleCondition: "BRAND_NEW",
        odometerKm: 10,
      });
    const seller = await signedInUser();
    const mine = await publishedPosting({ userId: seller.user.id, ...carOf(maker.id, model.id, 7) });
    await recomputeMarketValues(db());
    const mv = (await detailOf(mine.code)).marketValue;
    expect(mv?.scope).toBe("MODEL");
    const href = comparablesHref({
      scope: "MODEL",
      yearFrom: mv?.yearFrom ?? 0,
      yearTo: mv?.yearTo ?? 0,
      manufacturerCode: maker.code,
      modelCode: model.code,
      body: "STATION_WAGON",
      powerKw: 96,
    });
    const found = (await (await send(`/marketplace/search?${href.split("?")[1]}&size=50`)).json()) as {
      results: { condition: string | null }[];
    };
    expect(found.results.length).toBeGreaterThanOrEqual(mv?.comparables ?? 99);
    expect(found.results.filter((c) => c.condition === "BRAND_NEW")).toHaveLength(0);
  });

  // DEFECT (product, medium): every sort lists featured (paid) postings first, "Najboljša cena glede na trg" too: a
  // seller who pays for featuring puts a "Previsoka cena" car above every "Odlična" and "Dobra cena" one in the sort
  // that promises the best prices against the market. The rating cannot be bought; the place in that sort can.
  it("in 'Najboljša cena glede na trg' a paid 'Previsoka cena' car is not listed above better-priced cars", async () => {
    const { maker, model } = await market(12);
    const at = carOf(maker.id, model.id, 7);
    const dear = Math.round((at.price ?? 0) * 1.3);
    const payer = await signedInUser();
    const featured = await publishedPosting({
      userId: payer.user.id,
      ...at,
      price: dear,
      searchPrice: dear,
      featuredUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      featuredPackage: "STANDARD",
    });
    await recomputeMarketValues(db());
    const results = (
      (await (await send(`/marketplace/search?model=${maker.code}&sort=bestPrice&size=50`)).json()) as {
        results: { code: string; priceRating: string | null }[];
      }
    ).results;
    const paid = results.findIndex((c) => c.code === featured.code);
    expect(results[paid]?.priceRating).toBe("TOO_HIGH");
    const better = results.findIndex((c) => c.priceRating === "FAIR" || c.priceRating === "GOOD");
    expect(better).toBeGreaterThanOrEqual(0);
    expect(paid, "the paid car's place in the best-price sort").toBeGreaterThan(better);
  });
});

describe("review s23: drop e-mails", () => {
  // DEFECT (spam): a favourite's alert e-mails every reduction, each in its own e-mail, with no pause: a seller (or
  // anyone with the seller's account) can send each watching buyer one e-mail per 1 € cut, as fast as they save.
  it("a seller's ten 1 € cuts in a row do not send a watching buyer ten e-mails", async () => {
    const { seller, posting } = await carAt10k();
    const buyer = await signedInUser();
    expect((await like(posting.code, buyer.cookie)).status).toBe(201);
    expect((await alert(posting.code, buyer.cookie, true)).status).toBe(200);
    for (let i = 1; i <= 10; i++)
      expect(
        (await save(posting.code, seller.cookie, { priceType: "NORMAL", price: 1_000_000 - i * 100 })).status,
      ).toBe(200);
    const mails = await emailsTo(buyer.user.email);
    expect(mails.length, mails.map((m) => m.text?.split("\n")[2]).join(" | ")).toBeLessThanOrEqual(2);
  });
});

describe("review s23: the seller's cut, raise and cut again (held)", () => {
  it("the watching buyer is told each new low once, from the lowest price of the 30 days, never of a raise", async () => {
    const { seller, posting } = await carAt10k();
    const buyer = await signedInUser();
    expect((await like(posting.code, buyer.cookie)).status).toBe(201);
    expect((await alert(posting.code, buyer.cookie, true)).status).toBe(200);
    const price = async (euros: number) =>
      expect((await save(posting.code, seller.cookie, { priceType: "NORMAL", price: euros * 100 })).status).toBe(200);
    await price(9_200);
    await price(9_800);
    await price(9_500);
    expect((await emailsTo(buyer.user.email)).map((m) => m.subject)).toHaveLength(1);
    await price(9_000);
    const mails = await emailsTo(buyer.user.email);
    expect(mails.map((m) => /• .*?: (.*)/.exec(m.text ?? "")?.[1])).toEqual([
      "10.000 € → 9.200 € (−800 €)",
      "9.200 € → 9.000 € (−200 €)",
    ]);
    // The page's history lists every shown price, newest first.
    const history = (await detailOf(posting.code)).priceHistory.map((c) => [c.oldPrice, c.newPrice]);
    expect(history).toEqual([
      [950_000, 900_000],
      [980_000, 950_000],
      [920_000, 980_000],
      [1_000_000, 920_000],
    ]);
  });
});

describe("review s23: attacks that held", () => {
  it("bad filters, ids and bodies are a Slovenian 4xx or ignored, never a 500; another user's estimate is 403", async () => {
    const { seller, posting } = await carAt10k();
    const buyer = await signedInUser();
    await like(posting.code, buyer.cookie);
    for (const q of [
      "priceRating=great",
      "priceRating=GREAT,,GOOD",
      "priceRating=FOO",
      "priceRating=",
      "priceRating=NOT_ENOUGH_DATA",
      "priceRating=GREAT&priceRating=GOOD",
      "sort=bestPrice&sort=newest",
      "sort=BESTPRICE",
      "priceRating[]=GREAT",
      "priceRating=%00",
      `priceRating=${"GREAT,".repeat(500)}`,
    ]) {
      const res = await send(`/marketplace/search?${q}&size=3`);
      expect(res.status, q).toBeLessThan(500);
      if (res.status >= 400) expect(((await res.json()) as { message: string }).message).toMatch(/[a-zčšž]/);
    }
    for (const body of [{ on: "yes" }, {}, [], null, "on"]) {
      const res = await call(`${api}/postings/${posting.code}/favorite/price-alert`, {
        ...json(body as unknown, buyer.cookie),
        method: "PUT",
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const code of ["x", "0", "-1", "%00", "a".repeat(300), "99999999999999999999"]) {
      const alertRes = await call(`${api}/postings/${code}/favorite/price-alert`, {
        ...json({ on: true }, buyer.cookie),
        method: "PUT",
      });
      expect([400, 404], code).toContain(alertRes.status);
      expect([400, 404], code).toContain((await send(`/draft/${code}/market-value`, buyer.cookie)).status);
    }
    const foreign = await send(`/draft/${posting.code}/market-value`, buyer.cookie);
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { message: string }).message).toBe("Nimate dostopa do tega oglasa.");
    expect((await send(`/draft/${posting.code}/market-value`, seller.cookie)).status).toBe(200);
  });

  it("a dealer's stock sorts by the rating, best first and unrated last, and another dealer reads none of it", async () => {
    const { maker, model } = await market(40);
    const dealer = await dealerUser();
    const rival = await dealerUser();
    const shop = dealer.user.dealershipId ?? 0;
    const at = carOf(maker.id, model.id, 7);
    const fair = at.price ?? 0;
    const priced = (by: number) => ({ price: Math.round(fair * by), searchPrice: Math.round(fair * by) });
    const cars: { code: string }[] = [];
    for (const by of [1.15, 0.8, 1.0])
      cars.push(await publishedPosting({ userId: dealer.user.id, dealershipId: shop, ...at, ...priced(by) }));
    const loner = await makeAndModel();
    const unrated = await publishedPosting({
      userId: dealer.user.id,
      dealershipId: shop,
      // A hidden VIN nobody else of its make shares: "Ni dovolj podatkov", whatever else the shared D1 holds.
      ...carOf(loner.maker.id, loner.model.id, 1, { hiddenVin: true }),
    });
    await recomputeMarketValues(db());
    const list = (await (await send("/draft?includeDealership=true&sort=market&size=100", dealer.cookie)).json()) as {
      postings: { code: string; priceRating: string | null }[];
    };
    const mine = list.postings.filter((p) => [...cars, unrated].some((c) => c.code === p.code));
    expect(mine.map((p) => `${p.code} ${p.priceRating}`)).toEqual(
      [cars[1], cars[2], cars[0], unrated].map(
        (c) => `${c?.code} ${mine.find((p) => p.code === c?.code)?.priceRating}`,
      ),
    );
    expect(mine.slice(0, 3).map((p) => p.priceRating)).toEqual(["GREAT", "FAIR", "TOO_HIGH"]);
    // The rival's stock list is its own; the dealer's cars are not its to read, nor their estimates.
    const rivals = (await (await send("/draft?includeDealership=true&sort=market&size=100", rival.cookie)).json()) as {
      postings: { code: string }[];
    };
    expect(rivals.postings.map((p) => p.code)).not.toContain(cars[0]?.code);
    expect((await send(`/draft/${cars[0]?.code}/market-value`, rival.cookie)).status).toBe(403);
    expect((await send(`/draft/${cars[0]?.code}`, rival.cookie)).status).toBe(403);
  });
});
