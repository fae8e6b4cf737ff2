import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  confirmSignInLink,
  expect,
  freshMobile,
  gotoHydrated,
  hydrated,
  openMailLink,
  openSignInLink,
  signInByEmail,
  test,
} from "./fixtures";

// The new-post wizard (spec sections 2 and 4, issue 20): step order, the sign-in step, the choice kept
// across browsers, trim selection and the step indicator, as a person sees them after hydration.

/** This run's stamp and a counter: fresh sellers (e-mail, phone) of this file's own. */
const runStamp = Date.now();
let counter = 0;
const fresh = (info: TestInfo) => `${runStamp.toString(36)}-${info.project.name}-${info.workerIndex}-${counter++}`;
const freshEmail = (info: TestInfo) => `carovnik-${fresh(info)}@primer.si`;
/** A whole Škoda VIN of this run's own (no I, O, Q). */
const freshVin = (info: TestInfo) =>
  `TMBJJ7NE8J${String((((Math.floor(runStamp / 1000) % 4_000_000) * 2 + (info.project.name === "mobile" ? 1 : 0) + counter++ * 2) % 9_000_000) + 1_000_000)}`;

const allSteps = ["Vozilo", "Prijava", "Podatki in oprema", "Slike", "Atraktivnejša ponudba", "Garancija"];
const withoutSignIn = allSteps.filter((s) => s !== "Prijava");
const editingSteps = allSteps.slice(2);

const indicator = (page: Page) => page.getByRole("navigation", { name: "Koraki oddaje oglasa" });

/**
 * The indicator shows `names` in order with `current` marked; steps after it are not links, are
 * aria-disabled and take no focus; steps before it are links only when `earlierLinks` (a draft's own steps).
 */
async function expectIndicator(page: Page, names: string[], current: string, options: { editing?: boolean } = {}) {
  const items = indicator(page).getByRole("listitem");
  await expect(items).toHaveCount(names.length);
  await expect(items).toHaveText(names.map((n, i) => `${i + 1}. ${n}`));
  const at = names.indexOf(current);
  await expect(indicator(page).locator('[aria-current="step"]')).toHaveText(`${at + 1}. ${current}`);
  for (const [i, name] of names.entries()) {
    if (i <= at) continue;
    const item = items.nth(i);
    if (options.editing) {
      await expect(item.getByRole("link")).toHaveText(`${i + 1}. ${name}`);
    } else {
      await expect(item.getByRole("link")).toHaveCount(0);
      await expect(item.locator('[aria-disabled="true"]')).toHaveText(`${i + 1}. ${name}`);
      expect(await item.locator("a, button, [tabindex]").count()).toBe(0);
    }
  }
}

/** Where a sign-in meets the registration step (a new account has no names), it is completed. */
async function registerIfAsked(page: Page, until: RegExp) {
  await expect(page).toHaveURL(new RegExp(`/register\\?|${until.source}`), { timeout: 15_000 });
  if (!/\/register\?/.test(page.url())) return;
  await expect(page.getByRole("heading", { name: "Dokončajte profil" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Ime", { exact: true }).fill("Tina");
  await page.getByLabel("Priimek").fill("Testna");
  await page.getByRole("checkbox", { name: /Strinjam se/ }).check();
  await page.getByRole("button", { name: "Ustvari profil" }).click();
  await expect(page).toHaveURL(until, { timeout: 15_000 });
}

/** A fresh seller (no phone) signed in on /nov-oglas. */
async function freshSellerOnStepOne(page: Page, info: TestInfo) {
  const email = freshEmail(info);
  await openSignInLink(page, email, "/nov-oglas");
  await registerIfAsked(page, /\/nov-oglas\?e2e=/);
  await hydrated(page);
  return email;
}

async function enterVin(page: Page, vin: string) {
  await page.getByLabel("Številka šasije (VIN)").fill(vin);
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
}

test("step order: a seller without a validated phone sees the same six steps on every step, later ones disabled; the warranty is last with 'Oddaj oglas'; editing shows four linked steps", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await freshSellerOnStepOne(page, info);
  await expectIndicator(page, allSteps, "Vozilo");

  // VIN → the sign-in step (phone not validated) → "Naprej" to the draft's details, never back to step 1.
  const vin = freshVin(info);
  await enterVin(page, vin);
  await expect(page).toHaveURL(/\/nov-oglas\/prijava\?oglas=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Prijava" })).toBeVisible();
  await expect(page.getByTestId("chosen-vehicle")).toContainText(`Številka šasije: ${vin}`);
  await expectIndicator(page, allSteps, "Prijava");
  const postId = /oglas=(\d+)/.exec(page.url())?.[1] ?? "";
  // The sign-in step's own document answers 200 and shows the same after a full load.
  const direct = await gotoHydrated(page, `/nov-oglas/prijava?oglas=${postId}`);
  expect(direct?.status()).toBe(200);
  await expectIndicator(page, allSteps, "Prijava");
  await page.getByRole("link", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/karakteristike-in-oprema$`));
  await expect(page.getByRole("heading", { level: 1, name: "Podatki o vozilu in oprema" })).toBeVisible();
  await expectIndicator(page, allSteps, "Podatki in oprema");

  // Fill what a posting needs, then pictures → advertising → warranty.
  await page.getByRole("combobox", { name: "Model", exact: true }).selectOption({ index: 1 });
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).not.toHaveValue("");
  await page.getByLabel(/^Prevoženi kilometri/).fill("120.000");
  await page.getByLabel(/^Prevoženi kilometri/).blur();
  await page.getByRole("combobox", { name: "Gorivo", exact: true }).selectOption("PETROL");
  await page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ }).fill("8.900");
  await page.getByRole("textbox", { name: /^Cena\s*\(€\)$/ }).blur();
  await page.getByRole("combobox", { name: "Regija", exact: true }).selectOption("MARIBOR");
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/slike$`));
  await expect(page.getByRole("heading", { level: 1, name: "Slike in dokumenti" })).toBeVisible();
  await expectIndicator(page, allSteps, "Slike");
  // Earlier steps of the draft are links back.
  await expect(indicator(page).getByRole("link", { name: "3. Podatki in oprema" })).toHaveAttribute(
    "href",
    `/nov-oglas/${postId}/karakteristike-in-oprema`,
  );
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/oglasevanje$`));
  await expect(page.getByRole("heading", { level: 1, name: "Atraktivnejša ponudba" })).toBeVisible();
  await expectIndicator(page, allSteps, "Atraktivnejša ponudba");
  // A featuring chosen here is bought after "Oddaj oglas" on the warranty step, which names it.
  await page.getByRole("radio", { name: /^Standard/ }).check();
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/garancija\\?package=STANDARD&days=\\d+$`));
  await expect(page.getByTestId("featuring-summary")).toHaveText(
    /^Izbrana izpostavitev: Standard, \d+ (dan|dneva|dnevi|dni)\. Plačate jo takoj po oddaji oglasa\.$/,
  );
  // Back by the indicator's link, publish without featuring this time.
  await indicator(page).getByRole("link", { name: "5. Atraktivnejša ponudba" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Atraktivnejša ponudba" })).toBeVisible();
  await page.getByRole("radio", { name: /^Brez izpostavitve/ }).check();
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/garancija$`));
  await expect(page.getByTestId("featuring-summary")).toHaveText("Oglas bo objavljen brez izpostavitve.");
  await expect(page.getByRole("heading", { level: 1, name: "Garancija" })).toBeVisible();
  await expectIndicator(page, allSteps, "Garancija");
  await expect(page.getByRole("button", { name: "Naprej", exact: true })).toHaveCount(0);
  const warrantyLoad = await gotoHydrated(page, `/nov-oglas/${postId}/garancija`);
  expect(warrantyLoad?.status()).toBe(200);
  await expectIndicator(page, allSteps, "Garancija");
  await page.getByRole("button", { name: "Oddaj oglas" }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/objavljen$`));
  await expect(page.getByRole("heading", { level: 1, name: "Oglas je objavljen" })).toBeVisible();

  // Editing the published posting drops the first two steps; every other step is a link.
  const edit = await gotoHydrated(page, `/nov-oglas/${postId}/karakteristike-in-oprema?edit=1`);
  expect(edit?.status()).toBe(200);
  await expectIndicator(page, editingSteps, "Podatki in oprema", { editing: true });
  await indicator(page).getByRole("link", { name: "4. Garancija" }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/garancija\\?edit=1$`));
  await expect(page.getByRole("heading", { level: 1, name: "Garancija" })).toBeVisible();
  await expectIndicator(page, editingSteps, "Garancija", { editing: true });
  await expect(page.getByRole("button", { name: "Shrani spremembe" })).toBeVisible();
});

test("sign-in step: a signed-in seller without a validated phone sees it, confirms the number there, and from then on the step is gone", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await freshSellerOnStepOne(page, info);
  await enterVin(page, freshVin(info));
  await expect(page).toHaveURL(/\/nov-oglas\/prijava\?oglas=\d+$/);
  const postId = /oglas=(\d+)/.exec(page.url())?.[1] ?? "";
  await expect(
    page.getByText("Kupci vas najlažje pokličejo: potrdite telefonsko številko ali nadaljujte brez nje."),
  ).toBeVisible();

  // Verify the phone in the step's dialog (the code from the development mailbox).
  await page.getByRole("button", { name: "Dodaj ali spremeni telefonsko številko" }).click();
  const dialog = page.getByRole("dialog", { name: "Potrdite telefonsko številko" });
  await expect(dialog).toBeVisible();
  const mobile = freshMobile();
  await dialog.getByLabel("Mobilna številka").fill(mobile.typed);
  await dialog.getByRole("button", { name: "Pošlji kodo SMS" }).click();
  const canonical = mobile.canonical;
  await expect(dialog.getByText(`Na ${mobile.formatted} smo poslali 5-mestno kodo.`)).toBeVisible();
  const box = (await (await page.request.get("/internal-api/v1/dev/outbox")).json()) as {
    to: string;
    channel: string;
    pin: string | null;
  }[];
  const pin = box.find((m) => m.channel === "sms" && m.to === canonical)?.pin ?? "";
  for (const [i, digit] of [...pin].entries()) await dialog.getByLabel(`Števka ${i + 1} od 5`).fill(digit);
  await expect(dialog.getByRole("status")).toHaveText("Telefonska številka je potrjena.");
  await dialog.getByRole("button", { name: "Zapri" }).click();

  // "Naprej" → the draft's details, where the sign-in step is no longer in the indicator.
  await page.getByRole("link", { name: "Naprej", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/karakteristike-in-oprema$`));
  await expect(page.getByRole("heading", { level: 1, name: "Podatki o vozilu in oprema" })).toBeVisible();
  await expectIndicator(page, withoutSignIn, "Podatki in oprema");
  // The step is removed: its address leads on to the draft's details (server redirect, the page 200).
  const skipped = await gotoHydrated(page, `/nov-oglas/prijava?oglas=${postId}`);
  expect(skipped?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/karakteristike-in-oprema$`));
  await gotoHydrated(page, "/nov-oglas");
  await expectIndicator(page, withoutSignIn, "Vozilo");

  // Spec section 4: editing a draft with no trim goes to trim selection (a VIN draft has none).
  await gotoHydrated(page, "/uporabnik/moji-oglasi");
  const draft = page.getByTestId("my-postings").locator("li").filter({ hasText: "Osnutek" }).first();
  await draft.getByRole("link", { name: "Nadaljuj urejanje" }).click();
  await expect(page).toHaveURL(new RegExp(`/nov-oglas/${postId}/izbira-izvedenke$`));
  await expect(page.getByRole("heading", { level: 1, name: "Izberite izvedenko" })).toBeVisible();
  await expectIndicator(page, withoutSignIn, "Vozilo");
});

test("a seller with a validated phone never meets the sign-in step (kupec@primer.si)", async ({ page }) => {
  await signInByEmail(page, "kupec@primer.si", "/nov-oglas");
  await expectIndicator(page, withoutSignIn, "Vozilo");
  const response = await gotoHydrated(page, "/nov-oglas/prijava");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/nov-oglas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Katero vozilo prodajate?" })).toBeVisible();
});

/** Opens the newest sign-in link for `email` from the development mailbox in a brand-new browser. */
async function openLinkInAnotherBrowser(browser: Browser, info: TestInfo, email: string) {
  const other = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: info.project.use.viewport,
    isMobile: info.project.use.isMobile,
    hasTouch: info.project.use.hasTouch,
  });
  await other.addCookies([
    {
      name: "avtotrg_consent",
      value: encodeURIComponent("v=1&a=0&m=0&t=2025-07-22"),
      url: info.project.use.baseURL ?? "",
      sameSite: "Lax",
    },
  ]);
  const page = await other.newPage();
  await gotoHydrated(page, "/dev/posta");
  await openMailLink(page, page.getByTestId("dev-message").filter({ hasText: email }).first());
  await confirmSignInLink(page, email);
  return { other, page };
}

test("manual make and model go on to trim selection; the choice made signed out survives the sign-in link opened in another browser", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const start = await gotoHydrated(page, "/nov-oglas");
  expect(start?.status()).toBe(200);
  await page.getByText("Ročna izbira znamke in modela").click();
  await page.getByRole("combobox", { name: "Znamka", exact: true }).selectOption("skoda");
  await page.getByRole("combobox", { name: "Model", exact: true }).selectOption("octavia");
  await page.getByRole("button", { name: "Naprej", exact: true }).click();

  // Trim selection before a draft exists (client-side navigation), step 1 still current.
  await expect(page).toHaveURL(/\/nov-oglas\/izbira-izvedenke\?manufacturer=skoda&model=octavia$/);
  await expect(page.getByRole("heading", { level: 1, name: "Izberite izvedenko" })).toBeVisible();
  await expect(page.getByTestId("trim-vehicle")).toHaveText("Škoda Octavia");
  await expectIndicator(page, allSteps, "Vozilo");
  // The same page by its address answers 200.
  const direct = await gotoHydrated(page, "/nov-oglas/izbira-izvedenke?manufacturer=skoda&model=octavia");
  expect(direct?.status()).toBe(200);
  await expect(page.getByTestId("trim-vehicle")).toHaveText("Škoda Octavia");
  await page.getByTestId("trims").getByRole("button").first().click();

  // Signed out: the sign-in step names the choice, which waits on the server, not in this tab.
  await expect(page).toHaveURL(/\/nov-oglas\/prijava\?izbira=[A-Za-z0-9_-]+$/);
  const chosenName = page.getByTestId("chosen-vehicle-name");
  await expect(chosenName).toHaveText(/^Škoda Octavia \S/);
  const name = (await chosenName.textContent()) ?? "";
  await expectIndicator(page, allSteps, "Prijava");
  const email = freshEmail(info);
  await page.getByLabel("E-poštni naslov").fill(email);
  await page.getByRole("button", { name: "Pošlji povezavo za prijavo" }).click();
  await expect(page.getByRole("heading", { name: "Preverite e-pošto" })).toBeVisible();

  // Another browser on the same device (no shared storage) opens the link: the wizard goes on with the car.
  const { other, page: second } = await openLinkInAnotherBrowser(browser, info, email);
  await registerIfAsked(second, /\/nov-oglas\/prijava\?oglas=\d+$/);
  await expect(second).toHaveURL(/\/nov-oglas\/prijava\?oglas=\d+$/);
  await hydrated(second);
  await expect(second.getByTestId("chosen-vehicle-name")).toHaveText(name);
  await expectIndicator(second, allSteps, "Prijava");
  await second.getByRole("link", { name: "Naprej", exact: true }).click();
  await expect(second).toHaveURL(/\/nov-oglas\/\d+\/karakteristike-in-oprema$/);
  await expect(second.getByRole("heading", { level: 1, name: "Podatki o vozilu in oprema" })).toBeVisible();
  await expect(second.getByRole("main").getByText(name, { exact: true })).toBeVisible();
  await other.close();
});

test("a chassis-number error disappears when the seller switches to manual selection", async ({ page }) => {
  await gotoHydrated(page, "/nov-oglas");
  await page.getByLabel("Številka šasije (VIN)").fill("TMB-OOO");
  await page.getByRole("button", { name: "Naprej", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Številka šasije ni veljavna.");
  await page.getByText("Ročna izbira znamke in modela").click();
  await expect(page.getByRole("combobox", { name: "Znamka", exact: true })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Številka šasije ni veljavna.")).toHaveCount(0);
  // Back to the chassis number: a fresh start, no stale error.
  await page.getByText("S številko šasije").click();
  await expect(page.getByLabel("Številka šasije (VIN)")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
