import type { BrowserContext, Locator, Page } from "@playwright/test";
import { parseConsent } from "../src/domain/consent";
import { expect, gotoHydrated, hydrated, test } from "./fixtures";
import { holdScripts, throttlePhone } from "./phone-profile";

/**
 * Issue 24, decision 064: no dead taps. On the throttled phone, each control is tapped the moment it is visible,
 * long before the page has hydrated, and its effect is checked; then the same taps after hydration work without
 * a page load. On main (before issue 24) each of the early taps was silently lost.
 */

const thirdParty = /analytics-stub|gpt-stub|googletagmanager|doubleclick/;

/** Every third-party script the page asks for, from now on. */
function thirdPartyRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (thirdParty.test(r.url())) seen.push(r.url());
  });
  return seen;
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/** Taps as soon as the control is visible; fails when the page had already hydrated (then it proves nothing). */
async function tapEarly(page: Page, control: Locator) {
  await control.waitFor({ state: "visible" });
  expect(await isHydrated(page), "the tap must come before hydration").toBe(false);
  await control.tap();
}

async function consentOf(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "avtotrg_consent");
  return parseConsent(cookie ? decodeURIComponent(cookie.value) : null);
}

/** Marks the document: the mark survives a client-side navigation, not a page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);

/** Opens `path` hydrated, marks the document and taps the bar's `button`: the bar goes. */
async function closeHydrated(page: Page, path: string, testId: string, button: string) {
  await gotoHydrated(page, path);
  await markDocument(page);
  const bar = page.getByTestId(testId);
  await bar.getByRole("button", { name: button }).tap();
  await expect(bar).toBeHidden();
}

test.describe("on the throttled phone", () => {
  test.beforeEach(({ isMobileProject }) => {
    test.skip(!isMobileProject, "the throttled phone profile (390 px)");
    test.setTimeout(60_000);
  });

  test.describe("the cookie bar, before any choice", () => {
    test.use({ presetConsent: false });

    /** Opens `path` throttled, taps the bar's `button` the moment it shows; answers the bar and the third-party requests. */
    async function decideEarly(page: Page, path: string, button: string) {
      const requested = thirdPartyRequests(page);
      await throttlePhone(page);
      await page.goto(path, { waitUntil: "commit" });
      const bar = page.getByTestId("consent-banner");
      await tapEarly(page, bar.getByRole("button", { name: button }));
      await expect(bar).toBeHidden();
      return { bar, requested };
    }

    test("'Zavrni neobvezne' tapped as soon as it shows on a posting: refused, bar gone for good, no analytics or ads", async ({
      page,
      context,
    }) => {
      const { bar, requested } = await decideEarly(page, "/oglas/1", "Zavrni neobvezne");
      await expect(page).toHaveURL(/\/oglas\/1$/);
      expect(await consentOf(context)).toMatchObject({ analytics: false, marketing: false });
      await hydrated(page);
      await page.reload();
      await hydrated(page);
      await expect(bar).toBeHidden();
      expect(requested).toEqual([]);
    });

    test("'Sprejmi vse' tapped as soon as it shows on the search page: both allowed, back on the same search", async ({
      page,
      context,
    }) => {
      const { requested } = await decideEarly(page, "/iskanje?fuel=DIESEL", "Sprejmi vse");
      await expect(page).toHaveURL(/\/iskanje\?fuel=DIESEL$/);
      expect(await consentOf(context)).toMatchObject({ analytics: true, marketing: true });
      // With the consent the page loads its analytics once hydrated.
      await hydrated(page);
      await expect.poll(() => requested.some((u) => u.includes("analytics-stub"))).toBe(true);
    });

    test("'Nastavitve' before hydration opens the cookie page, where the choice can be made", async ({ page }) => {
      await throttlePhone(page);
      // Scripts held until the tap (as the other early-tap tests do): on a busy machine the page could hydrate between
      // the check and the tap.
      const release = await holdScripts(page);
      await page.goto("/", { waitUntil: "commit" });
      const bar = page.getByTestId("consent-banner");
      await tapEarly(page, bar.getByRole("link", { name: "Nastavitve", exact: true }));
      release();
      await expect(page).toHaveURL(/\/piskotki$/, { timeout: 15_000 });
      await expect(page.getByTestId("consent-banner")).toBeVisible();
    });

    test("after hydration the same taps work without a page load", async ({ page, context }) => {
      await closeHydrated(page, "/oglas/1", "consent-banner", "Zavrni neobvezne");
      expect(await consentOf(context)).toMatchObject({ analytics: false, marketing: false });
      expect(await sameDocument(page)).toBe(true);
    });
  });

  test("the terms notice's close tapped as soon as it shows: closed, cookie set, stays closed after a reload", async ({
    page,
    context,
  }) => {
    await throttlePhone(page);
    await page.goto("/oglas/1", { waitUntil: "commit" });
    const notice = page.getByTestId("terms-banner");
    await tapEarly(page, notice.getByRole("button", { name: "Zapri obvestilo" }));
    await expect(notice).toBeHidden();
    await expect(page).toHaveURL(/\/oglas\/1$/);
    expect((await context.cookies()).find((c) => c.name === "new-terms-notification")?.value).toBe("1");
    await hydrated(page);
    await page.reload();
    await hydrated(page);
    await expect(notice).toBeHidden();
  });

  test("the terms notice's close after hydration works without a page load", async ({ page, context }) => {
    await closeHydrated(page, "/", "terms-banner", "Zapri obvestilo");
    expect((await context.cookies()).find((c) => c.name === "new-terms-notification")?.value).toBe("1");
    expect(await sameDocument(page)).toBe(true);
  });

  /** The home page's quick search: a make (the second in the list) and a highest price. */
  async function fillQuickSearch(page: Page) {
    const form = page.getByRole("form", { name: "Iskanje vozil" });
    const make = form.getByLabel("Znamka");
    await make.waitFor({ state: "visible" });
    const value = await make.locator("option").nth(1).getAttribute("value");
    if (!value) throw new Error("no make to choose");
    return { form, make, value };
  }

  test("the home page's quick search submitted before hydration shows the filtered results at the canonical URL", async ({
    page,
  }) => {
    await throttlePhone(page);
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const { form, make, value } = await fillQuickSearch(page);
    expect(await isHydrated(page), "the filter must be set before hydration").toBe(false);
    await make.selectOption(value);
    await form.getByLabel("Cena do").fill("30000");
    await tapEarly(page, form.getByRole("button", { name: "Išči" }));
    release();
    await expect(page).toHaveURL(new RegExp(`/iskanje\\?model=${value}&price=\\.\\.30000$`));
    await expect(page.getByRole("group", { name: "Izbrani filtri" }).getByRole("link")).toHaveCount(3); // the make, the price, "Počisti vse";
    await expect(page.getByTestId("result-count")).toContainText(/\d/);
  });

  test("the quick search after hydration goes to the same results without a page load", async ({ page }) => {
    await gotoHydrated(page, "/");
    await markDocument(page);
    const { form, make, value } = await fillQuickSearch(page);
    await make.selectOption(value);
    await form.getByLabel("Cena do").fill("30000");
    await form.getByRole("button", { name: "Išči" }).tap();
    await expect(page).toHaveURL(new RegExp(`/iskanje\\?model=${value}&price=\\.\\.30000$`));
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe("the search sidebar (desktop)", () => {
  test.beforeEach(({ isMobileProject }) => {
    test.skip(isMobileProject, "the sidebar is shown from the desktop width up");
    test.setTimeout(60_000);
  });

  test("set and submitted before hydration, it shows the filtered results at the canonical URL", async ({ page }) => {
    await throttlePhone(page);
    const release = await holdScripts(page);
    await page.goto("/iskanje?fuel=DIESEL", { waitUntil: "commit" });
    const sidebar = page.getByRole("complementary", { name: "Filtri" });
    const submit = sidebar.getByRole("button", { name: "Prikaži rezultate" });
    await submit.waitFor({ state: "visible" });
    expect(await isHydrated(page), "the filter must be set before hydration").toBe(false);
    await sidebar.getByRole("textbox", { name: "Cena (€) do" }).fill("30.000");
    await sidebar.getByRole("checkbox", { name: /Bencin/ }).check();
    await submit.click();
    release();
    await expect(page).toHaveURL(/\/iskanje\?fuel=PETROL&fuel=DIESEL&price=\.\.30000$/);
    await hydrated(page);
    // Once hydrated every change applies at once: the submit button is gone.
    await expect(submit).toBeHidden();
  });
});
