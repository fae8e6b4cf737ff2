import { expect, signInByEmail, test } from "./fixtures";

test("a dealer's public page shows its details, whether it is open, its stock and AutoDealer data", async ({
  page,
}) => {
  const res = await page.goto("/trgovec/avtohisa-kranjc");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avtohiša Kranjc");
  await expect(page.getByTestId("open-now")).toHaveText(/^(Odprto zdaj|Trenutno zaprto)$/);
  await expect(page.getByText(/aktivnih oglasov · .* ogledov/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vozila v ponudbi" })).toBeVisible();
  await expect(page.getByTestId("dealer-page").locator("article").first()).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
    "@type": string;
  };
  expect(jsonLd["@type"]).toBe("AutoDealer");
  await page.getByRole("link", { name: "Vsa vozila z iskalnikom in filtri" }).click();
  await expect(page).toHaveURL(/\/iskanje\?dealerCode=avtohisa-kranjc/);
  expect((await page.goto("/trgovec/ni-takega"))?.status()).toBe(404);
});

test("a dealer sees the dealership's stock and filters it to sold cars; a buyer gets 403 there", async ({
  page,
  browser,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "same list on both");
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga");
  await expect(page.getByRole("heading", { level: 1, name: "Zaloga vozil" })).toBeVisible();
  await expect(page.getByTestId("cap")).toHaveCount(0);
  await page.getByRole("button", { name: /^Prodan \d+$/ }).click();
  await expect(page).toHaveURL(/\/dms\/zaloga\?status=SOLD$/);
  const items = page.getByTestId("my-postings").locator("[data-code]:visible");
  await expect(items.first()).toBeVisible();
  // The list follows the URL once the sold postings have loaded.
  await expect
    .poll(async () => {
      const statuses = await items.getByTestId("stock-status").allTextContents();
      return statuses.length > 0 && statuses.every((s) => s.startsWith("Prodan"));
    })
    .toBe(true);

  const buyer = await browser.newPage();
  await signInByEmail(buyer, "kupec@primer.si", "/dms/zaloga");
  await expect(buyer.locator('[data-status="403"]')).toBeVisible();
  await buyer.close();
});

test("the stock dashboard searches, sorts, pages, charts views and exports CSV", async ({ page, isMobileProject }) => {
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga");
  await expect(page.getByRole("heading", { level: 1, name: "Zaloga vozil" })).toBeVisible();
  // The whole stock's views chart is drawn (uPlot canvas) and its numbers are in a table too.
  await expect(page.getByTestId("views-chart").locator("canvas")).toBeVisible();
  await expect(page.getByText(/ogledov v zadnjih 30 dneh/).first()).toBeVisible();

  // The cards on a phone, the table's rows on a desktop (the other layout is hidden).
  const rows = page.getByTestId("my-postings").locator("[data-code]:visible");
  await expect(rows).toHaveCount(20);
  const pages = page.getByRole("navigation", { name: "Strani zaloge" });
  await expect(pages.getByRole("link", { name: /^Stran 1 od \d+$/ })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: /Naslednja/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole("link", { name: /^Stran 2 od \d+$/ })).toHaveAttribute("aria-current", "page");

  await page.getByLabel("Razvrsti").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).not.toHaveURL(/page=2/);
  const prices = () =>
    rows
      .getByTestId("stock-price")
      .evaluateAll((els) => els.map((e) => Number((e.textContent ?? "").replace(/[^\d]/g, ""))).filter((p) => p > 0));
  await expect
    .poll(async () => {
      const p = await prices();
      return p.join() === [...p].sort((a, b) => a - b).join();
    })
    .toBe(true);

  // Search by one posting's code finds exactly it.
  const code = (await rows.first().getAttribute("data-code")) ?? "";
  await page.getByLabel("Iskanje po zalogi").fill(code);
  await page.getByRole("button", { name: "Išči", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${code}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-code", code);

  // The posting's own chart opens in a dialog and closes with Escape.
  await rows
    .first()
    .getByRole("button", { name: /^Več dejanj/ })
    .click();
  await rows.first().getByRole("menuitem", { name: "Statistika" }).click();
  const dialog = page.getByRole("dialog", { name: /^Statistika: / });
  await expect(dialog.getByText("Ogledi po dnevih")).toBeVisible();
  await expect(dialog.getByTestId("views-chart").locator("canvas")).toBeVisible();
  await dialog.getByText("Prikaži podatke kot tabelo").click();
  await expect(dialog.getByTestId("views-table").locator("tbody tr")).toHaveCount(30);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  if (!isMobileProject) {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Izvozi CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^zaloga-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await (await import("node:fs/promises")).readFile((await file.path()) ?? "", "utf8")).replace(
      /^\uFEFF/,
      "",
    );
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Šifra;Vozilo;Letnik;VIN;Stanje/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${code};`);
  }
});

test("a dealer deactivates two postings at once and activates them again", async ({ page, isMobileProject }) => {
  test.skip(isMobileProject, "changes shared stock; the desktop run covers it");
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga?status=PUBLISHED&sort=price-desc");
  const rows = page.getByTestId("my-postings").locator("[data-code]:visible");
  await expect(rows.first()).toBeVisible();
  const picked = [rows.nth(0), rows.nth(1)];
  const codes = await Promise.all(picked.map(async (r) => (await r.getAttribute("data-code")) ?? ""));
  for (const r of picked) await r.getByRole("checkbox").check();
  await expect(page.getByText("Izbranih: 2")).toBeVisible();
  await page.getByRole("button", { name: "Deaktiviraj (2)" }).click();
  await expect(page.getByRole("status")).toHaveText("Spremenjenih oglasov: 2.");

  await page.getByRole("button", { name: /^Neaktiven \d+$/ }).click();
  await expect(page).toHaveURL(/status=REMOVED/);
  for (const c of codes) await page.locator(`[data-code="${c}"]:visible`).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Aktiviraj (2)" }).click();
  await expect(page.getByRole("status")).toHaveText("Spremenjenih oglasov: 2.");
  for (const c of codes) await expect(page.locator(`[data-code="${c}"]:visible`)).toHaveCount(0);
});

test("a dealer delegates a posting to a salesperson and the stock shows who has it", async ({
  page,
  isMobileProject,
}) => {
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga?status=PUBLISHED&sort=views");
  // Postings Sara holds already are not offered to her again (decision 070).
  const rows = page.getByTestId("my-postings").locator("[data-code]:visible").filter({ hasNotText: "Sara Vidmar" });
  // Each project takes its own posting (they run at the same time).
  const row = rows.nth(isMobileProject ? 3 : 2);
  const code = (await row.getAttribute("data-code")) ?? "";
  await row.getByRole("button", { name: /^Več dejanj/ }).click();
  await row.getByRole("menuitem", { name: "Dodeli oglas" }).click();
  const dialog = page.getByRole("dialog", { name: "Dodeli oglas" });
  await dialog.getByRole("radio", { name: /Sara Vidmar/ }).check();
  await dialog.getByRole("button", { name: "Dodeli oglas" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Oglas je dodeljen: Sara Vidmar.");
  await dialog.getByRole("button", { name: "Zapri", exact: true }).first().click();
  // The card says "Svetovalec: Sara Vidmar", the table has her in its "Svetovalec" column.
  await expect(page.locator(`[data-code="${code}"]:visible`).getByText(/Sara Vidmar/)).toBeVisible();
});
