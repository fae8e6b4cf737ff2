import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import {
  coverPhoto,
  expect,
  freshVin,
  gotoHydrated,
  newSellerWithCompleteDraft,
  runSerial,
  signInByEmail,
  test,
} from "./fixtures";

// Session 24's review (decision 088): a buyer on a 390 px phone tries to learn the amount a seller keeps behind
// "Po dogovoru", through the search's price filter and sort and through the posting page.

const shots = "test-results/shots/review-s24";
async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}
const euros = (text: string) => Number(text.replace(/\./g, "").replace(/[^\d]/g, ""));

/** A signed-out visitor's phone of its own, with the cookie choice already made. */
async function visitor(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 390, height: 844 } });
  await context.addCookies((await page.context().cookies()).filter((c) => c.name === "avtotrg_consent"));
  return { context, buyer: await context.newPage() };
}

test("a buyer's price range and price sort on a phone neither find nor place a 'Po dogovoru' car", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A mileage no other car has, so the search holds this car alone.
  const km = 212_000 + (runSerial() % 50_000);
  const { id, code } = await newSellerWithCompleteDraft(
    page,
    { prefix: "dogovor24", firstName: "Tina", lastName: "Tiha" },
    { odometerKm: km, price: 870_000 },
  );
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);
  const { context, buyer } = await visitor(browser, page);
  const odo = `odo=${km}..${km}`;
  // Shown at 8.700 €, "do 8.700 €" finds it.
  await gotoHydrated(buyer, `/iskanje?${odo}&price=..8700&sort=priceAsc`);
  await expect(buyer.getByTestId("search-results").locator(`a[href="/oglas/${id}"]`).first()).toBeVisible();

  expect(
    (
      await page.request.post(`/internal-api/v1/draft/${code}`, { data: { priceType: "NEGOTIABLE", price: 870_000 } })
    ).status(),
  ).toBe(200);
  // "Po dogovoru": the ranges either side of the kept amount both come up empty, with the same help.
  for (const range of ["..8700", "8700..", "8600..8800"]) {
    await gotoHydrated(buyer, `/iskanje?${odo}&price=${range}&sort=priceAsc`);
    await expect(buyer.getByTestId("search-results")).toHaveCount(0);
    await expect(buyer.getByRole("heading", { level: 2 }).first()).toBeVisible();
    if (range === "..8700") await shoot(buyer, "range-empty");
  }
  // Without a range it is listed, saying "Po dogovoru" and no amount, in either price sort.
  for (const sort of ["priceAsc", "priceDesc"]) {
    await gotoHydrated(buyer, `/iskanje?${odo}&sort=${sort}`);
    const card = buyer
      .getByTestId("search-results")
      .locator("li")
      .filter({ has: buyer.locator(`a[href="/oglas/${id}"]`) });
    await expect(card).toContainText("Po dogovoru");
    expect(await card.textContent()).not.toMatch(/8\.700/);
    if (sort === "priceAsc") await shoot(buyer, "card-po-dogovoru");
  }
  await context.close();
});

// Was a defect (leak, high), fixed in session 24 (decision 088): the offer's financed amount and instalment are worked out from the kept amount and shown to
// every buyer: "Polog 2.000 € … financirani znesek 6.700 €" next to "Po dogovoru" is the 8.700 € the dealer keeps.
test("a dealer's 'Po dogovoru' car: its financing offer on the page adds up to the kept amount", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInByEmail(page, "trgovec@primer.si", "/");
  const created = await page.request.post("/internal-api/v1/draft", {
    data: { vin: freshVin(), hiddenVin: false, isPartialVin: false },
  });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: number; code: string };
  const saved = await page.request.post(`/internal-api/v1/draft/${code}`, {
    data: {
      manufacturer: "volkswagen",
      model: "up",
      modelYear: 2019,
      odometerKm: 85_000,
      fuel: "PETROL",
      powerKw: 55,
      priceType: "NORMAL",
      price: 1_000_000,
      contactRegion: "LJUBLJANA",
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const upload = await page.request.post(`/internal-api/v1/posting/${code}/file`, {
    multipart: {
      metaData: JSON.stringify({ fileType: "EXTERIOR_PICTURE" }),
      fileContent: { name: "avto.jpg", mimeType: "image/jpeg", buffer: await coverPhoto("#7a2b2b") },
    },
  });
  expect(upload.ok()).toBe(true);
  const published = await page.request.post(`/internal-api/v1/draft/${code}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  // "Po dogovoru", 8.700 € kept; the wizard's financing box: 2.000 € down, 48 months at 6,9 %, the rest left to the
  // server (as price-extras.tsx sends it when the financed amount and the instalment are not typed).
  const negotiable = await page.request.post(`/internal-api/v1/draft/${code}`, {
    data: {
      priceType: "NEGOTIABLE",
      price: 870_000,
      financingOffers: [{ downPayment: 200_000, months: 48, annualRateBasisPoints: 690 }],
    },
  });
  expect(negotiable.status(), await negotiable.text()).toBe(200);

  const { context, buyer } = await visitor(browser, page);
  await gotoHydrated(buyer, `/oglas/${id}`);
  const block = buyer.getByTestId("price-block");
  await expect(block).toContainText("Po dogovoru");
  const offer = buyer.getByTestId("financing-offer").first();
  await expect(offer).toBeVisible();
  // The phone's sticky bar covers the offer in a whole-page shot: the viewport, with the offer in its middle.
  await offer.evaluate((el) => el.scrollIntoView({ block: "center" }));
  mkdirSync(shots, { recursive: true });
  await buyer.screenshot({ path: `${shots}/financing-offer-po-dogovoru-viewport-390.png` });
  await shoot(buyer, "financing-offer-po-dogovoru");
  const text = ((await offer.textContent()) ?? "").replace(/\u00a0/g, " ");
  const down = euros(/Polog ([\d.]+ €)/.exec(text)?.[1] ?? "");
  const financed = euros(/financirani znesek ([\d.]+ €)/.exec(text)?.[1] ?? "");
  await context.close();
  // The defect: 2.000 € + 6.700 € on the page is the 8.700 € the seller keeps.
  expect(down + financed, `the offer reads "${text}"`).not.toBe(8_700);
});

// Was a defect (UX, low), fixed in session 24 (decision 088): with no price to start from, the leasing box opens at "Cena vozila 0" with the red "Vpišite ceno
// vozila, vsaj 1.000 €." before the buyer has typed anything (by the code, any page whose price is null the same).
test("a 'Po dogovoru' page's leasing box greets the buyer with no error before they type", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, code } = await newSellerWithCompleteDraft(page, {
    prefix: "leasing24",
    firstName: "Lea",
    lastName: "Lizing",
  });
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);
  expect(
    (
      await page.request.post(`/internal-api/v1/draft/${code}`, { data: { priceType: "NEGOTIABLE", price: 870_000 } })
    ).status(),
  ).toBe(200);
  const { context, buyer } = await visitor(browser, page);
  await gotoHydrated(buyer, `/oglas/${id}`);
  await expect(buyer.getByTestId("price-block")).toContainText("Po dogovoru");
  const box = buyer.getByTestId("leasing");
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByLabel("Cena vozila (€)")).toBeVisible();
  await box.evaluate((el) => el.scrollIntoView({ block: "center" }));
  mkdirSync(shots, { recursive: true });
  await buyer.screenshot({ path: `${shots}/leasing-po-dogovoru-viewport-390.png` });
  // Nothing typed yet: no red message, and not a price of 0 € to correct.
  const errors = await box.locator("[data-field-error]").allTextContents();
  // Session 24's fix: the box starts empty and counts once the buyer gives the price they were told.
  await box.getByLabel("Cena vozila (€)").fill("8000");
  const monthly = await box.getByTestId("leasing-monthly").textContent();
  await context.close();
  expect(errors, "the leasing box of a 'Po dogovoru' car on arrival").toEqual([]);
  expect(monthly).toMatch(/Mesečni obrok.*€/);
});
