// Issue 23 (decision 060): the details step as a new private seller meets it on a phone. A short form (no
// dealer-only field), required fields marked, "Naprej" on an empty form says what is missing and focuses the
// first, the country from a list of names, the buyers' e-mail only when chosen, and the first tap on "Naprej"
// after fixing a field error counts. A fresh seller and VIN of this run (the per-run counter).
import { mkdirSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, freshTag, freshVin, openSignInLink, signInByEmail, test } from "./fixtures";

const shots = process.env.WIZARD_SHOTS ?? "test-results/screens-i23-wizard";
mkdirSync(shots, { recursive: true });
// Hydration with room for a busy machine: what is checked is the page, not its speed.
const hydrated = (page: Page) => expect(page.locator("html[data-hydrated='true']")).toBeAttached({ timeout: 20_000 });
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const next = (page: Page) => page.getByRole("button", { name: "Naprej", exact: true });

test("a private seller gets a short form, is told what is missing with focus on it, picks the country by name, keeps the e-mail private, and one tap after a fixed error moves on", async ({
  page,
  browser,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  const width = isMobileProject ? 390 : 1280;
  const email = `i23-obrazec-${freshTag()}@primer.si`;
  await openSignInLink(page, email, "/");
  await expect(page).toHaveURL(/\/register\?redirectUrl=/);
  const named = await page.request.post("/internal-api/v1/me", {
    data: { firstName: "Zasebna", lastName: "Prodajalka" },
  });
  expect(named.status()).toBe(200);
  const created = await page.request.post("/internal-api/v1/draft", {
    data: { vin: freshVin(), hiddenVin: false, isPartialVin: false },
  });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: number; code: string };
  const draftNow = async () =>
    (await (await page.request.get(`/internal-api/v1/draft/${code}`)).json()) as Record<string, unknown>;

  await page.goto(`/nov-oglas/${id}/karakteristike-in-oprema`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Podatki o vozilu in oprema" })).toBeVisible();

  // Short: no dealer-only field or choice; the optional details wait behind "Več podatkov".
  for (const label of [/^Cena brez DDV/, /^Popust za gotovino/, /^Cena ob financiranju/, /^Cena najema/, /^Polog/])
    await expect(page.getByLabel(label)).toHaveCount(0);
  await expect(
    page.getByRole("combobox", { name: "Vrsta cene", exact: true }).locator("option", { hasText: "Samo najem" }),
  ).toHaveCount(0);
  const more = page.getByTestId("more-details");
  await expect(more).not.toHaveAttribute("open");
  await expect(page.getByLabel("Emisijski razred", { exact: true })).toBeHidden();
  const shortHeight = await pageHeight(page);
  await page.screenshot({ path: `${shots}/details-private-${width}.png`, fullPage: true });
  await more.locator("summary").click();
  await expect(page.getByLabel("Emisijski razred", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Štirikolesni pogon (4x4)" })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Aluminijasta platišča" })).toHaveCount(0);
  const openHeight = await pageHeight(page);
  await more.locator("summary").click();
  writeFileSync(`${shots}/heights-${width}.json`, JSON.stringify({ shortHeight, openHeight }));

  // Required fields are marked (" *" beside the label, `required` on the control) and explained at the top.
  await expect(page.getByText("Polja, označena z zvezdico (*), so obvezna za objavo oglasa.")).toBeVisible();
  await expect(page.getByLabel(/^Prevoženi kilometri/)).toHaveAttribute("required", "");
  await expect(page.locator("label[for='f-odometerKm']")).toContainText("*");
  await expect(page.getByLabel("Barva", { exact: true })).not.toHaveAttribute("required");

  // "Naprej" on the empty form: it stays, says what is missing, and the first missing field has focus.
  await next(page).click();
  const summary = page.getByTestId("missing-summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("listitem")).toHaveText([
    "Model: Izberite model.",
    "Prevoženi kilometri: Vnesite prevožene kilometre.",
    "Gorivo: Izberite vrsto goriva.",
    "Cena: Vnesite ceno.",
    "Regija: Izberite regijo.",
  ]);
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).toBeFocused();
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/karakteristike-in-oprema$/);
  await page.screenshot({ path: `${shots}/details-missing-${width}.png` });
  // The summary's link takes the seller to its field.
  await summary.getByRole("link", { name: /^Gorivo/ }).click();
  await expect(page.getByRole("combobox", { name: "Gorivo", exact: true })).toBeFocused();

  // The country of first registration: a select of Slovenian names (Slovenija first), stored as the ISO code.
  const country = page.getByRole("combobox", { name: "Država prve registracije", exact: true });
  await expect(country).toHaveJSProperty("tagName", "SELECT");
  await expect(country.locator("option").nth(1)).toHaveText("Slovenija");
  await expect(country.locator("option").nth(4)).toHaveText("Italija");
  await country.selectOption({ label: "Hrvaška" });
  await expect.poll(async () => (await draftNow()).firstRegistrationCountry).toBe("HR");

  await page.getByRole("combobox", { name: "Model", exact: true }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Gorivo", exact: true }).selectOption("DIESEL");
  const price = page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ });
  await price.fill("9.990");
  await price.blur();
  await page.getByRole("combobox", { name: "Regija", exact: true }).selectOption("KRANJ");

  // The buyers' e-mail: empty by default; the tick fills in the account's address, unticking clears it.
  const contactEmail = page.getByLabel("E-pošta za kupce", { exact: true });
  await expect(contactEmail).toHaveValue("");
  const showMine = page.getByRole("checkbox", { name: `Prikaži moj e-naslov (${email})` });
  await showMine.check();
  await expect(contactEmail).toHaveValue(email);
  await showMine.uncheck();
  await expect(contactEmail).toHaveValue("");
  await expect.poll(async () => (await draftNow()).contactEmail).toBeNull();

  // A mileage typed as people do ("85k"), left: the server names it. Fixed, then "Naprej" tapped once, straight from the field: it moves on.
  const km = page.getByLabel(/^Prevoženi kilometri/);
  await km.fill("85k");
  await km.press("Tab");
  await expect(page.locator("#f-odometerKm-error")).toHaveText("Vnesite celo število.");
  await km.fill("85.000");
  await page.screenshot({ path: `${shots}/details-fixed-before-tap-${width}.png` });
  await next(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Slike in dokumenti" })).toBeVisible();
  expect((await draftNow()).odometerKm).toBe(85_000);

  // Published without an address: the sign-in e-mail is nowhere in the public posting (API or page).
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);
  const anonymous = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const api = await anonymous.request.get(`/internal-api/v1/postings/${code}`);
  expect(api.status()).toBe(200);
  expect(await api.text()).not.toContain(email);
  const html = await anonymous.request.get(`/oglas/${id}`);
  expect(html.status()).toBe(200);
  expect(await html.text()).not.toContain(email);
  await anonymous.close();
});

test("a dealership's salesperson gets every field, the dealer-only ones included, with the details open", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(90_000);
  const width = isMobileProject ? 390 : 1280;
  await signInByEmail(page, "trgovec@primer.si", "/");
  const created = await page.request.post("/internal-api/v1/draft", {
    data: { vin: freshVin(), hiddenVin: false, isPartialVin: false },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/nov-oglas/${id}/karakteristike-in-oprema`);
  await hydrated(page);
  await expect(page.getByTestId("more-details")).toHaveAttribute("open");
  await expect(page.getByLabel(/^Cena brez DDV/)).toBeVisible();
  await expect(page.getByLabel(/^Polog/)).toBeVisible();
  await expect(
    page.getByRole("combobox", { name: "Vrsta cene", exact: true }).locator("option", { hasText: "Samo najem" }),
  ).toHaveCount(1);
  writeFileSync(`${shots}/heights-dealer-${width}.json`, JSON.stringify({ dealerHeight: await pageHeight(page) }));
  await page.screenshot({ path: `${shots}/details-dealer-${width}.png` });
});
