import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, openSignInLink, test } from "./fixtures";

// Issue 21 (decision 051): the seller chooses the emission standard and the country of first registration
// from lists and marks each equipment item as serial, additional or in a package; a buyer sees the Euro
// class as chosen, the country by its Slovenian name, and the equipment grouped by kind. A fresh seller of
// this run per project (a per-run counter), never a shared demo account.

const stamp = Date.now().toString(36);
let counter = 0;
// Hydration with room for a busy machine (three agents share two cores here): what is checked is the page, not its speed.
const hydrated = (page: Page) => expect(page.locator("html[data-hydrated='true']")).toBeAttached({ timeout: 20_000 });
const shots = "test-results/screens-i21-enums";
mkdirSync(shots, { recursive: true });

test("a seller marks equipment as additional and in a package and picks Euro class and country from lists; a buyer sees them grouped and named", async ({
  page,
  browser,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  const project = isMobileProject ? "m" : "d";
  const email = `i21-oprema-${project}-${stamp}-${counter++}@primer.si`;
  await openSignInLink(page, email, "/");
  // A user without names lands on the profile form; names by the API (the form is tested elsewhere).
  await expect(page).toHaveURL(/\/register\?redirectUrl=/);
  expect(
    (
      await page.request.post("/internal-api/v1/me", { data: { firstName: "Oprema", lastName: `Test ${project}` } })
    ).status(),
  ).toBe(200);
  // A VIN of this run's own (Škoda, 2018: the make comes from the VIN).
  const digits = String(((Date.now() + counter + (isMobileProject ? 7 : 0)) % 9_000_000) + 1_000_000);
  const created = await page.request.post("/internal-api/v1/draft", {
    data: { vin: `TMBJJ7NE8K${digits}`, hiddenVin: false, isPartialVin: false },
  });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: number; code: string };

  await page.goto(`/nov-oglas/${id}/karakteristike-in-oprema`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Podatki o vozilu in oprema" })).toBeVisible();
  await page.getByRole("combobox", { name: "Model", exact: true }).selectOption({ index: 1 });
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).not.toHaveValue("");
  await page.getByLabel(/^Prevoženi kilometri/).fill("64.000");
  await page.getByLabel(/^Prevoženi kilometri/).blur();
  await page.getByRole("combobox", { name: "Gorivo", exact: true }).selectOption("DIESEL");
  await page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ }).fill("18.490");
  await page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ }).blur();
  await page.getByRole("combobox", { name: "Regija", exact: true }).selectOption("LJUBLJANA");
  // The optional details (trim year, Euro class, equipment) wait behind "Več podatkov" for a private seller (issue 23).
  await page.getByTestId("more-details").locator("summary").click();
  // Trim year (issue 22, decision 055: one entry of the posting-field table): a whole number in the basic section.
  const trimYear = page.getByLabel("Letnik izvedenke", { exact: true });
  await trimYear.fill("2017");
  await trimYear.blur();
  await expect(trimYear).toHaveValue("2017");
  await trimYear.screenshot({ path: `${shots}/trim-year-field-${isMobileProject ? 390 : 1280}.png` });

  // Emission standard and country: selects with the lists, not free text.
  const euro = page.getByLabel("Emisijski razred", { exact: true });
  await expect(euro).toHaveJSProperty("tagName", "SELECT");
  await expect(euro.locator("option")).toHaveText([
    "Izberite …",
    "Euro 0",
    "Euro 1",
    "Euro 2",
    "Euro 3",
    "Euro 4",
    "Euro 5",
    "Euro 5a",
    "Euro 5b",
    "Euro 6",
    "Euro 6b",
    "Euro 6c",
    "Euro 6d-Temp",
    "Euro 6d",
    "Euro 6e",
  ]);
  await euro.selectOption({ label: "Euro 6d-Temp" });
  const country = page.getByRole("combobox", { name: "Država prve registracije", exact: true });
  await expect(country).toHaveJSProperty("tagName", "SELECT");
  await expect(country.locator("option").nth(1)).toHaveText("Slovenija");
  await expect(country.locator("option").nth(2)).toHaveText("Nemčija");
  await country.selectOption({ label: "Nemčija" });

  // Equipment: a tick, then the kind of each ticked item (and the package's name).
  await page.getByRole("checkbox", { name: "Ogrevani sedeži", exact: true }).check();
  await expect(page.getByLabel("Vrsta opreme: Ogrevani sedeži")).toHaveValue("SERIAL");
  await page.getByRole("checkbox", { name: "Navigacijski sistem", exact: true }).check();
  await page.getByLabel("Vrsta opreme: Navigacijski sistem").selectOption({ label: "Dodatna" });
  await page.getByRole("checkbox", { name: "Vzvratna kamera", exact: true }).check();
  await page.getByLabel("Vrsta opreme: Vzvratna kamera").selectOption({ label: "V paketu" });
  await page.getByLabel("Ime paketa: Vzvratna kamera").fill("Paket Business");
  await page.getByLabel("Ime paketa: Vzvratna kamera").press("Tab");
  const draftNow = async () =>
    (await (await page.request.get(`/internal-api/v1/draft/${code}`)).json()) as {
      euroStandard: string;
      firstRegistrationCountry: string;
      equipmentItems: { code: string; kind: string; packageName: string | null }[];
    };
  await expect
    .poll(async () => {
      const d = await draftNow();
      return [
        d.euroStandard,
        d.firstRegistrationCountry,
        Object.fromEntries(d.equipmentItems.map((e) => [e.code, `${e.kind}:${e.packageName ?? ""}`])),
      ];
    })
    .toEqual([
      "6d-Temp",
      "DE",
      { INNER_HEATED_SEATS: "SERIAL:", INNER_NAVIGATION: "ADDITIONAL:", PARK_CAMERA: "PACKAGE:Paket Business" },
    ]);
  const equipmentBox = page
    .locator("fieldset")
    .filter({ has: page.getByText("Oprema", { exact: true }) })
    .last();
  await page.getByRole("checkbox", { name: "Navigacijski sistem", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/wizard-equipment-${isMobileProject ? 390 : 1280}.png` });
  await equipmentBox.screenshot({ path: `${shots}/wizard-equipment-box-${isMobileProject ? 390 : 1280}.png` });
  // The kind is reached by keyboard from its tick.
  await page.getByRole("checkbox", { name: "Navigacijski sistem", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Vrsta opreme: Navigacijski sistem")).toBeFocused();

  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);

  // A buyer, signed out: Euro class as chosen, the country by name, equipment grouped by kind.
  const buyerContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL: new URL(page.url()).origin,
    locale: "sl-SI",
  });
  // Optional cookies refused beforehand, as the fixtures do: the consent bar does not cover the screenshots.
  await buyerContext.addCookies([
    {
      name: "avtotrg_consent",
      value: encodeURIComponent("v=1&a=0&m=0&t=2025-07-22"),
      url: new URL(page.url()).origin,
      sameSite: "Lax",
    },
  ]);
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/oglas/${id}`);
  await hydrated(buyer);
  await expect(buyer.getByRole("row", { name: /Emisijski razred/ }).first()).toContainText("Euro 6d-Temp");
  await expect(buyer.getByRole("row", { name: /Država prve registracije/ })).toContainText("Nemčija");
  await expect(buyer.getByRole("row", { name: /Država prve registracije/ })).not.toContainText("DE");
  await expect(buyer.getByRole("row", { name: /Letnik izvedenke/ })).toContainText("2017");
  const serial = buyer.getByRole("region", { name: "Serijska oprema" });
  const additional = buyer.getByRole("region", { name: "Dodatna oprema" });
  const pack = buyer.getByRole("region", { name: "Paket Business" });
  await expect(serial).toContainText("Ogrevani sedeži");
  await expect(serial).not.toContainText("Navigacijski sistem");
  await expect(additional).toContainText("Navigacijski sistem");
  await expect(pack).toContainText("Vzvratna kamera");
  await buyer.getByRole("heading", { name: "Oprema", exact: true }).scrollIntoViewIfNeeded();
  await buyer.screenshot({ path: `${shots}/posting-equipment-${isMobileProject ? 390 : 1280}.png` });
  await buyer
    .locator("section[aria-labelledby='spec-equipment']")
    .screenshot({ path: `${shots}/posting-equipment-box-${isMobileProject ? 390 : 1280}.png` });
  await buyer
    .getByRole("heading", { name: "Osnovni podatki" })
    .first()
    .scrollIntoViewIfNeeded()
    .catch(() => undefined);
  await buyer
    .locator("section[aria-labelledby='spec-basic']")
    .screenshot({ path: `${shots}/posting-basic-${isMobileProject ? 390 : 1280}.png` });

  // The equipment search filter finds the car by an item of any kind.
  for (const eq of ["INNER_HEATED_SEATS", "INNER_NAVIGATION", "PARK_CAMERA"]) {
    const res = (await (
      await buyer.request.get(`/internal-api/v1/marketplace/search?model=skoda&eq=${eq}&size=96&sort=newest`)
    ).json()) as { results: { code: string }[] };
    expect(
      res.results.map((r) => r.code),
      eq,
    ).toContain(code);
  }
  await buyerContext.close();
});
