import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";

type ReviewItem = {
  postId: number;
  code: string;
  priceType: string;
  price: number | null;
  specialPrice: number | null;
  odometerKm: number | null;
  badges: string[];
  badgeVerifiedDescription: string | null;
  badgeGoodBuyDescription: string | null;
};

// Identifiers the log must not show a person any more (issue 25).
const identifiers = /posting-review\.save|impersonate\.|badgeVerified|imageKey|expiresAt|dealer_signup_request/;

/** Saves a review of `item` that changes only its price (badges and their texts stay as they are). */
const saveReviewPrice = (page: Page, item: ReviewItem, price: number | null) =>
  page.request.post(`/internal-api/v1/posting-review/${item.code}`, {
    data: {
      price,
      badgeVerified: item.badges.includes("VERIFIED"),
      badgeVerifiedDescription: item.badgeVerifiedDescription,
      badgeGoodBuy: item.badges.includes("GOOD_BUY"),
      badgeGoodBuyDescription: item.badgeGoodBuyDescription,
      badgePromising: item.badges.includes("PROMISING"),
    },
  });

test("a posting without a price reads 'Cena ni navedena'; the admin finds the review in the audit log in Slovenian and follows its link", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(90_000);
  await signInByEmail(page, "admin@primer.si", "/admin/postings");
  // Each project takes its own plain-priced posting (they run at the same time).
  const list = (await (await page.request.get("/internal-api/v1/posting-review?page=3")).json()) as {
    postings: ReviewItem[];
  };
  const plain = list.postings.filter(
    (p) => p.price !== null && p.specialPrice === null && ["NORMAL", "FINAL_PRICE"].includes(p.priceType),
  );
  const item = plain[isMobileProject ? 1 : 2];
  if (!item) throw new Error("no plain-priced posting on the review list's third page");
  const price = item.price;
  expect((await saveReviewPrice(page, item, null)).status()).toBe(200);
  try {
    // The review list: the line starts with what stands for the price, never with a bare separator.
    await gotoHydrated(page, `/admin/postings?q=${item.code}`);
    const row = page.getByTestId("review-list").locator(":scope > li").first();
    await expect(row.getByText(/^Cena ni navedena( · [\d.]+ km)?$/)).toBeVisible();
    // The public posting too.
    await gotoHydrated(page, `/oglas/${item.postId}`);
    await expect(page.getByText("Cena ni navedena").first()).toBeVisible();

    // The audit log: the review in Slovenian, with the price before and after, and a link to the posting.
    await gotoHydrated(page, "/administracija/revizija?entity=posting");
    await expect(page.getByLabel("Vrsta zapisa").locator("option:checked")).toHaveText("Oglas");
    const entry = page
      .locator(`[data-testid="audit-entry"][data-action="posting-review.save"][data-entity-id="${item.postId}"]`)
      .first();
    await expect(entry).toContainText("Pregled oglasa shranjen");
    await expect(entry).toContainText(`oglas #${item.postId}`);
    await expect(entry).toContainText("admin@primer.si");
    await entry.getByText(/^Spremembe/).click();
    const priceRow = entry.getByRole("table").getByRole("row", { name: /^Cena\b/ });
    await expect(priceRow).toContainText("€");
    await expect(priceRow.getByRole("cell").last()).toHaveText("–");
    await expect(entry).toContainText("Značka Preverjeno");
    await expect(entry).not.toContainText(identifiers);
    await entry.getByRole("link", { name: `oglas #${item.postId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/oglas/${item.postId}$`));
    await hydrated(page);
    await expect(page.getByText("Cena ni navedena").first()).toBeVisible();
  } finally {
    expect((await saveReviewPrice(page, item, price)).status()).toBe(200);
  }
});

test("impersonation's start and end read in Slovenian in the audit log and link to the user", async ({
  page,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "one admin session at a time");
  await signInByEmail(page, "admin@primer.si", "/administracija/uporabniki");
  const users = (await (await page.request.get("/internal-api/v1/admin/users?q=kupec@primer.si")).json()) as {
    id: number;
  }[];
  const buyer = users[0];
  if (!buyer) throw new Error("the seeded buyer is missing");
  expect((await page.request.post(`/impersonate/${buyer.id}`)).status()).toBe(200);
  expect((await page.request.post("/stop-impersonation")).ok()).toBe(true);

  await gotoHydrated(page, "/administracija/revizija?entity=user");
  const entries = page.locator(`[data-testid="audit-entry"][data-entity-id="${buyer.id}"]`);
  const started = entries.and(page.locator('[data-action="impersonate.start"]')).first();
  const stopped = entries.and(page.locator('[data-action="impersonate.stop"]')).first();
  await expect(started).toContainText("Prevzem računa začet");
  await expect(stopped).toContainText("Prevzem računa končan");
  await expect(started).toContainText(/admin@primer\.si.*\(kot .*kupec@primer\.si/);
  await expect(started).not.toContainText(identifiers);
  await started.getByRole("link", { name: `uporabnik #${buyer.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/administracija/uporabniki\\?q=${buyer.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Uporabniki" })).toBeVisible();
});

// Every admin page, from the route tree: the one tab bar is there with the current page marked.
const adminPaths = [
  ...new Set(
    [...readFileSync("src/routeTree.gen.ts", "utf8").matchAll(/fullPath: '(\/admin(?:istracija)?\/[a-z-]+)'/g)].map(
      (m) => m[1] ?? "",
    ),
  ),
];

test("every admin page shows the one tab bar with the current page marked; it scrolls on a phone without cutting labels", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  expect(adminPaths.length).toBeGreaterThanOrEqual(9);
  await signInByEmail(page, "admin@primer.si", "/administracija/revizija");
  for (const path of adminPaths) {
    await gotoHydrated(page, path);
    const bar = page.getByRole("navigation", { name: "Administracija" });
    await expect(bar.getByRole("link")).toHaveCount(adminPaths.length);
    const current = bar.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("href", path);
    // No label is cut: every tab is as wide as its text; on a phone the bar scrolls instead.
    const cut = await bar
      .getByRole("link")
      .evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth + 1).length);
    expect(cut).toBe(0);
    const scrolls = await bar.evaluate((nav) => nav.scrollWidth > nav.clientWidth);
    if (isMobileProject) expect(scrolls).toBe(true);
  }
  // A tab is a link: the next page has the bar too, after hydration.
  await page.getByRole("navigation", { name: "Administracija" }).getByRole("link", { name: "Modeli" }).click();
  await expect(page).toHaveURL(/\/admin\/models/);
  await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Administracija" }).locator('[aria-current="page"]')).toHaveText(
    "Modeli",
  );
});

test("an editor's tab bar has only the pages an editor may open", async ({ page }) => {
  await signInByEmail(page, "urednik@primer.si", "/admin/postings");
  for (const path of ["/admin/postings", "/administracija/clanki", "/administracija/poslovne-enote"]) {
    await gotoHydrated(page, path);
    const bar = page.getByRole("navigation", { name: "Administracija" });
    await expect(bar.getByRole("link")).toHaveText(["Urejanje oglasov", "Članki", "Poslovne enote"]);
    await expect(bar.locator('[aria-current="page"]')).toHaveAttribute("href", path);
  }
});
