import type { Page } from "@playwright/test";
import { expect, freshVin, gotoHydrated, runSerial, signInByEmail, test } from "./fixtures";

// The anonymous response cache (decision 026): signed-out visitors share rendered pages, each with a
// fresh nonce; signed-in visitors never do; a seller's change reaches everyone at once; views count.
// They run alone, after every other test (the "cache" project of e2e/playwright.config.ts): another
// test's write would empty the cache in the middle of a sequence.

function recordViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "";

test("signed-out visitors get the cached page with a fresh nonce that its scripts carry, and it works", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const path = `/iskanje?fuel=DIESEL&price=..${40_000 + runSerial()}`;
  const first = await request.get(path);
  expect(first.headers()["x-cache"]).toBe("MISS");
  const a = nonceOf(first.headers()["content-security-policy"]);
  const second = await request.get(path);
  expect(second.headers()["x-cache"]).toBe("HIT");
  const b = nonceOf(second.headers()["content-security-policy"]);
  expect(a).not.toBe(b);
  const html = await second.text();
  const stamped = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  expect(stamped.length).toBeGreaterThan(3);
  expect(new Set(stamped)).toEqual(new Set([b]));
  expect(html).not.toContain(a);

  // In a browser (its consent cookie makes it a page of its own) the cached copy hydrates under its CSP.
  const violations = recordViolations(page);
  expect((await page.goto(path))?.headers()["x-cache"]).toBe("MISS");
  expect((await gotoHydrated(page, path))?.headers()["x-cache"]).toBe("HIT");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // Past its TTL the copy is still served once ("STALE") while it renders again; then it is fresh.
  await new Promise((r) => setTimeout(r, 10_500));
  expect((await request.get(path)).headers()["x-cache"]).toBe("STALE");
  await expect.poll(async () => (await request.get(path)).headers()["x-cache"], { timeout: 10_000 }).toBe("HIT");

  // Signed in, the page is the visitor's own: rendered, never shared.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInByEmail(member, "kupec@primer.si", "/");
  const own = await member.goto(path);
  expect(own?.headers()["x-cache"]).toBeUndefined();
  await context.close();
});

test("a seller's change reaches signed-out visitors of the cached posting page at once, and their views count once per visitor", async ({
  page,
  browser,
}) => {
  await signInByEmail(page, "trgovec@primer.si", "/");
  const vin = freshVin();
  const created = await page.request.post("/internal-api/v1/draft", {
    data: { vin, hiddenVin: false, isPartialVin: false },
  });
  const { code } = (await created.json()) as { code: string };
  const draft = {
    manufacturer: "volkswagen",
    model: "up",
    modelYear: 2019,
    odometerKm: 85000,
    fuel: "PETROL",
    priceType: "NORMAL",
    contactRegion: "LJUBLJANA",
  };
  expect(
    (await page.request.post(`/internal-api/v1/draft/${code}`, { data: { ...draft, price: 899_000 } })).status(),
  ).toBe(200);
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);
  const { id } = (await (await page.request.get(`/internal-api/v1/draft/${code}`)).json()) as { id: number };

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const first = await visitor.goto(`/oglas/${id}`);
  expect(first?.headers()["x-cache"]).toBe("MISS");
  // Reloads come from the cache.
  const visits = 4;
  for (let i = 1; i < visits; i++) expect((await visitor.reload())?.headers()["x-cache"]).toBe("HIT");
  await expect(visitor.getByText(/8\.990/).first()).toBeVisible();

  // Visits are counted for the seller, rendered or from the cache, once per visitor per day (decision 037):
  // the four visits of one visitor are one view.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/internal-api/v1/postings/${code}/statistics`)).json()) as { total: number })
          .total,
      { timeout: 10_000 },
    )
    .toBe(1);

  // The seller lowers the price: the next visit shows it.
  expect(
    (await page.request.post(`/internal-api/v1/draft/${code}`, { data: { ...draft, price: 749_000 } })).status(),
  ).toBe(200);
  const updated = await visitor.reload();
  expect(updated?.headers()["x-cache"]).toBe("MISS");
  // The posting's own price (other sellers' Volkswagen up! at 8.990 € may show among the related cars).
  await expect(visitor.getByTestId("price-block")).toContainText("7.490 €");
  await expect(visitor.getByTestId("price-block")).not.toContainText("8.990");

  // Sold: the visitor gets the "sold" answer, not the cached page.
  await page.request.post(`/internal-api/v1/postings/${code}/status`, { data: { status: "SOLD" } });
  expect((await visitor.reload())?.status()).toBe(410);
  await visitorContext.close();
});

test("the locale cookie comes with a cached page to a first visitor, and the cached copy never carries it", async ({
  playwright,
  baseURL,
}) => {
  const path = `/iskanje?fuel=PETROL&price=..${30_000 + (Date.now() % 9_000)}`;
  const first = await playwright.request.newContext({ baseURL });
  const miss = await first.get(path);
  expect(miss.headers()["x-cache"]).toBe("MISS");
  expect(miss.headers()["set-cookie"] ?? "").toContain("i18n_redirected=si; Max-Age=31536000; Path=/");
  // Another first visitor gets the cached copy, and the cookie with it.
  const second = await playwright.request.newContext({ baseURL });
  const hit = await second.get(path);
  expect(hit.headers()["x-cache"]).toBe("HIT");
  expect(hit.headers()["set-cookie"] ?? "").toContain("i18n_redirected=si");
  // The second visit (the cookie now sent) is not given it again.
  const again = await second.get(path);
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect(again.headers()["set-cookie"] ?? "").not.toContain("i18n_redirected");
  await first.dispose();
  await second.dispose();
});
