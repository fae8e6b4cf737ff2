import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postingEquipment, postings } from "~/db/schema/postings";
import { db, dealerUser, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import { carOnSale, send } from "./market-fixtures";

/**
 * Review of session 24 (decision 088, "the price filter and the price sorts read the listed price"): a stranger's
 * attack on "a 'Po dogovoru' price can't be learned through search". Each attack measures what a buyer sees with the
 * car shown at 8.700 €, switches it to "Po dogovoru" keeping 8.700 €, and measures again: every answer that held the
 * car must now hold it no more (one fewer), and every answer must stay the same when the seller then moves the kept
 * amount elsewhere. A difference names the kept amount's bracket.
 *
 * Held (kept here: the best three): kept pairs, edges and complements of two filters, three filters, facets, paging
 * over the featured, priced and key-less segments. Also held, in this file's history (commits d60f11e, 1b5e4ad):
 * count-without-one; hidden, sold and shown again while "Po dogovoru"; bad ranges (no 500); the seller moving the kept
 * amount (card, favourite, history, alert queue, similar cars); the rating, rating filter, best-price place and a
 * neighbour's estimate across a daily run.
 */

type Card = { code: string; priceType: string; price: number | null; specialPrice: number | null };
type Found = { total: number; results: Card[] };
type Facet = { value: string; label?: string; count: number }[];

const find = async (query: string, cookie?: string) => {
  const res = await send(`/marketplace/search?${query.includes("size=") ? "" : "size=96&"}${query}`, cookie);
  expect([query, res.status]).toEqual([query, 200]);
  return (await res.json()) as Found;
};
const codes = (found: Found) => found.results.map((c) => c.code);
const save = (code: string, cookie: string, body: unknown) => send(`/draft/${code}`, cookie, body);
const facet = async (name: string, query: string) => {
  const res = await send(`/marketplace/count-by/${name}?${query}`);
  expect([name, query, res.status]).toEqual([name, query, 200]);
  return (await res.json()) as Facet;
};
const countOf = (rows: Facet, value: string) => rows.find((r) => r.value === value)?.count ?? 0;

/** Unusual facts, so a fresh car is easy to tell apart in the two- and three-filter searches. */
const facts = {
  fuel: "GAS",
  bodyType: "PICKUP",
  transmission: "A",
  color: "BORDEAUX_RED",
  contactRegion: "MURSKA SOBOTA",
  modelYear: 2003,
  odometerKm: 333_333,
  powerKw: 61,
} as const;

/** A private seller's car shown at 8.700 € with navigation, in a make of its own. */
async function shownCar() {
  const { seller, maker, posting } = await carOnSale(870_000, facts);
  await db().insert(postingEquipment).values({ postingId: posting.id, code: "INNER_NAVIGATION" });
  return { seller, maker, posting };
}

const negotiable = async (code: string, cookie: string, cents: number) =>
  expect((await save(code, cookie, { priceType: "NEGOTIABLE", price: cents })).status).toBe(200);

describe("review s24: no search answer brackets a 'Po dogovoru' car's kept amount", () => {
  it("two and three filters with a price range: the total drops by one and no longer moves with the kept amount", async () => {
    const { seller, maker, posting } = await shownCar();
    const m = `model=${maker.code}`;
    // Each query holds the car while its 8.700 € shows: kept pairs (eq×price, price×fuel, …), edges, complements,
    // three filters (count(*)), the price type filter beside a range, and a sort.
    const queries = [
      "eq=INNER_NAVIGATION&price=..8700",
      "eq=INNER_NAVIGATION&price=8500..8999",
      "eq=INNER_NAVIGATION&price=8700..",
      "eq=INNER_NAVIGATION&price=8650..8750",
      "fuel=GAS&price=8700..",
      "fuel=GAS&price=8600..8800",
      "body=PICKUP&price=..8999",
      "transmission=A&price=8500..",
      "color=BORDEAUX_RED&price=..8700",
      "region=MURSKA%20SOBOTA&price=8500..8999",
      "seller=person&price=8700..8700",
      "year=2003..2003&price=..8700",
      "odo=330000..340000&price=8700..",
      "power=61..61&price=8500..8999",
      "odo=333333..333333&price=8000..9999",
      `${m}&price=..8700`,
      `${m}&price=8700..`,
      `${m}&fuel=GAS&price=..8700`,
      `${m}&eq=INNER_NAVIGATION&price=8700..`,
      "fuel=GAS&region=MURSKA%20SOBOTA&price=8500..8999",
      "priceType=NORMAL,NEGOTIABLE&price=..8700",
      `${m}&price=..8700&sort=priceAsc`,
      `${m}&price=8700..&sort=priceDesc`,
      `${m}&price=..8700&sort=bestPrice`,
    ];
    const before = new Map<string, number>();
    for (const q of queries) before.set(q, (await find(q)).total);
    await negotiable(posting.code, seller.cookie, 870_000);
    const during = new Map<string, number>();
    for (const q of queries) {
      const found = await find(q);
      during.set(q, found.total);
      expect([q, found.total]).toEqual([q, (before.get(q) ?? 0) - 1]);
      expect([q, codes(found).includes(posting.code)]).toEqual([q, false]);
    }
    // The seller moves the kept amount far away and back under: no answer moves.
    for (const kept of [2_500_000, 100_000]) {
      await negotiable(posting.code, seller.cookie, kept);
      for (const q of queries) expect([kept, q, (await find(q)).total]).toEqual([kept, q, during.get(q)]);
    }
  });

  it("facet counts under a price range leave it out and stay put when the kept amount moves", async () => {
    const { seller, maker, posting } = await shownCar();
    const m = `model=${maker.code}`;
    // [facet, query, value the car counts under]
    const asks: [string, string, string][] = [
      ["fuel", "price=8500..8999", "GAS"],
      ["fuel", "price=..8700", "GAS"],
      ["body", "price=8500..8999", "PICKUP"],
      ["region", "price=8000..8999", "MURSKA SOBOTA"],
      ["color", "price=8700..", "BORDEAUX_RED"],
      ["transmission", "price=8500..8999", "A"],
      ["seller", "price=8500..8999", "person"],
      ["manufacturer", "price=8500..8999", maker.code],
      ["manufacturer", "price=..8700", maker.code],
      ["model", `${m}&price=..8700`, `${maker.code}(model)`],
      ["eq", `${m}&price=..8700`, "INNER_NAVIGATION"],
      ["eq", "fuel=GAS&price=8500..8999", "INNER_NAVIGATION"],
      ["priceType", `${m}&price=..8700`, "NORMAL"],
      ["fuel", "region=MURSKA%20SOBOTA&price=8500..8999", "GAS"],
    ];
    const before: number[] = [];
    for (const [name, q, v] of asks) before.push(countOf(await facet(name, q), v));
    await negotiable(posting.code, seller.cookie, 870_000);
    const during: number[] = [];
    for (const [i, [name, q, v]] of asks.entries()) {
      const rows = await facet(name, q);
      during.push(countOf(rows, v));
      expect([name, q, countOf(rows, v)]).toEqual([name, q, (before[i] ?? 0) - 1]);
    }
    // "Po dogovoru" itself is never counted inside a price range.
    expect(countOf(await facet("priceType", `${m}&price=..8700`), "NEGOTIABLE")).toBe(0);
    expect(countOf(await facet("priceType", `${m}`), "NEGOTIABLE")).toBe(1);
    await negotiable(posting.code, seller.cookie, 2_500_000);
    for (const [i, [name, q, v]] of asks.entries())
      expect([name, q, countOf(await facet(name, q), v)]).toEqual([name, q, during[i]]);
  });
});

describe("review s24: honest search still finds and orders cars by the price their page shows", () => {
  /** A make with: a featured "Po dogovoru" car, a rental-only car, an "Akcijska cena" car and two priced ones. */
  async function mixedMake() {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const at = (values: Partial<typeof postings.$inferInsert>) =>
      publishedPosting({ userId: seller.user.id, manufacturerId: maker.id, baseModelId: model.id, ...values });
    const cheap = await at({ price: 500_000, searchPrice: 500_000 });
    const dear = await at({ price: 1_500_000, searchPrice: 1_500_000 });
    const offer = await at({ price: 1_400_000, searchPrice: 1_400_000 });
    // "Akcijska cena" 7.000 € (of 14.000 €): set through the seller's save, which writes the search price.
    expect(
      (await save(offer.code, seller.cookie, { priceType: "SPECIAL_OFFER", price: 1_400_000, specialPrice: 700_000 }))
        .status,
    ).toBe(200);
    const rental = await at({
      priceType: "RENTAL_ONLY",
      price: null,
      searchPrice: null,
      hasRentalOptions: true,
      rentalPrices: [{ interval: "DAILY", price: 5_000 }] as never,
    });
    const kept = await at({ price: 100_000, searchPrice: 100_000 });
    await negotiable(kept.code, seller.cookie, 100_000);
    await db()
      .update(postings)
      .set({ featuredUntil: new Date(Date.now() + 86_400_000).toISOString(), featuredPackage: "TOP" as never })
      .where(eq(postings.id, kept.id));
    return { seller, maker, cheap, dear, offer, rental, kept };
  }

  it("every page of both price sorts, one car a page, lists each car once and the totals match", async () => {
    const { maker, cheap, dear, offer, kept, rental } = await mixedMake();
    const m = `model=${maker.code}`;
    for (const sort of ["priceAsc", "priceDesc", "newest", "bestPrice"]) {
      const whole = await find(`${m}&sort=${sort}`);
      expect([sort, whole.total, whole.results.length]).toEqual([sort, 5, 5]);
      const paged: string[] = [];
      for (let offset = 0; offset < 6; offset++) {
        const one = await find(`${m}&sort=${sort}&size=1&offset=${offset}`);
        expect([sort, offset, one.total]).toEqual([sort, offset, 5]);
        paged.push(...codes(one));
      }
      expect([sort, paged]).toEqual([sort, codes(whole)]);
    }
    // Not featured-first by price: the priced cars by the price their page shows (the offer at 7.000 €).
    const asc = codes(await find(`${m}&sort=priceAsc`)).filter((c) => c !== kept.code && c !== rental.code);
    expect(asc).toEqual([cheap.code, offer.code, dear.code]);
    // The offer is found by the price it shows, not its regular 14.000 €.
    expect(codes(await find(`${m}&price=6500..7500`))).toEqual([offer.code]);
    expect(codes(await find(`${m}&price=13500..14500`))).toEqual([]);
    // The featured "Po dogovoru" car: never in a price range, shown with no amount.
    const card = (await find(m)).results.find((c) => c.code === kept.code);
    expect(card).toMatchObject({ priceType: "NEGOTIABLE", price: null, specialPrice: null });
    expect(codes(await find(`${m}&price=..1000`))).toEqual([]);
  });
});

// Was a defect (leak, high), fixed in session 24 (decision 088): a dealer's "Po dogovoru" car with a financing offer at a rate. The server works the financed
// amount and the instalment out from the kept amount (draft-financing.server.ts: financed = price − down payment, the
// price being the kept one), and the page, its data and the PDF sheet show them to every buyer: "Polog 2.000 €, 48
// obrokov po 160,13 €, skupaj 9.686,24 € · obrestna mera 6,9 %, financirani znesek 6.700 €" = 8.700 € kept.
describe("review s24: the posting page's financing offer gives the kept amount away", () => {
  type Offer = {
    downPayment: number;
    monthlyPayment: number;
    months: number;
    total: number;
    financedAmount: number | null;
  };
  type Page = { priceType: string; price: number | null; financingOffers: Offer[] };
  const page = async (code: string, cookie?: string) =>
    (await (await send(`/postings/${code}`, cookie)).json()) as Page;

  it("a dealer's 'Po dogovoru' car with a financing offer at a rate: the visitor's offer does not follow the kept amount", async () => {
    const dealer = await dealerUser();
    const { maker, model } = await makeAndModel();
    const posting = await publishedPosting({
      userId: dealer.user.id,
      dealershipId: dealer.user.dealershipId,
      manufacturerId: maker.id,
      baseModelId: model.id,
      price: 1_000_000,
      searchPrice: 1_000_000,
    });
    // The wizard's "Financiranje" box: down payment, months and rate; the financed amount and the monthly payment left
    // for the server to work out (price-extras.tsx sends them only when typed).
    const offer = { downPayment: 200_000, months: 48, annualRateBasisPoints: 690 };
    const keep = async (cents: number) =>
      expect(
        (await save(posting.code, dealer.cookie, { priceType: "NEGOTIABLE", price: cents, financingOffers: [offer] }))
          .status,
      ).toBe(200);
    await keep(870_000);
    const visitor = await signedInUser();
    const signedOut = await page(posting.code);
    expect(signedOut).toMatchObject({ priceType: "NEGOTIABLE", price: null });
    const seen = signedOut.financingOffers;
    expect(seen).toHaveLength(1);
    // The defect: down payment + financed amount is the kept 8.700 €, to the cent.
    expect(seen.map((o) => o.downPayment + (o.financedAmount ?? 0))).not.toContain(870_000);
    // The seller moves the kept amount: what a buyer reads must not move with it.
    await keep(950_000);
    expect((await page(posting.code)).financingOffers).toEqual(seen);
    expect((await page(posting.code, visitor.cookie)).financingOffers).toEqual(seen);
  });
});

// Was a defect (leak, low), fixed in session 24 (decision 088): the card and the posting's data carry a special price kept beside a normal price ("Normalna
// cena" shows only the price; decision 088's rule and migration 0040 count such an amount as never shown). Anyone
// reading the search API or the page's data ("view source") reads it.
describe("review s24: an amount kept beside a shown price", () => {
  it("a special price kept beside a normal price reaches no visitor's card or page data", async () => {
    const { seller, maker, posting } = await shownCar();
    // "Akcijska cena" 7.900 € of 8.700 €, then back to the normal 8.700 €: the wizard keeps the 7.900 € (session 23).
    expect(
      (await save(posting.code, seller.cookie, { priceType: "SPECIAL_OFFER", price: 870_000, specialPrice: 790_000 }))
        .status,
    ).toBe(200);
    expect((await save(posting.code, seller.cookie, { priceType: "NORMAL", price: 870_000 })).status).toBe(200);
    // Then typed while the price is normal (the API takes it; the page shows only 8.700 €): nobody was shown 7.500 €.
    expect((await save(posting.code, seller.cookie, { specialPrice: 750_000 })).status).toBe(200);
    const card = (await find(`model=${maker.code}`)).results.find((c) => c.code === posting.code);
    expect(card).toMatchObject({ priceType: "NORMAL", price: 870_000 });
    const detail = (await (await send(`/postings/${posting.code}`)).json()) as { specialPrice: number | null };
    expect([card?.specialPrice, detail.specialPrice]).not.toContain(750_000);
  });
});
