import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, hydrated, newSellerWithCompleteDraft, test } from "./fixtures";

// Issue 23, decision 061: the preview before "Oddaj oglas", "Oglas je objavljen" afterwards, and the quick
// edit of price, mileage and description from "Moji oglasi", at 390 px (screenshots also at 1280 px).

const shots = "test-results/shots/publish";

/** A screenshot at the phone's width and one at 1280 px (the page laid out again, then back to 390). */
async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(shots, { recursive: true });
  // From the top: a sticky header stays where the page was scrolled to otherwise.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage });
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage });
  if (phone) await page.setViewportSize(phone);
}

/** A new private seller (this run's own), registered, with a complete draft of a Volkswagen up! and its photo. */
const sellerWithDraft = (page: Page) =>
  newSellerWithCompleteDraft(
    page,
    { prefix: "objava", firstName: "Petra", lastName: "Objava" },
    { description: "Prvi lastnik, redno servisiran." },
  );

test("the warranty step shows the card buyers will see; the whole preview publishes into 'Oglas je objavljen' with the link and what next", async ({
  page,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "checked on a phone (390 px); screenshots at 1280 px are taken on the way");
  test.setTimeout(120_000);
  const { id } = await sellerWithDraft(page);

  await gotoHydrated(page, `/nov-oglas/${id}/garancija`);
  await expect(page.getByRole("heading", { level: 1, name: "Garancija" })).toBeVisible();
  const card = page.getByTestId("preview-card");
  await expect(card.getByRole("heading", { name: "Predogled" })).toBeVisible();
  await expect(card.getByRole("article")).toContainText("Volkswagen");
  await expect(card.getByRole("article")).toContainText("8.990 €");
  await expect(card.getByRole("article")).toContainText(/2019 · 85\.000 km · Bencin · 55 kW/);
  await expect(card.locator("img")).toHaveAttribute("src", /^\/media\//);
  await expect(page.getByRole("button", { name: "Oddaj oglas" })).toBeVisible();
  await shoot(page, "1-warranty-preview-card");

  await card.getByRole("link", { name: "Odpri celoten predogled" }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${id}/predogled$`));
  await hydrated(page);
  await expect(page.getByRole("note")).toHaveText("Predogled — tako bodo oglas videli kupci");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Volkswagen");
  await expect(page.getByTestId("price-block")).toContainText("8.990 €");
  await expect(page.getByText("Prvi lastnik, redno servisiran.")).toBeVisible();
  // Nothing that would act on a real posting: no share, print or leasing.
  await expect(page.getByRole("button", { name: "Deli" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Natisni (PDF)" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Nazaj na urejanje" })).toHaveAttribute(
    "href",
    `/nov-oglas/${id}/garancija`,
  );
  // The first screen (banner, gallery, title, price and the bar at the bottom), then the whole page.
  await shoot(page, "2-full-preview-screen", false);
  await shoot(page, "2-full-preview");

  await page.getByRole("button", { name: "Oddaj oglas" }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${id}/objavljen$`));
  await expect(page.getByRole("heading", { level: 1, name: "Oglas je objavljen" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Povezava do oglasa")).toHaveValue(`https://avtotrg.si/oglas/${id}`);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Kopiraj povezavo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Povezava je kopirana." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deli" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Izpostavi oglas" })).toHaveAttribute("href", `/oglasevanje/${id}`);
  await expect(page.getByRole("link", { name: "Moji oglasi" })).toHaveAttribute("href", "/uporabnik/moji-oglasi");
  await shoot(page, "3-published");
  await page.getByRole("link", { name: "Odpri oglas" }).click();
  await expect(page).toHaveURL(new RegExp(`/oglas/${id}$`));
  await expect(page.getByTestId("price-block")).toContainText("8.990 €");
});

test("quick edit from 'Moji oglasi': a wrong price is named, one 'Shrani' (tapped twice) saves once and buyers see the new price", async ({
  page,
  browser,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "checked on a phone (390 px); screenshots at 1280 px are taken on the way");
  test.setTimeout(120_000);
  const { id, code } = await sellerWithDraft(page);
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);

  await gotoHydrated(page, "/uporabnik/moji-oglasi");
  const mine = page
    .getByTestId("my-postings")
    .locator("li")
    .filter({ has: page.locator(`a[href="/oglas/${id}"]`) });
  await mine.getByRole("link", { name: "Uredi", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/uporabnik/moji-oglasi/${id}/uredi$`));
  await expect(page.getByRole("heading", { level: 1, name: "Hitro urejanje oglasa" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel(/^Cena/)).toHaveValue("8990");
  await expect(page.getByLabel(/^Prevoženi kilometri/)).toHaveValue("85000");
  // The photos and documents are managed right here, as on the wizard's pictures step.
  await expect(page.getByLabel("Dodaj datoteke: Zunanjost")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Fotografije in dokumenti" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Uredi vse podatke" })).toHaveAttribute(
    "href",
    `/nov-oglas/${id}/karakteristike-in-oprema?edit=1`,
  );

  // A price that is not an amount: named at the field, nothing saved.
  await page.getByLabel(/^Cena/).fill("osem tisoč");
  await page.getByRole("button", { name: "Shrani", exact: true }).click();
  await expect(page.getByText("Vnesite znesek v evrih, npr. 12.500 ali 12.500,50.")).toBeVisible();
  await expect(page.getByLabel(/^Cena/)).toBeFocused();

  // One double tap on "Shrani": one save.
  const saves: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/internal-api/v1/draft/${code}`)) saves.push(r.url());
  });
  await page.getByLabel(/^Cena/).fill("8.490");
  await page.getByLabel(/^Prevoženi kilometri/).fill("86.200");
  await page.getByRole("button", { name: "Shrani", exact: true }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: "Spremembe so shranjene." })).toBeVisible();
  expect(saves).toHaveLength(1);
  await shoot(page, "4-quick-edit");

  // A buyer (signed out) sees the new price and mileage on the posting.
  const buyer = await browser.newPage();
  await buyer.goto(`/oglas/${id}`);
  await expect(buyer.getByTestId("price-block")).toContainText("8.490 €");
  await expect(buyer.getByText("86.200 km").first()).toBeVisible();
  await buyer.close();
  await gotoHydrated(page, "/uporabnik/moji-oglasi");
  await expect(mine).toContainText("8.490 €");
  await expect(mine).toContainText("Aktiven");
});
