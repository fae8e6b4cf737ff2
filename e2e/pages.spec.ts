import type { Locator, Page } from "@playwright/test";
import { expect, freshTag, gotoHydrated, hydrated, openSignInLink, test } from "./fixtures";

// These tests decide about cookies themselves: they start without the fixture's preset choice.
test.use({ presetConsent: false });

const analyticsLoaded = (page: Page) =>
  page.evaluate(() => (window as { __avtotrgAnalytics?: boolean }).__avtotrgAnalytics);
const banner = (page: Page) => page.getByRole("region", { name: "Piškotki in vaša zasebnost" });
/** Where an element sits in the document (not the viewport), and its size. */
const placeOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, left: r.left + window.scrollX, width: r.width, height: r.height };
  });

const sitePages: [string, string | RegExp][] = [
  ["/partnerji", "Partnerji"],
  ["/politika-zasebnosti", "Politika zasebnosti"],
  ["/splosni-pogoji", "Splošni pogoji uporabe"],
  ["/pravilasodelovanja", /^Pravila sodelovanja v nagradni igri/],
  ["/splosnipogojiuporabe", /^Splošni pogoji akcije »Dobropis 10 EUR/],
  ["/piskotki", "Piškotki"],
  ["/test-ads", "Preizkus oglasnih mest"],
];

for (const [path, heading] of sitePages) {
  test(`${path} renders its heading with the site around it`, async ({ page }) => {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Nastavitve piškotkov");
    if (path !== "/test-ads")
      await expect(page).toHaveTitle(typeof heading === "string" ? `${heading} | Avtotrg` : / \| Avtotrg$/);
  });
}

test("a legal page reached through the footer link gets its own title and description", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Zavrni neobvezne" }).click();
  await page.locator("footer").getByRole("link", { name: "Politika zasebnosti" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Politika zasebnosti" })).toBeVisible();
  await expect(page).toHaveTitle("Politika zasebnosti | Avtotrg");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^Kako pri Avtotrgu obdelujemo vaše osebne podatke/,
  );
});

test("the privacy notice states the legal basis, the 5-year retention and the complaint route, and its contents jump to sections", async ({
  page,
}) => {
  await gotoHydrated(page, "/politika-zasebnosti");
  const text = page.getByTestId("legal-page");
  await expect(text).toContainText("Avtotrg d.o.o., Dunajska cesta 1, 1000 Ljubljana");
  await expect(text).toContainText("zakoniti interes");
  await expect(text).toContainText("5 let po poteku oglasa oziroma po poravnavi vseh obveznosti");
  await expect(text).toContainText("oglasa ni mogoče oddati");
  await expect(text).toContainText("Informacijski pooblaščenec Republike Slovenije");
  await page.getByRole("button", { name: "Zavrni neobvezne" }).click();
  await page
    .getByRole("navigation", { name: "Vsebina" })
    .getByRole("link", { name: /Koliko časa hranimo podatke/ })
    .click();
  await expect(page).toHaveURL(/#hramba$/);
  await expect(page.getByRole("heading", { level: 2, name: /Koliko časa hranimo podatke/ })).toBeInViewport();
});

const managerPages: [string, string | RegExp][] = [
  ["/da-manager/delete-account", "Izbris računa"],
  ["/da-manager/marketing", /^Avtotrg Manager: oglasi in zaloga/],
  ["/da-manager/privacy-policy", "Zasebnost v aplikaciji Avtotrg Manager"],
  ["/da-manager/support", "Podpora za Avtotrg Manager"],
  ["/da-manager/terms-of-use", "Pogoji uporabe aplikacije Avtotrg Manager"],
];

for (const [path, heading] of managerPages) {
  test(`${path} renders plainly, without the site's navigation or consent bar`, async ({ page }) => {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // The only navigation is the page's own table of contents.
    await expect(page.getByRole("navigation")).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Vsebina" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Oddaj oglas|Nov oglas/ })).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByTestId("terms-banner")).toHaveCount(0);
  });
}

test("analytics stays off until 'Sprejmi vse', and the choice holds after a reload", async ({
  page,
  isMobileProject,
}) => {
  await gotoHydrated(page, "/splosni-pogoji");
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await analyticsLoaded(page)).toBeUndefined();
  await expect(page.locator("script[src*='analytics-stub']")).toHaveCount(0);

  await banner(page).getByRole("button", { name: "Sprejmi vse" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => analyticsLoaded(page)).toBe(true);
  const cookie = (await page.context().cookies()).find((c) => c.name === "avtotrg_consent");
  expect(decodeURIComponent(cookie?.value ?? "")).toMatch(/^v=1&a=1&m=1&t=\d{4}-\d{2}-\d{2}$/);
  expect(cookie?.sameSite).toBe("Lax");
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(170 * 86_400_000);

  await page.reload();
  await hydrated(page);
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => analyticsLoaded(page)).toBe(true);

  // The second page view of the session on a phone shows the interstitial once; Escape closes it.
  const interstitial = page.getByTestId("ad-interstitial");
  if (isMobileProject) {
    await expect(interstitial).toBeVisible();
    await expect(interstitial.locator("[data-test-creative]")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(interstitial).toHaveCount(0);
    await page.reload();
    await hydrated(page);
  }
  await expect(interstitial).toHaveCount(0);
});

test("analytics counts each page, after client-side navigations too, and never sees a token", async ({
  page,
  baseURL,
}) => {
  await page
    .context()
    .addCookies([
      { name: "avtotrg_consent", value: encodeURIComponent("v=1&a=1&m=0&t=2025-07-22"), url: baseURL, sameSite: "Lax" },
    ]);
  const pageViews = () =>
    page.evaluate(() =>
      ((window as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[0] === "event" && entry[1] === "page_view")
        .map((entry) => (entry[2] as { page_location: string }).page_location),
    );
  // An inquiry's reply link: its token answers the inquiry and must not reach analytics (decision 075).
  await gotoHydrated(page, "/povprasevanja/odgovor?token=skrivnost-123");
  await expect.poll(pageViews).toHaveLength(1);
  expect((await pageViews())[0]).toMatch(/\/povprasevanja\/odgovor$/);
  expect(JSON.stringify(await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer))).not.toContain(
    "skrivnost-123",
  );
  // A client-side navigation is a page view of its own, with its query kept.
  await page.goto("/iskanje?cenaDo=15000");
  await hydrated(page);
  await expect.poll(pageViews).toHaveLength(1);
  await page.getByRole("link", { name: "Avtotrg", exact: false }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(pageViews)
    .toEqual([expect.stringContaining("/iskanje?cenaDo=15000"), expect.stringMatching(/\/$/)]);
});

test("the server already knows the choice: the bar is in the first HTML only while undecided", async ({ page }) => {
  const before = await (await page.request.get("/piskotki")).text();
  expect(before).toContain("Zavrni neobvezne");
  await gotoHydrated(page, "/piskotki");
  await banner(page).getByRole("button", { name: "Zavrni neobvezne" }).click();
  await expect(banner(page)).toHaveCount(0);
  const after = await (await page.request.get("/piskotki")).text();
  expect(after).not.toContain("Zavrni neobvezne");
});

test("refusing keeps analytics and ads off, and slots stay labelled placeholders", async ({ page }) => {
  await gotoHydrated(page, "/test-ads");
  await banner(page).getByRole("button", { name: "Zavrni neobvezne" }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(banner(page)).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(await analyticsLoaded(page)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __avtotrgGpt?: boolean }).__avtotrgGpt)).toBeUndefined();
  await expect(page.getByTestId("ads-state")).toContainText("Trženjski piškotki niso dovoljeni");
  await expect(page.locator("[data-ad-state='placeholder']").first()).toContainText("Oglasni prostor");
  await expect(page.locator("[data-test-creative]")).toHaveCount(0);
});

test("the footer link reopens the settings; allowing ads fills the slots without moving them", async ({ page }) => {
  await gotoHydrated(page, "/test-ads");
  await banner(page).getByRole("button", { name: "Zavrni neobvezne" }).click();
  const slot = page.locator("[data-ad-slot='postingSidebar']").first();
  const before = await placeOf(slot);

  await page.locator("footer").getByRole("link", { name: "Nastavitve piškotkov" }).click();
  const dialog = page.getByRole("dialog", { name: "Nastavitve piškotkov" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("switch", { name: /Nujni piškotki/ })).toBeChecked();
  await expect(dialog.getByRole("switch", { name: /Nujni piškotki/ })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: "Analitični piškotki" })).not.toBeChecked();
  // Escape closes it without changing anything; the footer link opens it again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.locator("footer").getByRole("link", { name: "Nastavitve piškotkov" }).click();
  await expect(dialog).toBeVisible();

  await dialog.getByRole("switch", { name: "Trženjski piškotki" }).check();
  await dialog.getByRole("button", { name: "Shrani izbiro" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("ads-state")).toContainText("Oglasi so vklopljeni");
  await expect(slot.locator("[data-test-creative]")).toBeVisible();
  expect(await placeOf(slot)).toEqual(before);
  expect(await analyticsLoaded(page)).toBeUndefined();
});

test("search results and the posting detail keep a place for ads", async ({ page, isMobileProject }) => {
  await gotoHydrated(page, "/iskanje");
  const inResults = page.getByTestId("search-results").locator("[data-ad-slot='searchResults']");
  await expect(inResults).toHaveCount(1);
  await expect(inResults).toHaveAttribute("data-ad-state", "placeholder");
  // After a full row of six cards.
  await expect(page.getByTestId("search-results").locator(":scope > li").nth(6)).toContainText("Oglasni prostor");
  await page.getByTestId("search-results").locator("article a").first().click();
  await expect(page.getByTestId("posting")).toBeVisible();
  await expect(page.getByTestId("posting").locator("[data-ad-slot='postingSidebar']")).toBeVisible();
  await expect(page.getByTestId("posting").locator("[data-ad-slot='postingBelowGallery']")).toBeVisible({
    visible: !isMobileProject,
  });
});

test("a signed-in user without names reads the terms without being sent to registration", async ({ page, baseURL }) => {
  // Cookies decided up front: this test is about registration, and the bar would cover the mailbox on phones.
  await page
    .context()
    .addCookies([
      { name: "avtotrg_consent", value: encodeURIComponent("v=1&a=0&m=0&t=2025-07-22"), url: baseURL ?? "" },
    ]);
  const email = `pogoji-${Date.now().toString(36)}${freshTag()}@primer.si`;
  await openSignInLink(page, email, "/splosni-pogoji");
  await expect(page).toHaveURL(/\/splosni-pogoji\?.*success=true/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Splošni pogoji uporabe" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Elsewhere the same user is still asked for their names first.
  await page.goto("/iskanje?success=true");
  await expect(page).toHaveURL(/\/register\?/);
});

test("withdrawing consent reloads the page without the analytics script", async ({ page }) => {
  await gotoHydrated(page, "/piskotki");
  await banner(page).getByRole("button", { name: "Sprejmi vse" }).click();
  await expect.poll(() => analyticsLoaded(page)).toBe(true);
  await page.getByRole("main").getByRole("button", { name: "Nastavitve piškotkov" }).click();
  const dialog = page.getByRole("dialog", { name: "Nastavitve piškotkov" });
  await expect(dialog.getByRole("switch", { name: "Analitični piškotki" })).toBeChecked();
  await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Zavrni neobvezne" }).click()]);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(await analyticsLoaded(page)).toBeUndefined();
  await expect(banner(page)).toHaveCount(0);
});
