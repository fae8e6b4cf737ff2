import { expect, hydrated, signInByEmail, test } from "./fixtures";

/** This run's stamp (seconds): the seller's VIN is new in every run. */
const runStamp = Math.floor(Date.now() / 1000);
// A real 1×1 PNG: the server checks the content, not the name.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("a seller publishes a car from its VIN with three pictures, finds it, marks it sold and sees the 410 page", async ({
  page,
  browser,
  isMobileProject,
}) => {
  test.skip(!isMobileProject, "the publishing flow is checked on a phone (390 px); the seller's postings are shared");
  test.setTimeout(90_000);
  await signInByEmail(page, "prodajalec@primer.si", "/uporabnik/moji-oglasi");
  await expect(page.getByTestId("cap")).toHaveText("Aktivni oglasi: 3 / 3");

  // At the cap: free a slot by deactivating posting 3.
  const third = page
    .getByTestId("my-postings")
    .locator("li")
    .filter({ has: page.locator('a[href="/oglas/3"]') });
  await third.getByRole("button", { name: "Deaktiviraj" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Spremembe so shranjene." })).toBeVisible();
  await expect(page.getByTestId("cap")).toHaveText("Aktivni oglasi: 2 / 3");

  // Step 1: the VIN (Škoda, 2018) — a bad one first.
  await page.getByRole("link", { name: "Oddaj oglas" }).first().click();
  await expect(page).toHaveURL(/\/nov-oglas$/);
  await hydrated(page);
  await page.getByLabel("Številka šasije (VIN)").fill("TMB-OOO");
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Številka šasije ni veljavna.");
  // A VIN of this run's own (the run's start time): a seller may publish one VIN once.
  const vin = `TMBJJ7NE8J${String((runStamp % 9_000_000) + 1_000_000)}`;
  await page.getByLabel("Številka šasije (VIN)").fill(vin);
  await page.getByRole("button", { name: "Naprej", exact: true }).click();

  // Details: the make came from the VIN; choose the model and fill what a posting needs.
  await expect(page).toHaveURL(/\/nov-oglas\/\d+\/karakteristike-in-oprema$/);
  await expect(page.getByRole("heading", { level: 1, name: "Podatki o vozilu in oprema" })).toBeVisible();
  const postId = /\/nov-oglas\/(\d+)\//.exec(page.url())?.[1] ?? "";
  await expect(page.getByRole("combobox", { name: "Znamka", exact: true })).toHaveValue("skoda");
  await expect(page.getByRole("textbox", { name: "Letnik", exact: true })).toHaveValue("2018");
  await page.getByRole("combobox", { name: "Model", exact: true }).selectOption({ index: 1 });
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).not.toHaveValue("");
  await page.getByLabel(/^Prevoženi kilometri/).fill("85.000");
  await page.getByLabel(/^Prevoženi kilometri/).blur();
  await page.getByRole("combobox", { name: "Gorivo", exact: true }).selectOption("DIESEL");
  await page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ }).fill("14.990");
  await page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ }).blur();
  await page.getByRole("combobox", { name: "Regija", exact: true }).selectOption("LJUBLJANA");
  // Equipment is among the optional details behind "Več podatkov" (issue 23).
  await page.getByTestId("more-details").locator("summary").click();
  await page.getByRole("checkbox", { name: "Ogrevani sedeži", exact: true }).check();
  await expect(page.getByRole("checkbox", { name: "Ogrevani sedeži", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Naprej", exact: true }).click();

  // Pictures: three exterior photos.
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/slike$`));
  // The next step's own heading: until it shows, the previous step may still be on screen.
  await expect(page.getByRole("heading", { level: 1, name: "Slike in dokumenti" })).toBeVisible();
  await page
    .getByLabel("Dodaj datoteke: Zunanjost")
    .setInputFiles([1, 2, 3].map((n) => ({ name: `avto-${n}.png`, mimeType: "image/png", buffer: png })));
  // Stored photos (an upload still under way is a tile without a URL).
  await expect(page.getByTestId("files-EXTERIOR_PICTURE").locator("li[data-url]")).toHaveCount(3);
  await expect(page.getByTestId("files-EXTERIOR_PICTURE").getByRole("progressbar")).toHaveCount(0);
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  // Then "Atraktivnejša ponudba" (no featuring chosen) and the warranty, the last step, which publishes.
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/oglasevanje$`));
  await expect(page.getByRole("heading", { level: 1, name: "Atraktivnejša ponudba" })).toBeVisible();
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/garancija$`));
  await expect(page.getByRole("heading", { level: 1, name: "Garancija" })).toBeVisible();
  await expect(page.getByTestId("featuring-summary")).toHaveText("Oglas bo objavljen brez izpostavitve.");
  await expect(page.getByRole("button", { name: "Naprej", exact: true })).toHaveCount(0);
  // Above "Oddaj oglas", the card as buyers will see it.
  await expect(page.getByTestId("preview-card").getByRole("article")).toContainText("14.990 €");
  await page.getByRole("button", { name: "Oddaj oglas" }).click();

  // Published: the confirmation, the posting page, then search and my postings.
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/objavljen$`));
  await expect(page.getByRole("heading", { level: 1, name: "Oglas je objavljen" })).toBeVisible();
  await page.getByRole("link", { name: "Odpri oglas" }).click();
  await expect(page).toHaveURL(new RegExp(`/oglas/${postId}$`));
  await expect(page.getByTestId("gallery-count")).toHaveText("1 / 3");
  await expect(page.getByTestId("price-block")).toContainText("14.990 €");
  await page.goto("/iskanje?model=skoda&sort=newest");
  await expect(page.locator(`a[href="/oglas/${postId}"]`).first()).toBeVisible();

  await page.goto("/uporabnik/moji-oglasi");
  await hydrated(page);
  const mine = page
    .getByTestId("my-postings")
    .locator("li")
    .filter({ has: page.locator(`a[href="/oglas/${postId}"]`) });
  await expect(mine).toContainText("Aktiven");
  await mine.getByRole("button", { name: "Označi kot prodano" }).click();
  await expect(mine).toContainText("Prodan");
  await third.getByRole("button", { name: "Aktiviraj" }).click();
  await expect(page.getByTestId("cap")).toHaveText("Aktivni oglasi: 3 / 3");

  // Buyers (another browser, signed out) get the 410 page; the seller still sees the sold car.
  const buyer = await browser.newPage();
  const gone = await buyer.goto(`/oglas/${postId}`);
  expect(gone?.status()).toBe(410);
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText("Oglas ni več na voljo");
  await buyer.close();
  await page.goto(`/oglas/${postId}`);
  await expect(page.getByText("Vozilo je prodano.")).toBeVisible();
});
