import { consoleErrors, expect, gotoHydrated, test } from "./fixtures";
import { throttlePhone } from "./phone-profile";

/**
 * Decision 027, session 25: the stylesheet is in the page (no round trip before the first paint) and the loader is at
 * the end of <head>, so a phone fetches the scripts from its first paint instead of from the end of the document.
 * What must hold for a visitor: the page looks the same (the same rules, applied once), it still hydrates, also after
 * a client-side navigation, and no script is fetched before the first content has been painted.
 */

for (const path of ["/", "/iskanje?model=volkswagen", "/oglas/1", "/ta-stran-ne-obstaja"]) {
  test(`${path}: the page carries the stylesheet's own text, the loader in <head> and no entry script in <body>`, async ({
    page,
    isMobileProject,
  }) => {
    test.skip(isMobileProject, "the same document at every width");
    const response = await page.request.get(path);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    const link = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"[^>]*>/.exec(head);
    expect(link, "the stylesheet's link stays").not.toBeNull();
    expect(link?.[0]).toContain('media="print"');
    // Byte for byte the file the link names: the build's own stylesheet, not a second compilation of it.
    const file = await (await page.request.get(link?.[1] ?? "")).text();
    expect(style.length).toBeGreaterThan(10_000);
    expect(style).toBe(file);
    expect(head).toMatch(/<script nonce="[^"]+">\(function\(\)\{var d=\{"entry":"\/assets\/index-[\w-]+\.js"/);
    const body = html.slice(html.indexOf("<body"));
    expect(body).not.toMatch(/<script[^>]*type="module"/);
    // One loader only (none left behind in the body), and no script in the body loads a file itself.
    expect(html.match(/\{"entry":/g)).toHaveLength(1);
    expect(body).not.toMatch(/<script[^>]*\ssrc=/);
  });
}

test("the page looks styled, hydrates with one stylesheet and no error, and stays styled after a client-side navigation", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await gotoHydrated(page, "/oglas/1");
  const styled = () =>
    page.evaluate(() => ({
      sheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      // The header's brand colour and the grid of the page come only from the stylesheet.
      headerColour: getComputedStyle(document.querySelector("header") as Element).backgroundColor,
      bodyMargin: getComputedStyle(document.body).margin,
    }));
  const before = await styled();
  expect(before.sheets).toBe(1);
  expect(before.headerColour).not.toBe("rgba(0, 0, 0, 0)");
  expect(before.bodyMargin).toBe("0px");
  await page.getByRole("link", { name: "Avtotrg – na prvo stran" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("main article").first()).toBeVisible();
  expect(await styled()).toEqual(before);
  expect(errors).toEqual([]);
});

test("on the throttled phone no script is fetched before the first content is painted, and the page hydrates", async ({
  page,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "the phone's profile");
  test.setTimeout(60_000);
  await throttlePhone(page);
  await page.goto("/oglas/1", { waitUntil: "commit" });
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached({ timeout: 30_000 });
  const t = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const scripts = performance.getEntriesByType("resource").filter((e) => /\.js(\?|$)/.test(e.name));
    const picture = performance.getEntriesByType("resource").find((e) => e.name.includes("/media/")) as
      | PerformanceResourceTiming
      | undefined;
    return {
      fcp,
      firstScript: Math.min(...scripts.map((e) => e.startTime)),
      picture: picture?.responseEnd ?? 0,
    };
  });
  expect(t.fcp).toBeLessThan(Number.POSITIVE_INFINITY);
  expect(t.firstScript).toBeGreaterThan(t.fcp);
  // Nor before the page's main picture has arrived.
  expect(t.firstScript).toBeGreaterThanOrEqual(t.picture);
});
