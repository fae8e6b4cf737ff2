// Issue 23, after paying (decision 062): a new seller features a posting with the local test checkout, cancels
// once (no error, back on the packages with the choice), pays, finds the receipt in the development mailbox,
// sees "Izpostavljeno do …" in "Moji oglasi" and marks the car sold after a warning about the featuring days.
import type { Page } from "@playwright/test";
import { expect, freshTag, freshVin, gotoHydrated, hydrated, ljubljanaDate, openSignInLink, test } from "./fixtures";

const shots = process.env.PAYING_SHOTS ?? "";
const shot = async (page: Page, name: string, width: number) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: false });
};

/** A fresh private seller of this run with one published Volkswagen; answers its id and title. */
async function sellerWithPosting(page: Page, email: string) {
  await openSignInLink(page, email, "/");
  await expect(page).toHaveURL(/\/register\?redirectUrl=/);
  const post = (path: string, data?: unknown) => page.request.post(`/internal-api/v1${path}`, { data });
  expect((await post("/me", { firstName: "Plačnik", lastName: "Test" })).status()).toBe(200);
  const created = await post("/draft", { vin: freshVin(), hiddenVin: false, isPartialVin: false });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: number; code: string };
  // What a posting needs to be published: a Volkswagen up! at 8.990 €.
  const car = { manufacturer: "volkswagen", model: "up", modelYear: 2019, odometerKm: 64_000, fuel: "PETROL" };
  const offer = { priceType: "NORMAL", price: 899_000, contactRegion: "LJUBLJANA" };
  expect((await post(`/draft/${code}`, { ...car, ...offer })).status()).toBe(200);
  expect((await post(`/draft/${code}/publish`)).status()).toBe(200);
  const detail = (await (await page.request.get(`/internal-api/v1/postings/${id}`)).json()) as {
    manufacturerName: string;
    modelName: string;
  };
  return { id, title: `${detail.manufacturerName} ${detail.modelName}` };
}

test("a seller pays for featuring, gets the receipt, sees until when it is featured and marks the car sold after a warning", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(150_000);
  const width = isMobileProject ? 390 : 1280;
  const email = `placnik-${freshTag()}@primer.si`;
  const { id, title } = await sellerWithPosting(page, email);

  // The seller's own posting page: "Uredi", "Izpostavi", "Označi kot prodano".
  await gotoHydrated(page, `/oglas/${id}`);
  const bar = page.getByTestId("owner-bar");
  await expect(bar).toContainText("Vaš oglas · Stanje: Aktiven");
  await expect(bar.getByRole("link", { name: "Uredi" })).toHaveAttribute("href", `/uporabnik/moji-oglasi/${id}/uredi`);
  await expect(bar.getByRole("button", { name: "Označi kot prodano" })).toBeVisible();
  await shot(page, "1-owner-bar", width);
  await bar.getByRole("link", { name: "Izpostavi" }).click();

  // Izpostavljeno for 7 days: 7 × 1,20 €; to the test checkout, then cancelled there.
  await expect(page).toHaveURL(new RegExp(`/oglasevanje/${id}$`));
  await hydrated(page);
  await page.getByRole("radio", { name: /^Izpostavljeno(?! \()/ }).check();
  await page.getByRole("radio", { name: /^7 dni/ }).check();
  await expect(page.getByTestId("featuring-summary")).toHaveText("Za plačilo: 8,40 €");
  await page.getByRole("button", { name: "Na plačilo" }).click();
  await expect(page).toHaveURL(/\/dev\/placilo\/cs_local_/);
  await hydrated(page);
  await page.getByRole("button", { name: "Prekliči", exact: true }).click();

  // No error: "Plačilo je preklicano", back on the packages with the same choice.
  await expect(page).toHaveURL(new RegExp(`/oglasevanje/${id}\\?placilo=preklicano&paket=EXPOSED&dni=7$`));
  await hydrated(page);
  await expect(page.getByTestId("payment-cancelled")).toContainText("Plačilo je preklicano.");
  await expect(page.getByTestId("payment-cancelled")).toContainText("Ničesar vam nismo zaračunali.");
  await expect(page.getByText("Napaka pri plačilu")).toHaveCount(0);
  await expect(page.getByTestId("featuring-summary")).toHaveText("Za plačilo: 8,40 €");
  await shot(page, "2-payment-cancelled", width);

  // Left by the provider's own back link (Stripe's cancel address: the checkout stays open there): the page closes
  // it, so paying again works at once instead of "Za ta oglas je plačilo že odprto".
  await page.getByRole("button", { name: "Na plačilo" }).click();
  await expect(page).toHaveURL(/\/dev\/placilo\/cs_local_/);
  await gotoHydrated(page, `/oglasevanje/${id}/napaka?razlog=preklicano&paket=EXPOSED&dni=7`);
  await expect(page).toHaveURL(new RegExp(`/oglasevanje/${id}\\?placilo=preklicano&paket=EXPOSED&dni=7$`));
  await expect(page.getByTestId("payment-cancelled")).toContainText("Plačilo je preklicano.");
  await expect(page.getByTestId("checkout-open")).toHaveCount(0);

  // Pay this time.
  await page.getByRole("button", { name: "Na plačilo" }).click();
  await expect(page).toHaveURL(/\/dev\/placilo\/cs_local_/);
  await hydrated(page);
  await expect(page.getByTestId("test-payment-amount")).toHaveText("8,40 €");
  await page.getByRole("button", { name: "Plačaj (test)" }).click();
  await expect(page).toHaveURL(new RegExp(`/oglasevanje/${id}/konec\\?days=7$`));
  await expect(page.getByTestId("featuring-days")).toHaveText("Izpostavitvi ste dodali 7 dni.");

  // The receipt in the development mailbox: package, days, period, amount with VAT and the VAT (22 %).
  await gotoHydrated(page, "/dev/posta");
  const receipt = page
    .getByTestId("dev-message")
    .filter({ hasText: email })
    .filter({ hasText: "Potrdilo o plačilu izpostavitve" });
  await expect(receipt).toHaveCount(1);
  await expect(receipt.getByRole("heading")).toHaveText(`Potrdilo o plačilu izpostavitve: ${title}`);
  for (const line of [
    /Številka naročila: IZP-\d{6}/,
    `Oglas: ${title}`,
    "Paket: Izpostavljeno",
    "Trajanje: 7 dni",
    `Obdobje izpostavitve: od ${ljubljanaDate(0)} do ${ljubljanaDate(7)}`,
    "Znesek z DDV: 8,40 €",
    "Znesek brez DDV: 6,89 €",
    "DDV (22 %): 1,51 €",
  ])
    await expect(receipt).toContainText(line);
  await receipt.scrollIntoViewIfNeeded();
  await shot(page, "3-receipt", width);

  // "Moji oglasi": until when and in which package.
  await gotoHydrated(page, "/uporabnik/moji-oglasi");
  const row = page
    .getByTestId("my-postings")
    .locator("li")
    .filter({ has: page.locator(`a[href="/oglas/${id}"]`) });
  await expect(row.getByTestId("featured-until")).toHaveText(
    `Izpostavljeno do ${ljubljanaDate(7)} · Paket Izpostavljeno`,
  );
  await row.scrollIntoViewIfNeeded();
  await shot(page, "4-my-postings-featured", width);

  // Marking it sold asks first and says what happens to the paid days; "Prekliči" keeps it active.
  await row.getByRole("button", { name: "Označi kot prodano" }).click();
  const dialog = page.getByRole("dialog", { name: "Označim oglas kot prodan?" });
  await expect(dialog).toContainText(`Oglas je izpostavljen še 7 dni (do ${ljubljanaDate(7)}).`);
  await expect(dialog).toContainText("Plačanih dni ne vrnemo in jih ni mogoče prenesti na drug oglas");
  await shot(page, "5-sold-warning", width);
  await dialog.getByRole("button", { name: "Prekliči", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Aktiven");
  await row.getByRole("button", { name: "Označi kot prodano" }).click();
  await dialog.getByRole("button", { name: "Da, označi kot prodano" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Prodan");
  await expect(page.getByRole("status").filter({ hasText: "Spremembe so shranjene." })).toBeVisible();
  await shot(page, "6-my-postings-sold", width);

  // Back on sale, then sold from the posting page's own bar, with the same warning.
  await row.getByRole("button", { name: "Prekliči prodajo" }).click();
  await expect(row).toContainText("Aktiven");
  await gotoHydrated(page, `/oglas/${id}`);
  await expect(bar.getByTestId("owner-featured")).toHaveText(
    `Izpostavljeno do ${ljubljanaDate(7)} · Paket Izpostavljeno`,
  );
  await bar.getByRole("button", { name: "Označi kot prodano" }).click();
  await expect(dialog).toContainText(`Oglas je izpostavljen še 7 dni (do ${ljubljanaDate(7)}).`);
  await dialog.getByRole("button", { name: "Da, označi kot prodano" }).click();
  await expect(bar).toContainText("Stanje: Prodan");
  await expect(page.getByText("Vozilo je prodano.")).toBeVisible();
  await expect(bar.getByRole("button", { name: "Označi kot prodano" })).toHaveCount(0);
  await shot(page, "7-posting-sold", width);
});

test("buyers get no owner bar on a seller's posting, and its page stays shared", async ({ page, isMobileProject }) => {
  test.skip(isMobileProject, "the same page at every width");
  const response = await gotoHydrated(page, "/oglas/1");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("posting")).toBeVisible();
  await expect(page.getByTestId("owner-bar")).toHaveCount(0);
  const detail = (await (await page.request.get("/internal-api/v1/postings/1")).json()) as { owner: unknown };
  expect(detail.owner).toBeNull();
});

// Session 25: the seller's bar is a lazily loaded part. Its chunk can arrive after the page has hydrated
// (`data-hydrated`), and a tap on "Označi kot prodano" in between was lost (the full run's failure of the test
// above). Held back here: the button looks inactive and takes no tap until the bar's code runs, then it works.
test("the seller's bar takes no tap before its own code has arrived, then opens the warning", async ({
  page,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "the same bar at every width");
  test.setTimeout(90_000);
  const { id } = await sellerWithPosting(page, `zgodnji-${freshTag()}@primer.si`);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/owner-bar-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await gotoHydrated(page, `/oglas/${id}`);
  await expect.poll(() => asked).toBe(true);
  const bar = page.getByTestId("owner-bar");
  const sold = bar.getByRole("button", { name: "Označi kot prodano" });
  await expect(sold).toBeVisible();
  // Painted by the server, hydrated page, the bar's code still on its way: dimmed and not a target.
  await expect(sold).toHaveCSS("pointer-events", "none");
  await expect(sold).toHaveCSS("opacity", "0.5");
  // A tap now reaches nothing that could lose it (Playwright's forced click goes to the point on screen).
  await sold.click({ force: true });
  const dialog = page.getByRole("dialog", { name: "Označim oglas kot prodan?" });
  await expect(dialog).toHaveCount(0);
  release();
  await expect(sold).toHaveCSS("pointer-events", "auto");
  await sold.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Da, označi kot prodano");
});
