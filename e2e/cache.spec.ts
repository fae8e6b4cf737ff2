import type { Page } from "@playwright/test";
import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

// The anonymous response cache (decision 026): signed-out visitors share rendered pages, each with a
// fresh nonce; signed-in visitors never do; a seller's change reaches everyone at once; views count.
// Desktop only: the cache does not depend on the width.
test.beforeEach(({ isMobileProject }) => test.skip(isMobileProject, "the cache is the same at every width"));

function recordViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "";

/**
 * Other tests write at the same time, and every write empties the cache: a sequence that needs the
 * cache untouched is tried again (at most `attempts` times) when a write came in between.
 */
async function untilUndisturbed<T>(attempts: number, run: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const result = await run();
    if (result !== null) return result;
  }
  throw new Error(`the cache was emptied by other tests' writes in each of ${attempts} attempts`);
}

test("signed-out visitors get the cached page with a fresh nonce that its scripts carry, and it works", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const path = `/iskanje?fuel=DIESEL&price=..${40_000 + Math.floor(Math.random() * 9_000)}`;
  const first = await request.get(path);
  expect(first.headers()["x-cache"]).toBe("MISS");
  const a = nonceOf(first.headers()["content-security-policy"]);
  const second = await untilUndisturbed(5, async () => {
    const res = await request.get(path);
    return res.headers()["x-cache"] === "HIT" ? res : null;
  });
  const b = nonceOf(second.headers()["content-security-policy"]);
  expect(a).not.toBe(b);
  const html = await second.text();
  const stamped = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  expect(stamped.length).toBeGreaterThan(3);
  expect(new Set(stamped)).toEqual(new Set([b]));
  expect(html).not.toContain(a);

  // In a browser (its consent cookie makes it a page of its own) the cached copy hydrates under its CSP.
  const violations = recordViolations(page);
  await page.goto(path);
  await untilUndisturbed(5, async () => ((await page.goto(path))?.headers()["x-cache"] === "HIT" ? true : null));
  await gotoHydrated(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // Past its TTL the copy is still served once ("STALE") while it renders again; then it is fresh.
  await untilUndisturbed(4, async () => {
    await expect.poll(async () => (await request.get(path)).headers()["x-cache"], { timeout: 10_000 }).toBe("HIT");
    await new Promise((r) => setTimeout(r, 10_500));
    const late = (await request.get(path)).headers()["x-cache"];
    if (late === "MISS") return null; // a write emptied the cache meanwhile
    expect(late).toBe("STALE");
    await expect.poll(async () => (await request.get(path)).headers()["x-cache"], { timeout: 10_000 }).toBe("HIT");
    return true;
  });

  // Signed in, the page is the visitor's own: rendered, never shared.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInByEmail(member, "kupec@primer.si", "/");
  const own = await member.goto(path);
  expect(own?.headers()["x-cache"]).toBeUndefined();
  await context.close();
});

test("a seller's change reaches signed-out visitors of the cached posting page at once, and their views count", async ({ page, browser }) => {
  await signInByEmail(page, "trgovec@primer.si", "/");
  const vin = `WVWZZZ1KZ8${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const created = await page.request.post("/internal-api/v1/draft", { data: { vin, hiddenVin: false, isPartialVin: false } });
  const { code } = (await created.json()) as { code: string };
  const draft = { manufacturer: "volkswagen", model: "up", modelYear: 2019, odometerKm: 85000, fuel: "PETROL", priceType: "NORMAL", contactRegion: "LJUBLJANA" };
  expect((await page.request.post(`/internal-api/v1/draft/${code}`, { data: { ...draft, price: 8990 } })).status()).toBe(200);
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);
  const { id } = (await (await page.request.get(`/internal-api/v1/draft/${code}`)).json()) as { id: number };

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const first = await visitor.goto(`/oglas/${id}`);
  expect(first?.headers()["x-cache"]).toBe("MISS");
  // Reloads come from the cache, unless another test's write emptied it just before (then rendered).
  let visits = 1;
  let hits = 0;
  while (hits < 3 && visits < 10) {
    visits++;
    if ((await visitor.reload())?.headers()["x-cache"] === "HIT") hits++;
  }
  expect(hits).toBe(3);
  await expect(visitor.getByText(/8\.990/).first()).toBeVisible();

  // Every visit, rendered or from the cache, is counted for the seller.
  await expect
    .poll(async () => ((await (await page.request.get(`/internal-api/v1/postings/${code}/statistics`)).json()) as { total: number }).total, { timeout: 10_000 })
    .toBe(visits);

  // The seller lowers the price: the next visit shows it.
  expect((await page.request.post(`/internal-api/v1/draft/${code}`, { data: { ...draft, price: 7490 } })).status()).toBe(200);
  const updated = await visitor.reload();
  expect(updated?.headers()["x-cache"]).toBe("MISS");
  await expect(visitor.getByText(/7\.490/).first()).toBeVisible();
  await expect(visitor.getByText(/8\.990/)).toHaveCount(0);

  // Sold: the visitor gets the "sold" answer, not the cached page.
  await page.request.post(`/internal-api/v1/postings/${code}/status`, { data: { status: "SOLD" } });
  expect((await visitor.reload())?.status()).toBe(410);
  await visitorContext.close();
});
