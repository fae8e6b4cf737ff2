import { expect, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";

// The smallest real PNG (1 × 1): the server checks the bytes, not the name.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("an admin adds a news article with a picture, sees it on the search page, then deletes it", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(90_000);
  // Each project its own article (they run at the same time); position 0 puts it among the three shown.
  const title = `Novica e2e ${isMobileProject ? "mobilno" : "namizno"} ${Date.now().toString(36)}`;
  await signInByEmail(page, "admin@primer.si", "/administracija/clanki");
  await expect(page.getByRole("heading", { level: 1, name: "Članki na strani iskanja" })).toBeVisible();

  await page.getByRole("button", { name: "Nov članek" }).click();
  const dialog = page.getByRole("dialog", { name: "Nov članek" });
  await dialog.getByRole("textbox", { name: "Povezava »Več«" }).fill("ni povezava");
  await dialog.getByRole("button", { name: "Shrani" }).click();
  await expect(dialog.getByText("Vnesite naslov članka.")).toBeVisible();
  await expect(
    dialog.getByText("Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://."),
  ).toBeVisible();
  await expect(dialog.getByText("Dodajte sliko.")).toBeVisible();

  await dialog.getByRole("textbox", { name: "Naslov", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Podnaslov" }).fill("Kaj prinaša nova sezona");
  await dialog.getByRole("textbox", { name: "Povezava »Več«" }).fill("https://www.amzs.si/revija/e2e");
  await dialog.getByRole("textbox", { name: "Povzetek" }).fill("Kratek povzetek za preizkus.");
  await dialog.getByRole("textbox", { name: "Položaj" }).fill("0");
  await dialog.getByLabel("Slika").setInputFiles({ name: "novica.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByTestId("article-image-preview")).toBeVisible();
  await dialog.getByRole("button", { name: "Shrani" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Članek je shranjen." })).toBeVisible();
  const row = page.getByTestId("article-list").locator(":scope > li").filter({ hasText: title });
  await expect(row.getByText("Prikazan na iskanju")).toBeVisible();
  await expect(row.locator("img")).toHaveAttribute("src", /^\/media\/articles\//);

  await gotoHydrated(page, "/iskanje");
  const articles = page.locator("section", { has: page.getByRole("heading", { name: "Novice in nasveti" }) });
  await expect(articles.getByRole("heading", { name: title })).toBeVisible();

  await gotoHydrated(page, "/administracija/clanki");
  await row.getByRole("button", { name: `Izbriši – ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: "Brisanje članka" });
  await expect(confirm).toContainText(title);
  await confirm.getByRole("button", { name: "Izbriši" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Članek je izbrisan." })).toBeVisible();
  await expect(row).toHaveCount(0);

  await gotoHydrated(page, "/iskanje");
  await expect(articles.getByRole("heading", { level: 3 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("an admin describes a piece of equipment and buyers open it under »več« on a posting", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(90_000);
  // A different piece of equipment per project: one descriptor per equipment and make.
  const [code, label] = isMobileProject
    ? ["INNER_CENTRAL_LOCK", "Centralno zaklepanje z daljinskim upravljanjem"]
    : ["INNER_ISOFIX", "Pritrdišča ISOFIX"];
  const name = `${label} (e2e ${Date.now().toString(36)})`;
  await signInByEmail(page, "admin@primer.si", "/administracija/oprema");
  await expect(page.getByRole("heading", { level: 1, name: "Dodatna oprema" })).toBeVisible();
  await page.getByRole("button", { name: "Nov opis opreme" }).click();
  const dialog = page.getByRole("dialog", { name: "Nov opis opreme" });
  await dialog.getByRole("button", { name: "Shrani" }).click();
  await expect(dialog.getByText("Izberite opremo.")).toBeVisible();
  await expect(dialog.getByText("Vnesite ID videa.")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Oprema" }).selectOption(code);
  await expect(dialog.getByRole("textbox", { name: "Prikazno ime" })).toHaveValue(label);
  await dialog.getByRole("textbox", { name: "Prikazno ime" }).fill(name);
  await dialog.getByRole("textbox", { name: "ID videa (YouTube)" }).fill("https://youtu.be/q3Rk8vTzLwA");
  await dialog.getByRole("textbox", { name: "Povezava", exact: true }).fill("https://avtotrg.si/oprema/e2e");
  await dialog.getByRole("textbox", { name: "Opis", exact: true }).fill("Opis opreme za preizkus.");
  await dialog.getByRole("button", { name: "Shrani" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Opis opreme je shranjen." })).toBeVisible();
  const card = page.getByTestId("equipment-list").locator(":scope > li").filter({ hasText: name });
  await expect(card.getByRole("link", { name: "Video na YouTubu" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=q3Rk8vTzLwA",
  );

  await gotoHydrated(page, `/iskanje?eq=${code}`);
  await page.getByTestId("search-results").locator("article a").first().click();
  await expect(page).toHaveURL(/\/oglas\//);
  await hydrated(page);
  await expect(page.getByTestId("posting")).toBeVisible();
  await page.getByRole("button", { name: `več – ${name}` }).click();
  const more = page.getByRole("dialog", { name });
  await expect(more.getByText("Opis opreme za preizkus.")).toBeVisible();
  await expect(more.getByRole("link", { name: "Video na YouTubu" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=q3Rk8vTzLwA",
  );
  await expect(more.getByRole("link", { name: "Več o opremi" })).toHaveAttribute(
    "href",
    "https://avtotrg.si/oprema/e2e",
  );
  await page.keyboard.press("Escape");
  await expect(more).toBeHidden();

  await gotoHydrated(page, "/administracija/oprema");
  await card.getByRole("button", { name: `Izbriši – ${name}` }).click();
  await page.getByRole("dialog", { name: "Brisanje opisa opreme" }).getByRole("button", { name: "Izbriši" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Opis opreme je izbrisan." })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("an editor edits articles but gets the 403 page for equipment and the audit log", async ({ page }) => {
  await signInByEmail(page, "urednik@primer.si", "/administracija/oprema");
  await expect(page.locator('[data-status="403"]')).toBeVisible();
  await gotoHydrated(page, "/administracija/revizija");
  await expect(page.locator('[data-status="403"]')).toBeVisible();
  await gotoHydrated(page, "/administracija/clanki");
  await expect(page.getByRole("heading", { level: 1, name: "Članki na strani iskanja" })).toBeVisible();
});

test("an admin reads the audit log: who, what, when, and the changes", async ({ page, isMobileProject }) => {
  test.setTimeout(60_000);
  await signInByEmail(page, "admin@primer.si", "/administracija/revizija");
  await expect(page.getByRole("heading", { level: 1, name: "Revizijska sled" })).toBeVisible();
  // An entry of our own, made through the API with the admin's session.
  const title = `Revizija e2e ${isMobileProject ? "mobilno" : "namizno"} ${Date.now().toString(36)}`;
  const created = await page.request.post("/internal-api/v1/search-page-article", {
    multipart: {
      article: JSON.stringify({ title, moreLink: "https://www.amzs.si", position: 500 }),
      image: { name: "a.png", mimeType: "image/png", buffer: png },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.getByLabel("Vrsta zapisa").selectOption("article");
  await page.getByLabel("Izvajalec").fill("admin@primer.si");
  await page.getByRole("button", { name: "Prikaži" }).click();
  await expect(page).toHaveURL(/entity=article/);
  // Ids of deleted articles come back (other tests create and delete articles meanwhile): ours is the
  // create of this id that carries our title.
  const entry = page
    .locator(`[data-testid="audit-entry"][data-action="article.create"][data-entity-id="${id}"]`)
    .filter({ has: page.locator("td", { hasText: title }) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Članek dodan");
  await expect(entry).not.toContainText("article.create");
  await expect(entry).toContainText("admin@primer.si");
  await entry.getByText(/^Spremembe/).click();
  await expect(entry.getByRole("table").getByRole("row", { name: /^Naslov\b/ })).toContainText(title);
  await expect(entry.getByRole("table").getByRole("row", { name: /^Slika\b/ })).toBeVisible();
  expect((await page.request.delete(`/internal-api/v1/search-page-article/${id}`)).status()).toBe(204);
});
