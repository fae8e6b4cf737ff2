import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postings } from "~/db/schema/postings";
import { outboxEmailProvider } from "~/services/providers/email.server";
import { sendSavedSearchAlerts } from "~/services/saved-searches.server";
import { call, db, emailsTo, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

// Issue 28, decision 088: the daily saved-search alert also tells of cars already in the search whose price
// came down since its last e-mail (under the lowest price of the 30 days before).

const api = "/internal-api/v1";
const site = "https://avtotrg.si";
const runAlerts = (at = new Date()) => sendSavedSearchAlerts(db(), outboxEmailProvider(db()), site, at);
const setPrice = (code: string, cookie: string, price: number) =>
  call(`${api}/draft/${code}`, { ...json({ priceType: "NORMAL", price }, cookie), method: "POST" });
/** A change on a path other than the seller's edit (an admin, a partner feed): the trigger records it all the same. */
const reprice = (id: number, cents: number) =>
  db().update(postings).set({ price: cents, searchPrice: cents }).where(eq(postings.id, id));
const count = (text: string, part: string) => text.split(part).length - 1;

async function saveSearch(cookie: string, name: string, query: string) {
  const res = await call(`${api}/saved-searches`, json({ name, query }, cookie));
  expect(res.status).toBe(201);
}

/** A make whose diesel has been on sale for an hour at 12.500 €, and a buyer who then saved a search for its diesels. */
async function dieselOnSale(name: string) {
  const seller = await signedInUser();
  const { maker, model } = await makeAndModel(name);
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const car = (values: Partial<typeof postings.$inferInsert> = {}) =>
    publishedPosting(
      {
        userId: seller.user.id,
        manufacturerId: maker.id,
        baseModelId: model.id,
        fuel: "DIESEL",
        price: 1_250_000,
        searchPrice: 1_250_000,
        publishedAt: hourAgo,
        ...values,
      },
      values.hidePosting ? undefined : `${name}/cover.jpg`,
    );
  const posting = await car();
  const buyer = await signedInUser();
  const searchName = `Dizli ${name}`;
  const query = `model=${maker.code}&fuel=DIESEL`;
  await saveSearch(buyer.cookie, searchName, query);
  return { seller, posting, buyer, searchName, query, car };
}

describe("saved-search alerts tell of price drops", () => {
  it("a cut of a few euros is marked on the card but not e-mailed; a cut of 1 % is", async () => {
    const { seller, posting, buyer, searchName, query } = await dieselOnSale("Drobiž");
    // 12.500 € → 12.490 €: 0,08 %.
    expect((await setPrice(posting.code, seller.cookie, 1_249_000)).status).toBe(200);
    const found = (await (await call(`${api}/marketplace/search?${query}`)).json()) as {
      results: { code: string; priceDrop: number | null }[];
    };
    expect(found.results.find((r) => r.code === posting.code)?.priceDrop).toBe(1_000);
    await runAlerts();
    expect(await emailsTo(buyer.user.email)).toHaveLength(0);
    // 12.490 € → 12.350 €: 1,1 % under the lowest price of the 30 days before (12.490 €).
    expect((await setPrice(posting.code, seller.cookie, 1_235_000)).status).toBe(200);
    await runAlerts();
    const [mail] = await emailsTo(buyer.user.email);
    expect(mail?.subject).toBe(`Nižje cene: ${searchName}`);
    expect(mail?.text).toContain("12.350 €, prej 12.490 € (Cena znižana za 140 €)");
  });

  it("the seller lowers the price: the next run e-mails the drop with the old and the new price, once", async () => {
    const { seller, posting, buyer, searchName } = await dieselOnSale("Znižano");
    expect((await setPrice(posting.code, seller.cookie, 1_170_000)).status).toBe(200);
    await runAlerts();
    const [mail, ...more] = await emailsTo(buyer.user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Nižje cene: ${searchName}`);
    expect(mail?.text).toMatch(
      new RegExp(`^Za vaše shranjeno iskanje »${searchName}« smo našli 1 vozilo z znižano ceno\\.`),
    );
    expect(mail?.text).toContain("Cena znižana:\n• Znižano Model – 11.700 €, prej 12.500 € (Cena znižana za 800 €)");
    expect(mail?.text).toContain(`${site}/oglas/${posting.id}`);
    expect(mail?.text).not.toContain("Novi zadetki");
    // The HTML part: the photo, the new price, the old one struck through, by how much, the link.
    expect(mail?.html).toContain(`<img src="${site}/media/Znižano/cover.jpg"`);
    expect(mail?.html).toContain("Cena znižana</h2>");
    expect(mail?.html).toContain("11.700 €</span> <s");
    expect(mail?.html).toMatch(/<s[^>]*>12\.500 €<\/s>/);
    expect(mail?.html).toContain("Cena znižana za 800 €");
    expect(mail?.html).toContain(`href="${site}/oglas/${posting.id}"`);

    // The mark covers the drop: running again sends nothing.
    await runAlerts();
    expect(await emailsTo(buyer.user.email)).toHaveLength(1);
    // A further reduction is news again, named from the low of the last 30 days.
    await setPrice(posting.code, seller.cookie, 1_100_000);
    await runAlerts();
    const mails = await emailsTo(buyer.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("11.000 €, prej 11.700 € (Cena znižana za 700 €)");
  });

  it("a price raised and lowered back, or raised, is no drop: nothing is sent", async () => {
    const { seller, posting, buyer } = await dieselOnSale("Gor");
    await setPrice(posting.code, seller.cookie, 1_400_000);
    await setPrice(posting.code, seller.cookie, 1_250_000);
    await runAlerts();
    await setPrice(posting.code, seller.cookie, 1_300_000);
    await runAlerts();
    expect(await emailsTo(buyer.user.email)).toHaveLength(0);
  });

  it("names only the drops that match the search and a buyer can see, and only to the searches they match", async () => {
    const { seller, posting, buyer, query, car } = await dieselOnSale("Filter");
    const petrol = await car({ fuel: "PETROL" });
    const hidden = await car({ hidePosting: true });
    const sold = await car({ status: "SOLD" });
    const stranger = await signedInUser();
    await saveSearch(stranger.cookie, "Nekaj drugega", `model=${(await makeAndModel()).maker.code}`);
    const alike = await signedInUser();
    await saveSearch(alike.cookie, "Isto", query);

    for (const other of [petrol, hidden, sold]) await reprice(other.id, 1_000_000);
    expect((await setPrice(posting.code, seller.cookie, 1_200_000)).status).toBe(200);
    await runAlerts();

    const [mail] = await emailsTo(buyer.user.email);
    expect(mail?.text).toContain("smo našli 1 vozilo z znižano ceno.");
    expect(mail?.text).toContain(`/oglas/${posting.id}`);
    for (const other of [petrol, hidden, sold]) expect(mail?.text).not.toContain(`/oglas/${other.id}\n`);
    expect(await emailsTo(stranger.user.email)).toHaveLength(0);
    const [theirs] = await emailsTo(alike.user.email);
    expect(theirs?.subject).toBe("Nižje cene: Isto");
    expect(theirs?.text).toContain(`/oglas/${posting.id}`);
  });

  it("new cars and drops come in one e-mail, and a new car whose price dropped is listed once, as new", async () => {
    const { seller, posting, buyer, searchName, car } = await dieselOnSale("Oboje");
    const fresh = await car({ publishedAt: new Date(Date.now() + 1000).toISOString() });
    await reprice(fresh.id, 1_150_000);
    await setPrice(posting.code, seller.cookie, 1_190_000);
    await runAlerts(new Date(Date.now() + 60_000));

    const mails = await emailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(mails[0]?.subject).toBe(`Novi zadetki in nižje cene: ${searchName}`);
    expect(text).toContain("smo našli 1 novo vozilo in 1 vozilo z znižano ceno.");
    expect(text).toContain("Novi zadetki:\n• Oboje Model – 11.500 €");
    expect(text).toContain("11.900 €, prej 12.500 € (Cena znižana za 600 €)");
    expect(count(text, `/oglas/${fresh.id}\n`)).toBe(1);
    expect(mails[0]?.html).toContain("Novi zadetki</h2>");
  });

  it("lists at most five drops, the largest first, and counts the rest", async () => {
    const { buyer, car } = await dieselOnSale("Pet");
    const cars = [];
    for (let i = 0; i < 6; i++) cars.push(await car());
    // The first car (of dieselOnSale) keeps its price; these six drop by 200 € … 1.200 € (1,6 % … 9,6 %).
    for (const [i, c] of cars.entries()) await reprice(c.id, 1_250_000 - (i + 1) * 20_000);
    await runAlerts();

    const text = (await emailsTo(buyer.user.email))[0]?.text ?? "";
    expect(text).toContain("smo našli 6 vozil z znižano ceno.");
    expect(count(text, "(Cena znižana za ")).toBe(5);
    expect(text.indexOf("Cena znižana za 1.200 €")).toBeLessThan(text.indexOf("Cena znižana za 1.000 €"));
    expect(text.indexOf("Cena znižana za 600 €")).toBeLessThan(text.indexOf("Cena znižana za 400 €"));
    expect(text).not.toContain("Cena znižana za 200 €");
    expect(text).toContain("Še 1 vozilo z znižano ceno.");
  });

  it('shows a new car\'s price as its card does: "Po dogovoru" stays unsaid', async () => {
    const { buyer, car } = await dieselOnSale("Dogovor");
    const secret = await car({ priceType: "NEGOTIABLE", publishedAt: new Date(Date.now() + 1000).toISOString() });
    await runAlerts(new Date(Date.now() + 60_000));
    const [mail] = await emailsTo(buyer.user.email);
    expect(mail?.text).toContain(`/oglas/${secret.id}`);
    expect(mail?.text).toContain("Dogovor Model – Po dogovoru");
    expect(mail?.text).not.toContain("12.500 €");
    expect(mail?.html).not.toContain("12.500 €");
  });
});
