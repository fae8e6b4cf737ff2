import { expect, signInByEmail, test } from "./fixtures";

test("a dealer's public page shows its details, whether it is open, its stock and AutoDealer data", async ({ page }) => {
  const res = await page.goto("/trgovec/avtohisa-kranjc");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avtohiša Kranjc");
  await expect(page.getByTestId("open-now")).toHaveText(/^(Odprto zdaj|Trenutno zaprto)$/);
  await expect(page.getByText(/aktivnih oglasov · .* ogledov/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vozila v ponudbi" })).toBeVisible();
  await expect(page.getByTestId("dealer-page").locator("article").first()).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as { "@type": string };
  expect(jsonLd["@type"]).toBe("AutoDealer");
  await page.getByRole("link", { name: "Vsa vozila z iskalnikom in filtri" }).click();
  await expect(page).toHaveURL(/\/iskanje\?dealerCode=avtohisa-kranjc/);
  expect((await page.goto("/trgovec/ni-takega"))?.status()).toBe(404);
});

test("a dealer sees the dealership's stock and filters it to sold cars; a buyer gets 403 there", async ({ page, browser, isMobileProject }) => {
  test.skip(isMobileProject, "same list on both");
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga");
  await expect(page.getByRole("heading", { level: 1, name: "Zaloga vozil" })).toBeVisible();
  await expect(page.getByTestId("cap")).toHaveCount(0);
  await page.getByRole("button", { name: "Prodan", exact: true }).click();
  await expect(page).toHaveURL(/\/dms\/zaloga\?status=SOLD$/);
  const items = page.getByTestId("my-postings").locator("li");
  await expect(items.first()).toBeVisible();
  const statuses = await items.evaluateAll((lis) => lis.map((li) => li.querySelector("p")?.textContent ?? ""));
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["Prodan"]));

  const buyer = await browser.newPage();
  await signInByEmail(buyer, "kupec@primer.si", "/dms/zaloga");
  await expect(buyer.locator('[data-status="403"]')).toBeVisible();
  await buyer.close();
});
