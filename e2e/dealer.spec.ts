import { expect, test } from "./fixtures";

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
