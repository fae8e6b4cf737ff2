import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, signInByEmail, test } from "./fixtures";
import { throttlePhone } from "./phone-profile";

// Issue 25, the stock screen: compact cards on a phone, a dense sortable table on a desktop, one primary
// action per posting with the rest in "Več dejanj", numbered pages with a page size, tabs that scroll.

const shots = process.env.STOCK_SHOTS ?? "";
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width ?? 0}.png` });
};

/** The postings on screen: the phone's cards or the desktop's table rows (the other layout is hidden). */
const items = (page: Page) => page.getByTestId("my-postings").locator("[data-code]:visible");
const codes = (page: Page) => items(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-code") ?? ""));

async function menuOf(item: Locator) {
  const button = item.getByRole("button", { name: /^Več dejanj/ });
  return { button, menu: item.getByRole("menu", { name: "Več dejanj" }) };
}

test("the head pages the stock by number, picks 50 a page, and each posting has one primary action and a menu", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga");
  const lift = isMobileProject ? await throttlePhone(page) : null;
  await expect(page.getByRole("heading", { level: 1, name: "Zaloga vozil" })).toBeVisible();
  await expect(items(page)).toHaveCount(20);

  const first = items(page).first();
  if (isMobileProject) {
    await expect(page.getByTestId("stock-table")).toBeHidden();
    const box = await first.boundingBox();
    expect(box?.height ?? 999).toBeLessThan(200);
    // The list comes first on a phone: the search box and the first car are on the first screen (the chart after them).
    const fold = page.viewportSize()?.height ?? 0;
    expect((box?.y ?? 999) + (box?.height ?? 0) / 2).toBeLessThan(fold);
    await expect(first.getByTestId("stock-status")).toBeVisible();
    await expect(first.getByTestId("stock-price")).toHaveText(/\S/);
    await expect(first.getByText(/^Ogledi: [\d.]+$/)).toBeVisible();
    await expect(first.locator("img")).toHaveAttribute("srcset", /\d+w/);
  } else {
    await expect(page.getByTestId("stock-table")).toBeVisible();
    for (const name of ["Vozilo", "Cena", "Stanje", "Ogledi", "Dni na spletu", "Svetovalec", "Izpostavljeno do"])
      await expect(page.getByRole("columnheader", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  // Exactly one primary action and "Več dejanj" per posting.
  await expect(first.getByTestId("stock-primary")).toHaveCount(1);
  await expect(first.locator(".btn-primary:visible")).toHaveCount(1);
  const { button, menu } = await menuOf(first);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await shot(page, "stock-list");

  // By tap (click): the menu opens with the other actions, a tap outside closes it.
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("menuitem", { name: "Statistika" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Poglej" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /^Dodeli/ })).toBeVisible();
  await shot(page, "stock-menu");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // By keyboard: Enter opens it with focus on the first item, ↓ moves, Escape closes and returns focus.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem").nth(1)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // A menu item that opens a dialog: the dialog closes back onto "Več dejanj".
  await button.click();
  await menu.getByRole("menuitem", { name: "Statistika" }).click();
  const chart = page.getByRole("dialog", { name: /^Statistika: / });
  await expect(chart.getByText("Ogledi po dnevih")).toBeVisible();
  await expect(chart.getByTestId("posting-chart-totals")).toHaveText(
    /^Vseh ogledov: [\d.]+ · [\d.]+ (dan|dneva|dnevi|dni) na spletu$/,
  );
  await page.keyboard.press("Escape");
  await expect(chart).toBeHidden();
  await expect(button).toBeFocused();

  // Page 5 by its number: the address, the list and aria-current follow.
  const pageOne = await codes(page);
  const pages = page.getByRole("navigation", { name: "Strani zaloge" });
  await expect(pages.getByRole("link", { name: "Stran 1 od", exact: false })).toHaveAttribute("aria-current", "page");
  // "1 2 3 4 5 … 17": page 5 by its number.
  await pages.getByRole("link", { name: /^Stran 5 od \d+$/ }).click();
  await expect(page).toHaveURL(/page=5(&|#|$)/);
  // The new page opens at the list, not at the top of the screen.
  await expect(page.getByRole("group", { name: "Dejanja za izbrane oglase" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(pages.getByRole("link", { name: /^Stran 5 od \d+$/ })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: /^Stran 1 od \d+$/ })).not.toHaveAttribute("aria-current", "page");
  await expect(pages.getByText("…").first()).toBeVisible();
  await expect.poll(async () => (await codes(page)).some((c) => pageOne.includes(c))).toBe(false);
  await expect(items(page)).toHaveCount(20);
  await pages.scrollIntoViewIfNeeded();
  await shot(page, "stock-page-5");

  // 50 a page: the first page of 50.
  await pages.getByRole("link", { name: "50 oglasov na stran" }).click();
  await expect(page).toHaveURL(/size=50/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(items(page)).toHaveCount(50);
  await expect(pages.getByRole("link", { name: "50 oglasov na stran" })).toHaveAttribute("aria-current", "page");
  await lift?.();
});

test("page 5 by number works before hydration too, and a bad page size falls back to 20", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga?size=37");
  await expect(items(page)).toHaveCount(20);
  // The server's HTML only: the same session in a browser without scripts.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies(await page.context().cookies());
  const bare = await context.newPage();
  await bare.goto("/dms/zaloga?page=4");
  const pages = bare.getByRole("navigation", { name: "Strani zaloge" });
  await pages.getByRole("link", { name: /^Stran 5 od \d+$/ }).click();
  await expect(bare).toHaveURL(/page=5/);
  await expect(pages.getByRole("link", { name: /^Stran 5 od \d+$/ })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "100 oglasov na stran" }).click();
  await expect(bare).toHaveURL(/size=100/);
  await expect(bare.getByTestId("my-postings").locator("[data-code]:visible")).toHaveCount(100);
  await context.close();
});

test("on a desktop the stock table sorts by price and by views from its headers", async ({ page, isMobileProject }) => {
  test.skip(isMobileProject, "the table is the desktop's");
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga?status=PUBLISHED");
  const price = page.getByRole("columnheader", { name: /^Cena/ });
  await expect(price).not.toHaveAttribute("aria-sort", /./);
  await price.getByRole("link").click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(price).toHaveAttribute("aria-sort", "ascending");
  const amounts = () =>
    items(page)
      .getByTestId("stock-price")
      .evaluateAll((els) =>
        els.map((e) => Number((e.textContent ?? "").replace(/[^\d,]/g, "").replace(",", "."))).filter((n) => n > 0),
      );
  const sorted = (list: number[], dir: 1 | -1) => list.join() === [...list].sort((a, b) => dir * (a - b)).join();
  await expect.poll(async () => sorted(await amounts(), 1)).toBe(true);

  await price.getByRole("link").click();
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(price).toHaveAttribute("aria-sort", "descending");
  await expect.poll(async () => sorted(await amounts(), -1)).toBe(true);

  const views = page.getByRole("columnheader", { name: /^Ogledi/ });
  await views.getByRole("link").click();
  await expect(page).toHaveURL(/sort=views/);
  await expect(views).toHaveAttribute("aria-sort", "descending");
  await expect(price).not.toHaveAttribute("aria-sort", /./);
  const counts = () =>
    items(page)
      .getByTestId("stock-views")
      .evaluateAll((els) => els.map((e) => Number((e.textContent ?? "").replace(/\D/g, ""))));
  await expect.poll(async () => sorted(await counts(), -1)).toBe(true);
  // The sort stays in the address: a reload keeps it.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("columnheader", { name: /^Ogledi/ })).toHaveAttribute("aria-sort", "descending");
  await shot(page, "stock-table-sorted");
});

test("every DMS tab, the dealer page too, is reached by scrolling the tab strip", async ({ page, isMobileProject }) => {
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga");
  const nav = page.getByTestId("dms-nav");
  const tabs = nav.getByRole("link");
  await expect(tabs).toHaveCount(6);
  await expect(nav.getByRole("link", { name: "Zaloga" })).toHaveAttribute("aria-current", "page");
  const navBox = await nav.boundingBox();
  for (const tab of await tabs.all()) {
    await tab.scrollIntoViewIfNeeded();
    const box = await tab.boundingBox();
    expect(box).not.toBeNull();
    // Wholly inside the strip once scrolled to: no label is cut off.
    expect(box?.x ?? -1).toBeGreaterThanOrEqual((navBox?.x ?? 0) - 1);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((navBox?.x ?? 0) + (navBox?.width ?? 0) + 1);
  }
  if (isMobileProject) {
    // The strip scrolls sideways; the page does not.
    expect(await nav.evaluate((n) => n.scrollWidth > n.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await shot(page, "stock-tabs-scrolled");
  const dealerPage = nav.getByRole("link", { name: "Stran trgovca" });
  await dealerPage.focus();
  await expect(dealerPage).toBeFocused();
  await expect(dealerPage).toBeInViewport();
  await dealerPage.click();
  await expect(page).toHaveURL(/\/trgovec\//);
});
