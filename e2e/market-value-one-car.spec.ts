import { expect, gotoHydrated, newSellerWithCompleteDraft, test } from "./fixtures";

// Issue 28 (decision 088, one valuation of a single car): the range the wizard's price step shows is the range
// the posting page shows right after publishing, with no daily run in between.

test("the wizard's estimate is the posting's market value at once after publishing", async ({ page }) => {
  test.setTimeout(120_000);
  const { id, code } = await newSellerWithCompleteDraft(
    page,
    { prefix: "ocena", firstName: "Ana", lastName: "Ocena" },
    {
      manufacturer: "volkswagen",
      model: "golf",
      modelYear: 2018,
      odometerKm: 110_000,
      fuel: "DIESEL",
      powerKw: 85,
      bodyType: "HATCHBACK",
      transmission: "M",
      price: 1_290_000,
    },
  );
  await gotoHydrated(page, `/nov-oglas/${id}/karakteristike-in-oprema`);
  const estimate = page.getByTestId("market-estimate");
  await expect(estimate).toContainText(/Tržna vrednost tega avta je po naši oceni [\d.]+ € – [\d.]+ €/);
  const [, low, high] = /oceni ([\d.]+ €) – ([\d.]+ €)/.exec((await estimate.textContent()) ?? "") ?? [];
  // Its comparables, named as the posting's page names them (the scope and the years either side of 2018).
  await expect(estimate).toContainText(/Primerljivih vozil: \d+ \([^)]*letniki 2015–2021\)/);
  const [comparables] = /Primerljivih vozil: \d+ \([^)]*\)/.exec((await estimate.textContent()) ?? "") ?? [];

  const published = await page.request.post(`/internal-api/v1/draft/${code}/publish`);
  expect(published.status()).toBe(200);
  // Valued after the publish's response: a moment later, never a day.
  const valued = async () =>
    ((await (await page.request.get(`/internal-api/v1/postings/${code}`)).json()) as { marketValue: unknown })
      .marketValue;
  await expect.poll(valued, { timeout: 10_000 }).not.toBeNull();
  await gotoHydrated(page, `/oglas/${id}`);
  const section = page.locator("#trzna-vrednost");
  await expect(section.getByRole("heading", { name: "Tržna vrednost" })).toBeVisible();
  await expect(section).toContainText(`Ocenjena tržna vrednost: ${low} – ${high}`);
  await expect(section).toContainText(comparables ?? "no comparables in the wizard");
  await expect(page.getByTestId("price-block").getByTestId("price-rating")).toBeVisible();
});
