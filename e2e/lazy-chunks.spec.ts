import type { Page } from "@playwright/test";
import { consoleErrors, expect, gotoHydrated, hydrated, test } from "./fixtures";
import { holdScripts, throttlePhone } from "./phone-profile";

/**
 * Decision 084, round 6: the error page and the cookie settings form became chunks of their own, loaded when
 * needed; the layout routes are no longer split. What a visitor meets because of it: error pages (server-rendered,
 * after a client-side navigation, after Back/Forward), the error page's chunk on a throttled phone, the cookie
 * dialog with its form late or gone (an old tab after a deploy), and every script a landing page lists exists, once.
 * Review of 2026-11-29 (session 23): the defects it found are fixed and these are their tests.
 */

const errorChunk = /\/assets\/error-page-[\w-]+\.js/;
const settingsChunk = /\/assets\/consent-settings-[\w-]+\.js/;

/** Opens `path` with the app's router (what an in-app <Link> does). */
async function navigateInApp(page: Page, href: string) {
  await page.evaluate(async (to) => {
    const router = (window as unknown as { __TSR_ROUTER__: { navigate(o: { href: string }): Promise<void> } })
      .__TSR_ROUTER__;
    await router.navigate({ href: to });
  }, href);
}

const errorPages = [
  { path: "/oglas/999999999", status: 404, h1: "Strani ni bilo mogoče najti", link: "Nazaj na ponudbo" },
  { path: "/oglas/4", status: 410, h1: "Oglas ni več na voljo", link: "Na oglase" },
  { path: "/ta-stran-ne-obstaja", status: 404, h1: "Strani ni bilo mogoče najti", link: "Nazaj na ponudbo" },
] as const;

test("error pages, server-rendered, in-app and after Back: status, Slovenian title and text, header and footer, no console errors", async ({
  page,
}) => {
  test.setTimeout(90_000);
  let current = "";
  const errors = consoleErrors(page, () => `[${current}] `);
  const step = (name: string) => {
    current = name;
  };
  for (const row of errorPages) {
    step(`goto ${row.path}`);
    const response = await gotoHydrated(page, row.path);
    expect(response?.status(), row.path).toBe(row.status);
    const section = page.locator(`section[data-status="${row.status}"]`);
    await expect(page.getByRole("heading", { level: 1 }), row.path).toHaveText(row.h1);
    await expect(page, row.path).toHaveTitle(`${row.h1} | Avtotrg`);
    await expect(page.getByRole("banner"), row.path).toBeVisible();
    await expect(page.getByRole("contentinfo"), row.path).toBeAttached();
    // In the app: from the cookie page to the error page, Back, Forward.
    step(`from ${row.path} to /piskotki in the app`);
    await navigateInApp(page, "/piskotki");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Piškotki");
    step(`${row.path} in the app`);
    await navigateInApp(page, row.path);
    await expect(section, row.path).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }), row.path).toHaveText(row.h1);
    await expect(page, row.path).toHaveTitle(`${row.h1} | Avtotrg`);
    step(`Back from ${row.path} to /piskotki`);
    await page.goBack();
    await expect(page).toHaveURL(/\/piskotki$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Piškotki");
    step(`Forward to ${row.path}`);
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1 }), row.path).toHaveText(row.h1);
    await expect(page.locator('section[data-status="500"]'), row.path).toHaveCount(0);
    step(`the link on ${row.path}`);
    // The page's own link works.
    await section.getByRole("link", { name: row.link, exact: true }).click();
    await expect(page).toHaveURL(/\/iskanje$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("section[data-status]")).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test("Forward to a missing car after Back: the 404 page at once, no error thrown, no other page shown on the way", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await gotoHydrated(page, "/piskotki");
  await navigateInApp(page, "/oglas/999999999");
  await expect(page.locator('section[data-status="404"]')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Piškotki");
  // Every error page shown on the way (the document stays: a client-side history step).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      for (const s of document.querySelectorAll("section[data-status]")) {
        const status = s.getAttribute("data-status") ?? "";
        if (seen.at(-1) !== status) seen.push(status);
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.goForward();
  await expect(page.locator('section[data-status="404"]')).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Strani ni bilo mogoče najti");
  expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual(["404"]);
  expect(errors).toEqual([]);
});

test("a server failure reading a posting in the app shows the Slovenian 500 page with its links", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.route(/\/internal-api\/v1\/postings\/2(\?|$)/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"errors":[{"message":"x"}]}' }),
  );
  await navigateInApp(page, "/oglas/2");
  const section = page.locator('section[data-status="500"]');
  await expect(section).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prišlo je do napake");
  await expect(section).toContainText("Napaka, prosimo poskusite kasneje.");
  await expect(page).toHaveTitle("Prišlo je do napake | Avtotrg");
  await expect(page.getByRole("banner")).toBeVisible();
  await section.getByRole("link", { name: "Na oglase" }).click();
  await expect(page).toHaveURL(/\/iskanje$/);
  await expect(page.locator("section[data-status]")).toHaveCount(0);
});

test.describe("the cookie settings", () => {
  test.use({ presetConsent: false });

  test("on the throttled phone, with the form's chunk late: the tap opens the dialog, the choice is saved and remembered", async ({
    page,
    context,
    isMobileProject,
  }) => {
    test.skip(!isMobileProject, "the throttled phone profile (390 px)");
    test.setTimeout(60_000);
    await gotoHydrated(page, "/iskanje");
    await throttlePhone(page);
    const release = await holdScripts(page, settingsChunk);
    await page.getByTestId("consent-banner").getByRole("link", { name: "Nastavitve", exact: true }).tap();
    const dialog = page.getByRole("dialog", { name: "Nastavitve piškotkov" });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("consent-dialog-form-held.png") });
    expect(page.url()).toMatch(/\/iskanje$/); // not sent to the cookie page
    release();
    const analytics = dialog.getByRole("switch", { name: "Analitični piškotki" });
    await expect(analytics).not.toBeChecked({ timeout: 15_000 });
    await analytics.tap();
    await dialog.getByRole("button", { name: "Shrani izbiro" }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("consent-banner")).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === "avtotrg_consent");
    expect(decodeURIComponent(cookie?.value ?? "")).toMatch(/a=1&m=0/);
    // Reloaded: no bar, and the footer's link shows the same choice.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Nastavitve piškotkov" }).tap();
    await expect(dialog.getByRole("switch", { name: "Analitični piškotki" })).toBeChecked({ timeout: 15_000 });
    await expect(dialog.getByRole("switch", { name: "Trženjski piškotki" })).not.toBeChecked();
  });

  test("the form's chunk missing (an old page after a deploy): 'Nastavitve' never turns the page into the 500 page", async ({
    page,
  }) => {
    await gotoHydrated(page, "/oglas/1");
    await page.route(settingsChunk, (route) => route.fulfill({ status: 404, body: "" }));
    // The one reload the app allows itself (reloadOnceForChunkError) was spent in the last 10 s: a second old chunk.
    await page.evaluate(() => sessionStorage.setItem("avtotrg-chunk-reload", String(Date.now())));
    await page.getByTestId("consent-banner").getByRole("link", { name: "Nastavitve", exact: true }).click();
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: test.info().outputPath("consent-chunk-missing.png") });
    await expect(page.locator('section[data-status="500"]')).toHaveCount(0);
    await expect(page.locator("#posting-title")).toBeVisible();
  });
});

test("the error page's chunk missing (an old page after a deploy, reload spent): a missing car still says so in Slovenian", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await page.route(errorChunk, (route) => route.fulfill({ status: 404, body: "" }));
  await page.evaluate(() => sessionStorage.setItem("avtotrg-chunk-reload", String(Date.now())));
  await navigateInApp(page, "/oglas/999999999");
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: test.info().outputPath("error-chunk-missing.png") });
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the landing pages' script lists name only scripts that exist, each once", async ({ request }) => {
  for (const path of ["/", "/iskanje?model=bmw", "/oglas/1"]) {
    const html = await (await request.get(path)).text();
    // The inline loader's list (decision 084): the entry and the chunks it asks for at once.
    const list = html.match(/\{"entry":"[^"]+","preloads":\[[^\]]*\]\}/)?.[0];
    expect(list, `${path}: the loader's list`).toBeTruthy();
    const { entry, preloads } = JSON.parse(list ?? "{}") as { entry: string; preloads: string[] };
    expect(preloads, path).toContain(entry);
    expect(new Set(preloads).size, `${path}: a chunk listed twice`).toBe(preloads.length);
    const referenced = new Set(html.match(/\/assets\/[\w$.-]+\.(js|css)/g) ?? []);
    for (const url of referenced) expect((await request.get(url)).status(), `${path} needs ${url}`).toBe(200);
  }
});

test("a server-rendered error page fetches its chunk with the entry, not after the entry has run", async ({
  page,
  request,
}) => {
  // Decision 084, round 8: the loader lists the error page's chunk with the entry on a 404 (and on no 200 page).
  const loaderList = async (path: string) => {
    const html = await (await request.get(path)).text();
    return JSON.parse(html.match(/\{"entry":"[^"]+","preloads":\[[^\]]*\]\}/)?.[0] ?? "{}") as {
      entry: string;
      preloads: string[];
    };
  };
  const missing = await loaderList("/oglas/999999999");
  expect(missing.preloads.some((p) => errorChunk.test(p))).toBe(true);
  for (const path of ["/", "/oglas/1"])
    expect(
      (await loaderList(path)).preloads.filter((p) => errorChunk.test(p)),
      path,
    ).toEqual([]);
  // The entry is held back: the chunk must be asked for all the same (before, it waited for the entry to run).
  const entry = new RegExp(missing.entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const release = await holdScripts(page, entry);
  const asked = page.waitForRequest(errorChunk, { timeout: 15_000 });
  await page.goto("/oglas/999999999", { waitUntil: "commit" });
  await asked;
  release();
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Strani ni bilo mogoče najti");
  await page.locator('section[data-status="404"]').getByRole("link", { name: "Nazaj na ponudbo", exact: true }).click();
  await expect(page).toHaveURL(/\/iskanje$/);
});
