import { describe, expect, it } from "vitest";
import { batchAll } from "~/db/batch.server";
import { mergeStatements } from "~/db/identities.server";
import { deliverPriceDrops } from "~/services/price-alerts.server";
import { outboxEmailProvider } from "~/services/providers/email.server";
import { eq } from "drizzle-orm";
import { postings } from "~/db/schema/postings";
import { users } from "~/db/schema/users";
import { call, db, emailsTo, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";
import { alert, like } from "./market-fixtures";

const api = "/internal-api/v1";
const setPrice = (code: string, cookie: string, price: number) =>
  call(`${api}/draft/${code}`, { ...json({ priceType: "NORMAL", price }, cookie), method: "POST" });

async function carOnSale() {
  const seller = await signedInUser();
  const { maker, model } = await makeAndModel("Škoda");
  const posting = await publishedPosting({
    userId: seller.user.id,
    manufacturerId: maker.id,
    baseModelId: model.id,
    price: 1_250_000,
    searchPrice: 1_250_000,
  });
  return { seller, posting };
}

describe("an e-mail when a favourite's price drops", () => {
  it("reaches the buyer who asked for it when the seller lowers the price, and nobody else", async () => {
    const { seller, posting } = await carOnSale();
    const asked = await signedInUser();
    const quiet = await signedInUser();
    expect((await like(posting.code, asked.cookie)).status).toBe(201);
    expect((await like(posting.code, quiet.cookie)).status).toBe(201);
    const on = await alert(posting.code, asked.cookie, true);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ priceAlert: true });

    expect((await setPrice(posting.code, seller.cookie, 1_170_000)).status).toBe(200);
    const mails = await emailsTo(asked.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Cena znižana: Škoda/);
    expect(mails[0]?.text).toContain("12.500 € → 11.700 € (−800 €)");
    expect(mails[0]?.text).toContain(`/oglas/${posting.id}`);
    expect(await emailsTo(quiet.user.email)).toHaveLength(0);
    expect(await emailsTo(seller.user.email)).toHaveLength(0);

    // The buyer's favourites show the alert and the drop since liking.
    const favs = (await (await call(`${api}/favorites`, { headers: { cookie: asked.cookie } })).json()) as {
      card: { code: string };
      priceAlert: boolean;
      priceDrop: number | null;
    }[];
    expect(favs.find((f) => f.card.code === posting.code)).toMatchObject({ priceAlert: true, priceDrop: 80_000 });
  });

  it("sends nothing for a higher price, nor once the buyer turned it off", async () => {
    const { seller, posting } = await carOnSale();
    const buyer = await signedInUser();
    await like(posting.code, buyer.cookie);
    await alert(posting.code, buyer.cookie, true);
    await setPrice(posting.code, seller.cookie, 1_300_000);
    expect(await emailsTo(buyer.user.email)).toHaveLength(0);
    await alert(posting.code, buyer.cookie, false);
    await setPrice(posting.code, seller.cookie, 1_100_000);
    expect(await emailsTo(buyer.user.email)).toHaveLength(0);
  });

  it("is switched only on the caller's own favourite: another user's, or a posting not liked, is 404", async () => {
    const { posting } = await carOnSale();
    const buyer = await signedInUser();
    const stranger = await signedInUser();
    await like(posting.code, buyer.cookie);
    const res = await alert(posting.code, stranger.cookie, true);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Oglasa ni med vašimi priljubljenimi.");
    expect(
      (
        await call(`${api}/postings/${posting.code}/favorite/price-alert`, {
          ...json({ on: "da" }, buyer.cookie),
          method: "PUT",
        })
      ).status,
    ).toBe(400);
    expect((await alert(posting.code, "", true)).status).toBe(401);
  });

  it("a change on any other path is sent by the next drain, once, even with two drains at once", async () => {
    const { posting } = await carOnSale();
    const buyer = await signedInUser();
    await like(posting.code, buyer.cookie);
    await alert(posting.code, buyer.cookie, true);
    // An admin's or a partner feed's write: straight to the row, no e-mail sent by it.
    await db().update(postings).set({ price: 1_200_000, searchPrice: 1_200_000 }).where(eq(postings.id, posting.id));
    await db().update(postings).set({ price: 1_150_000, searchPrice: 1_150_000 }).where(eq(postings.id, posting.id));
    expect(await emailsTo(buyer.user.email)).toHaveLength(0);
    const mail = outboxEmailProvider(db());
    const sent = await Promise.all([
      deliverPriceDrops(db(), mail, "https://avtotrg.si"),
      deliverPriceDrops(db(), mail, "https://avtotrg.si"),
    ]);
    expect(sent[0] + sent[1]).toBe(1);
    const mails = await emailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    // Both drops in one line, from the first price to the last.
    expect(mails[0]?.text).toContain("12.500 € → 11.500 € (−1.000 €)");
  });
});

describe("an account merged into another", () => {
  it("brings its favourites with their price alerts along", async () => {
    const { posting } = await carOnSale();
    const legacy = await signedInUser();
    const target = await signedInUser();
    await like(posting.code, legacy.cookie);
    await alert(posting.code, legacy.cookie, true);
    await batchAll(db(), await mergeStatements(db(), legacy.user.id, target.user.id));
    const favs = (await (await call(`${api}/favorites`, { headers: { cookie: target.cookie } })).json()) as {
      card: { code: string };
      priceAlert: boolean;
    }[];
    expect(favs.find((f) => f.card.code === posting.code)).toMatchObject({ priceAlert: true });
  });
});

describe("what is not a price reduction", () => {
  it("a price raised and lowered back marks nothing and sends nothing (the lowest price of 30 days is the reference)", async () => {
    const { seller, posting } = await carOnSale();
    const buyer = await signedInUser();
    await like(posting.code, buyer.cookie);
    await alert(posting.code, buyer.cookie, true);
    await setPrice(posting.code, seller.cookie, 1_500_000);
    await setPrice(posting.code, seller.cookie, 1_250_000);
    expect(await emailsTo(buyer.user.email)).toHaveLength(0);
    const card = await db()
      .select({ change: postings.lastPriceChange })
      .from(postings)
      .where(eq(postings.id, posting.id))
      .get();
    expect(card?.change ?? null).toBeNull();
    // Below the 30-day low it is a reduction again, from that low.
    await setPrice(posting.code, seller.cookie, 1_200_000);
    const mails = await emailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("12.500 € → 12.000 € (−500 €)");
  });

  it("a hidden posting or a disabled buyer gets no e-mail (a cut made while hidden is told once shown), and a price Po dogovoru is neither marked nor sent", async () => {
    const { seller, posting } = await carOnSale();
    const buyer = await signedInUser();
    const gone = await signedInUser();
    for (const who of [buyer, gone]) {
      await like(posting.code, who.cookie);
      await alert(posting.code, who.cookie, true);
    }
    await db().update(users).set({ disabled: true }).where(eq(users.id, gone.user.id));
    await db().update(postings).set({ hidePosting: true }).where(eq(postings.id, posting.id));
    await setPrice(posting.code, seller.cookie, 1_100_000);
    await deliverPriceDrops(db(), outboxEmailProvider(db()), "https://avtotrg.si");
    expect(await emailsTo(buyer.user.email), "nothing while the posting is hidden").toHaveLength(0);
    // Shown again (migration 0035): the cut made while it was hidden is told now, once, and not to a disabled buyer.
    await db().update(postings).set({ hidePosting: false }).where(eq(postings.id, posting.id));
    await deliverPriceDrops(db(), outboxEmailProvider(db()), "https://avtotrg.si");
    const told = await emailsTo(buyer.user.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("12.500 € → 11.000 €");
    const res = await call(`${api}/draft/${posting.code}`, {
      ...json({ priceType: "NEGOTIABLE", price: 1_000_000 }, seller.cookie),
      method: "POST",
    });
    expect(res.status).toBe(200);
    expect(await emailsTo(buyer.user.email), "a price 'Po dogovoru' sends nothing").toHaveLength(1);
    expect(await emailsTo(gone.user.email)).toHaveLength(0);
    const detail = (await (await call(`${api}/postings/${posting.code}`)).json()) as { priceHistory: unknown[] };
    expect(detail.priceHistory).toEqual([]);
  });

  it("one failed delivery keeps that buyer's drop for the next drain and still mails the others", async () => {
    const { posting } = await carOnSale();
    const first = await signedInUser();
    const second = await signedInUser();
    for (const who of [first, second]) {
      await like(posting.code, who.cookie);
      await alert(posting.code, who.cookie, true);
    }
    await db().update(postings).set({ price: 1_100_000, searchPrice: 1_100_000 }).where(eq(postings.id, posting.id));
    const real = outboxEmailProvider(db());
    const flaky = {
      send: async (m: Parameters<typeof real.send>[0]) => {
        if (m.to === first.user.email) throw new Error("mail server down");
        await real.send(m);
      },
    };
    expect(await deliverPriceDrops(db(), flaky, "https://avtotrg.si")).toBe(1);
    expect(await emailsTo(second.user.email)).toHaveLength(1);
    expect(await deliverPriceDrops(db(), real, "https://avtotrg.si")).toBe(1);
    expect(await emailsTo(first.user.email)).toHaveLength(1);
  });
});
