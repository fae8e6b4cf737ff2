import { expect, gotoHydrated, test } from "./fixtures";

const countOf = async (text: Promise<string | null>) => Number(((await text) ?? "").replace(/\D/g, ""));

test("mobile: pick a make and a price range in the drawer, see the URL and results change, page forward", async ({
  page,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "the filter drawer is the phone layout");
  await gotoHydrated(page, "/iskanje");
  const before = await countOf(page.getByTestId("result-count").textContent());
  await page.getByRole("button", { name: /^Filtri/ }).click();
  const drawer = page.getByRole("dialog", { name: "Filtri" });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel("Znamka").selectOption({ value: "volkswagen" });
  await drawer.getByLabel("Cena (€) do").fill("20000");
  await drawer.getByLabel("Cena (€) do").press("Enter");
  // The apply button tells how many vehicles the draft would show, in correct Slovenian.
  const apply = drawer.getByTestId("apply-filters");
  await expect(apply).toHaveAttribute("aria-busy", "false");
  await expect(apply).toHaveText(/^Prikaži [\d.]+ vozil(o|i|a)?$/);
  const promised = await countOf(apply.textContent());
  await apply.click();
  await expect(page).toHaveURL(/model=volkswagen/);
  await expect(page).toHaveURL(/price=\.\.20000/);
  await expect(drawer).toBeHidden();
  await expect.poll(() => countOf(page.getByTestId("result-count").textContent())).toBe(promised);
  const after = await countOf(page.getByTestId("result-count").textContent());
  expect(after).toBeLessThan(before);
  await expect(page.getByRole("link", { name: "Odstrani filter: Volkswagen" })).toBeVisible();
  const firstCard = await page
    .getByTestId("search-results")
    .locator("article")
    .getByRole("heading")
    .first()
    .textContent();
  await page
    .getByRole("navigation", { name: "Strani rezultatov" })
    .getByRole("link", { name: /Naslednja/ })
    .click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByTestId("search-results").locator("article").getByRole("heading").first()).not.toHaveText(
    firstCard ?? "",
  );
  for (const title of await page
    .getByTestId("search-results")
    .locator("article")
    .getByRole("heading")
    .allTextContents())
    expect(title).toContain("Volkswagen");
});

test("desktop: sidebar filters change the URL at once; a chip removes its filter", async ({
  page,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "the sidebar is the desktop layout");
  await gotoHydrated(page, "/iskanje");
  const sidebar = page.getByRole("complementary", { name: "Filtri" });
  await sidebar.getByRole("checkbox", { name: /Elektrika/ }).check();
  await expect(page).toHaveURL(/fuel=ELECTRIC/);
  await expect(page.getByTestId("search-results").locator("article").first()).toContainText("Elektrika");
  await page.getByLabel("Razvrsti").selectOption("priceAsc");
  await expect(page).toHaveURL(/sort=priceAsc/);
  await page.getByRole("link", { name: "Odstrani filter: Elektrika" }).click();
  await expect(page).not.toHaveURL(/fuel=/);
  await expect(page).toHaveURL(/sort=priceAsc/);
});

test("the AI box on the home page turns Slovenian text into filters shown as chips", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByLabel("Opišite avto, ki ga iščete").fill("rdeč dizelski karavan do 15.000 € letnik od 2017");
  await page.getByRole("button", { name: "Poišči z AI" }).click();
  await expect(page).toHaveURL(/fuel=DIESEL/);
  await expect(page).toHaveURL(/body=STATION_WAGON/);
  await expect(page).toHaveURL(/color=RED/);
  await expect(page.getByText("Iz opisa smo razbrali:")).toBeVisible();
  for (const chip of ["Dizel", "Karavan", "Rdeča", "Cena (€): do 15.000", "Letnik: od 2017"]) {
    await expect(page.getByRole("group", { name: "Izbrani filtri" })).toContainText(chip);
  }
});

test("an empty result explains itself and offers to widen the search", async ({ page }) => {
  await gotoHydrated(page, "/iskanje?price=..1&fuel=ELECTRIC");
  await expect(page.getByRole("heading", { name: "Ni vozil, ki bi ustrezala iskanju" })).toBeVisible();
  await page.getByRole("link", { name: "Odstrani vse filtre" }).click();
  await expect(page).toHaveURL(/\/iskanje$/);
  await expect(page.getByTestId("search-results")).toBeVisible();
});

test("advanced search shows every group with counts and applies to /iskanje", async ({ page }) => {
  await gotoHydrated(page, "/napredno-iskanje");
  for (const group of [
    "Vozilo",
    "Cena in financiranje",
    "Tehnični podatki",
    "Oprema",
    "Prodajalec in oglas",
    "Stanje, barve in notranjost",
    "Poraba",
  ]) {
    await expect(page.getByRole("heading", { name: group, level: 2 })).toBeVisible();
  }
  const apply = page.getByTestId("advanced-apply");
  await expect(apply).toHaveAttribute("aria-busy", "false");
  await expect(apply).toHaveText(/^Prikaži [\d.]+ vozil/);
  const all = await countOf(apply.textContent());
  await page
    .getByRole("checkbox", { name: /^Navigacijski sistem|Navigacija/ })
    .first()
    .check();
  await expect.poll(async () => countOf(apply.textContent())).toBeLessThan(all);
  await apply.click();
  await expect(page).toHaveURL(/eq=INNER_NAVIGATION/);
});

test("garbage in the URL never breaks the page", async ({ page }) => {
  const response = await page.goto("/iskanje?price=abc..&page=-3&fuel=WATER&sort=x&model=%3Cscript%3E");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Iskanje vozil" })).toBeVisible();
});

test("with sold cars included, a sold car's card says 'Prodano'; the default search shows none", async ({ page }) => {
  await gotoHydrated(page, "/iskanje?includeSold=true&sort=priceAsc&results=48");
  const cards = page.locator("article").filter({ has: page.getByTestId("card-sold") });
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByTestId("card-sold")).toHaveText("Prodano");
  // The default search leaves sold cars out.
  await gotoHydrated(page, "/iskanje?sort=priceAsc&results=48");
  await expect(page.getByTestId("card-sold")).toHaveCount(0);
});
