import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures";

// The JavaScript a visitor's phone downloads and compiles before a page answers taps (decisions 028, 083, 084).
// The budget is on what travels: the sum of each script's gzip size (as the Worker's assets are served).
// Issue 27 aims at 150 KB; the pages fetch 170–190 KB gzip, of which the entry chunk every page shares is 166 KB
// (the framework about 125 KB of it, React DOM alone 61 KB), so each page's budget is its figure in decision 084
// (round 6) plus 3 %: a regression fails.
const budgetGzipKb: Record<string, number> = {
  "/": 175,
  "/iskanje": 186,
  "/iskanje?model=volkswagen": 186,
  "/oglas/1": 195,
};

const sameAtEveryWidth = (isMobileProject: boolean) =>
  test.skip(isMobileProject, "the same scripts load at every width");

/**
 * Every script the page fetches until it is hydrated, with its size; with `ready`, also those fetched until it holds
 * (a part loaded on demand can come after the network has been idle once on a busy machine).
 */
async function scriptsOf(page: Page, path: string, ready?: () => Promise<void>) {
  const scripts = new Map<string, Promise<{ decoded: number; gzip: number }>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.set(
        response.url(),
        response.body().then(
          (b) => ({ decoded: b.length, gzip: gzipSync(b).length }),
          () => ({ decoded: 0, gzip: 0 }),
        ),
      );
  });
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  if (ready) await ready();
  const sizes = await Promise.all([...scripts].map(async ([url, size]) => ({ url, size: await size })));
  const bodies = await Promise.all(sizes.map(({ url }) => page.request.get(url).then((r) => r.text())));
  return {
    kb: sizes.reduce((sum, s) => sum + s.size.decoded, 0) / 1024,
    gzipKb: sizes.reduce((sum, s) => sum + s.size.gzip, 0) / 1024,
    count: sizes.length,
    urls: sizes.map((s) => s.url),
    loadsZod: bodies.some((text) => text.includes("jitless")),
  };
}

for (const [path, budget] of Object.entries(budgetGzipKb)) {
  test(`${path} fetches at most ${budget} KB of JavaScript (gzip) and no validation library`, async ({
    page,
    isMobileProject,
  }) => {
    sameAtEveryWidth(isMobileProject);
    const { kb, gzipKb, count, loadsZod } = await scriptsOf(page, path);
    const description = `${gzipKb.toFixed(1)} KB gzip (${kb.toFixed(0)} KB decoded) in ${count} scripts`;
    test.info().annotations.push({ type: "javascript", description });
    console.log(`${path}: ${description}`);
    expect(count).toBeGreaterThan(2); // it did hydrate from real chunks (the entry, the page's own)
    expect(gzipKb).toBeLessThanOrEqual(budget);
    // zod (86 KB) belongs to forms; a page without one must not pay for it.
    expect(loadsZod).toBe(false);
  });
}

test("the login dialog after a failed link still brings its form (loaded on demand)", async ({
  page,
  isMobileProject,
}) => {
  sameAtEveryWidth(isMobileProject);
  const { loadsZod } = await scriptsOf(page, "/iskanje?success=false", () =>
    expect(page.getByRole("dialog").getByLabel("E-poštni naslov")).toBeVisible(),
  );
  expect(loadsZod).toBe(true);
});

test("the error page and the cookie settings form load with the pages that show them, not with every page", async ({
  page,
  isMobileProject,
}) => {
  sameAtEveryWidth(isMobileProject);
  const onDemand = /\/(error-page|consent-settings)-[^/]*\.js$/;
  const posting = await scriptsOf(page, "/oglas/1");
  expect(posting.urls.filter((url) => onDemand.test(url))).toEqual([]);
  // An unknown address: the error page's chunk comes, and the page hydrates with its heading and the site around it.
  const missing = await scriptsOf(page, "/ni-take-strani");
  expect(missing.urls.some((url) => /\/error-page-[^/]*\.js$/.test(url))).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "Strani ni bilo mogoče najti" })).toBeVisible();
  await expect(page.locator("footer")).toBeVisible();
});

test("a phone moves between the pages without loading them again: posting → home → search, each page's chunks on the way", async ({
  page,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "the phone is where the chunks were regrouped for");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await gotoHydrated(page, "/oglas/1");
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  await page.getByRole("link", { name: "Avtotrg – na prvo stran" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Najdite svoj naslednji avto" })).toBeVisible();
  await page.getByRole("button", { name: "Išči", exact: true }).click();
  await expect(page).toHaveURL(/\/iskanje/);
  await expect(page.getByRole("navigation", { name: "Strani rezultatov" })).toBeVisible();
  expect(documents).toEqual([]); // all three by the router, in the page
  expect(errors).toEqual([]);
});

test("on a phone the search page arrives complete: nothing is fetched and rendered again after it loads", async ({
  page,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "the desktop sidebar fetches its filter counts after load");
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (["fetch", "xhr"].includes(r.resourceType())) fetched.push(r.url());
  });
  await gotoHydrated(page, "/iskanje?model=volkswagen");
  await page.waitForLoadState("networkidle");
  // The articles under the results come with the page (they used to be fetched after it).
  await expect(page.getByRole("heading", { name: "Novice in nasveti" })).toBeAttached();
  expect(fetched).toEqual([]);
  // The drawer still fetches its own counts when it opens.
  await page.getByRole("button", { name: /^Filtri/ }).click();
  await expect(page.getByRole("dialog", { name: "Filtri" })).toBeVisible();
  await expect.poll(() => fetched.some((url) => url.includes("/marketplace/count-by/"))).toBe(true);
});

test("the wizard's first step loads the validation library only when the seller touches the chassis number", async ({
  page,
  isMobileProject,
}) => {
  sameAtEveryWidth(isMobileProject);
  const { loadsZod, urls } = await scriptsOf(page, "/nov-oglas");
  // zod took ≈ 160 ms of the throttled phone's main thread on this page before anything was typed.
  expect(loadsZod).toBe(false);
  expect(urls.some((url) => /\/zod-locale-[^/]*\.js$/.test(url))).toBe(false);
  const zod = page.waitForResponse((r) => /\/zod-locale-[^/]*\.js$/.test(r.url()));
  await page.getByLabel("Številka šasije (VIN)").click();
  await zod;
  // The check itself works as before: a number typed wrong is refused with the step's message.
  await page.getByLabel("Številka šasije (VIN)").fill("wvw zzz 1k");
  await page.getByRole("button", { name: "Naprej" }).click();
  await expect(page.getByRole("alert")).toHaveText("Številka šasije ni veljavna.");
});
