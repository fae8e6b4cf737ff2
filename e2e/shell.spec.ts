import { expect, gotoHydrated, test } from "./fixtures";

test("home page is server-rendered in Slovenian with postings and pictures", async ({ page, isMobileProject }) => {
  const response = await gotoHydrated(page, "/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/\| Avtotrg$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sl");
  await expect(page.getByRole("heading", { level: 1, name: "Najdite svoj naslednji avto" })).toBeVisible();
  if (isMobileProject) {
    await expect(
      page.getByRole("navigation", { name: "Mobilni meni" }).getByRole("link", { name: "Nov oglas" }),
    ).toBeVisible();
  } else {
    const nav = page.getByRole("navigation", { name: "Glavna navigacija" });
    await expect(nav.getByRole("link", { name: "Vsi oglasi" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Napredno iskanje" })).toBeVisible();
    await expect(page.getByTestId("header-new-post")).toHaveText(/Oddaj oglas/);
  }
  const cards = page.locator("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  // The seed's card pictures come from R2 through the media route and really decode. Not "the first card": another
  // spec's car featured a moment ago comes first, its photo maybe still on its way (session 24's full run).
  const img = cards.locator('img[src^="/media/seed/"]').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} Avtotrg`);
});

test("an unknown page answers 404 with the Slovenian error page and popular vehicles", async ({ page }) => {
  const response = await gotoHydrated(page, "/ta-stran-ne-obstaja");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Strani ni bilo mogoče najti");
  await expect(page.getByRole("link", { name: "Nazaj na ponudbo" })).toHaveAttribute("href", "/iskanje");
  await expect(page).toHaveTitle("Strani ni bilo mogoče najti | Avtotrg");
  // Five vehicles by views, under a heading that is not the user's favourites (issue 20).
  await expect(page.getByRole("heading", { name: "Najbolj ogledovana vozila" })).toBeVisible();
  await expect(page.locator("section[data-status='404'] article")).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Prikaži vso ponudbo" })).toBeVisible();
});

test("the internal API answers unknown paths with JSON, not the page", async ({ request }) => {
  const res = await request.get("/internal-api/v1/ne-obstaja");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({
    statusCode: 404,
    fieldErrors: [],
    errors: [{ message: "Ta pot ne obstaja." }],
  });
});

test("the provider-change banner closes, remembers it in a cookie and stays away", async ({ page, context }) => {
  await gotoHydrated(page, "/");
  const banner = page.getByTestId("terms-banner");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Zapri obvestilo" }).click();
  await expect(banner).toBeHidden();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "new-terms-notification")).toBeTruthy();
  expect(cookies.find((c) => c.name === "i18n_redirected")?.value).toBe("si");
  await page.reload();
  await expect(page.getByTestId("terms-banner")).toHaveCount(0);
});

test("the mobile sidebar opens from the menu button and closes with Escape", async ({ page, isMobileProject }) => {
  test.skip(!isMobileProject, "the menu button exists below 992 px");
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Meni" }).click();
  const sidebar = page.getByRole("dialog", { name: "Stranski meni" });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Vsi oglasi" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Prijava" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sidebar).toBeHidden();
});

test("the quick search turns make, price and year into a search URL", async ({ page }) => {
  await gotoHydrated(page, "/");
  const form = page.getByRole("form", { name: "Iskanje vozil" });
  await form.getByLabel("Znamka").selectOption({ label: "Škoda" });
  await expect(form.getByLabel("Model")).toBeEnabled();
  await form.getByLabel("Cena do (€)").fill("15000");
  await form.getByLabel("Letnik od").selectOption("2017");
  await form.getByRole("button", { name: "Išči" }).click();
  await expect(page).toHaveURL(/\/iskanje\?model=skoda&price=\.\.15000&year=2017\.\./);
});
