import type { Page } from "@playwright/test";
import { expect, openSignInLink, signInByEmail, test } from "./fixtures";

// Issue 20, "Guards and dialogs": what a person sees after hydration, the document's status, and
// (where the point is a page) the same after a client-side navigation. Users whose state changes are
// fresh ones of this run (a per-run counter), never the shared demo accounts.

const stamp = Date.now().toString(36);
let counter = 0;
const freshEmail = (project: string) => `i20b-${project}-${stamp}-${counter++}@primer.si`;

/**
 * gotoHydrated with room for a busy machine: this file opens many pages in a row (three agents share two
 * cores here); what it checks is what the page shows once hydrated, not how fast.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydratedSoon(page);
  return response;
}
const hydratedSoon = (page: Page) =>
  expect(page.locator("html[data-hydrated='true']")).toBeAttached({ timeout: 20_000 });

type Me = { firstName: string | null; lastName: string | null };
const meOf = async (page: Page) => (await (await page.request.get("/internal-api/v1/me")).json()) as Me;

test("the registered-user guard: anonymous to /relogin, without names to /register, and back to the page after saving", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(90_000);
  // Anonymous: the auth gate first.
  const anonymous = await page.goto("/uporabnik/moji-oglasi");
  expect(anonymous?.status()).toBe(200);
  await expect(page).toHaveURL(/\/relogin\?redirectUrl=%2Fuporabnik%2Fmoji-oglasi$/);

  const email = freshEmail(isMobileProject ? "m" : "d");
  await openSignInLink(page, email, "/");
  // The first sign-in of a user without names: registration first (success=true).
  await expect(page).toHaveURL(/\/register\?redirectUrl=/);
  await hydratedSoon(page);

  const guarded = [
    "/uporabnik/moji-oglasi",
    "/uporabnik/priljubljeni-oglasi",
    "/uporabnik/profil",
    "/uporabnik/shranjena-iskanja",
    "/dms/zaloga",
    "/trgovec/avtohisa-kranjc/uredi",
    "/oglasevanje/1",
    "/nov-oglas/1/karakteristike-in-oprema",
  ];
  for (const path of guarded) {
    const response = await page.goto(path);
    // The server answers the guarded page with a redirect; the document the user gets is /register (200).
    expect(response?.request().redirectedFrom()?.url(), path).toContain(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(`/register?redirectUrl=${encodeURIComponent(path)}`);
  }
  await hydratedSoon(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dokončajte profil" })).toBeVisible();

  // The same after a client-side navigation: the favourites link of the header or the mobile menu.
  await open(page, "/iskanje");
  await page.locator('a[href="/uporabnik/priljubljeni-oglasi"]:visible').first().click();
  await expect(page).toHaveURL("/register?redirectUrl=%2Fuporabnik%2Fpriljubljeni-oglasi");
  await expect(page.getByRole("heading", { level: 1, name: "Dokončajte profil" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Strinjam se/ })).toBeEnabled();
  await expect(page.getByRole("checkbox", { name: /Strinjam se/ })).not.toBeChecked();

  await page.getByLabel("Ime", { exact: true }).fill("Vida");
  await page.getByLabel("Priimek").fill("Varuh");
  await page.getByRole("checkbox", { name: /Strinjam se/ }).check();
  await page.getByRole("button", { name: "Ustvari profil" }).click();
  await expect(page.getByTestId("profile-toast")).toHaveText("Profil je shranjen.");
  // Success is signalled 2 s later: back to the page the guard stopped.
  await expect(page).toHaveURL("/uporabnik/priljubljeni-oglasi", { timeout: 10_000 });
  await hydratedSoon(page);
  await expect(page.getByRole("heading", { level: 1, name: "Priljubljeni oglasi" })).toBeVisible();
  expect(await meOf(page)).toMatchObject({ firstName: "Vida", lastName: "Varuh" });

  await test.step("the profile page: save, a second edit saves too, cancel leaves", async () => {
    const response = await open(page, "/uporabnik/profil");
    expect(response?.status()).toBe(200);
    const save = page.getByRole("button", { name: "Posodobi profil" });
    await page.getByLabel("Ime", { exact: true }).fill("Vidka");
    await save.click();
    await expect(page.getByTestId("profile-toast")).toHaveText("Profil je shranjen.");
    await expect(save).toBeDisabled();
    // After 2 s: the toast is gone and the form is usable again.
    await expect(page.getByTestId("profile-toast")).toHaveCount(0, { timeout: 5_000 });
    await expect(save).toBeEnabled();
    await expect(page).toHaveURL("/uporabnik/profil");
    await page.getByLabel("Ime", { exact: true }).fill("Vidojka");
    await save.click();
    await expect(page.getByTestId("profile-toast")).toHaveText("Profil je shranjen.");
    await expect(page.getByTestId("profile-toast")).toHaveCount(0, { timeout: 5_000 });
    expect((await meOf(page)).firstName).toBe("Vidojka");
    // Cancel signals cancel: an unsaved change is dropped and the page left.
    await page.getByLabel("Ime", { exact: true }).fill("Nič");
    await page.getByRole("button", { name: "Prekliči" }).click();
    await expect(page).toHaveURL("/");
    expect((await meOf(page)).firstName).toBe("Vidojka");

    // Opened with a redirectUrl: success returns there.
    await open(page, "/uporabnik/profil?redirectUrl=%2Fiskanje");
    await page.getByLabel("Priimek").fill("Varuhinja");
    await page.getByRole("button", { name: "Posodobi profil" }).click();
    await expect(page.getByTestId("profile-toast")).toBeVisible();
    await expect(page).toHaveURL("/iskanje", { timeout: 10_000 });
    expect((await meOf(page)).lastName).toBe("Varuhinja");
  });
});

test("/register for a registered user shows the filled profile with the accepted terms ticked and locked", async ({
  page,
}) => {
  await signInByEmail(page, "kupec@primer.si", "/register?redirectUrl=%2Fiskanje");
  await expect(page.getByRole("heading", { level: 1, name: "Moj profil" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dokončajte profil" })).toHaveCount(0);
  await expect(page.getByLabel("Ime", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("Priimek")).not.toHaveValue("");
  await expect(page.getByLabel("E-poštni naslov")).toHaveValue("kupec@primer.si");
  const terms = page.getByRole("checkbox", { name: /Strinjam se/ });
  await expect(terms).toBeChecked();
  await expect(terms).toBeDisabled();
  await expect(page.getByRole("button", { name: "Posodobi profil" })).toBeEnabled();
  // Cancel returns to where the page was opened from.
  await page.getByRole("button", { name: "Prekliči" }).click();
  await expect(page).toHaveURL("/iskanje");
});

test("success=false opens the login dialog on every layout, the new-post layout included", async ({ page }) => {
  test.setTimeout(60_000);
  // Default, search, post and new-post layouts.
  for (const path of [
    "/?success=false",
    "/iskanje?success=false",
    "/oglas/1?success=false",
    "/nov-oglas?success=false",
  ]) {
    const response = await open(page, path);
    expect(response?.status(), path).toBe(200);
    const dialog = page.getByRole("dialog", { name: "Prijava" });
    await expect(dialog, path).toBeVisible();
    await expect(dialog.getByRole("alert"), path).toHaveText(
      "Povezava za prijavo ni veljavna ali je potekla. Zahtevajte novo.",
    );
    await expect(dialog.getByRole("button", { name: "Pošlji povezavo za prijavo" }), path).toBeVisible();
  }
  // Closing it leaves the page without the one-off parameter.
  await page.getByRole("dialog", { name: "Prijava" }).getByRole("button", { name: "Zapri" }).click();
  await expect(page).toHaveURL("/nov-oglas");
  await expect(page.getByRole("dialog", { name: "Prijava" })).toHaveCount(0);
});

test("a spent sign-in link says so and leads back to the new-post page, whose login dialog sends a new one", async ({
  page,
  isMobileProject,
}) => {
  const email = freshEmail(isMobileProject ? "m" : "d");
  const returnTo = await openSignInLink(page, email, "/nov-oglas");
  await expect(page).toHaveURL(/\/register\?/);
  const box = (await (await page.request.get("/internal-api/v1/dev/outbox")).json()) as {
    to: string;
    link: string | null;
  }[];
  const link = box.find((m) => m.to === email)?.link ?? "";
  expect(link).toContain("/prijava/potrditev?token=");
  // Signed out, the same (now used) link is opened again.
  await page.context().clearCookies({ name: /^avtotrg_session/ });
  await open(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("alert")).toContainText(
    "Ta povezava za prijavo ni več veljavna (uporabljena ali potekla). Zahtevajte novo.",
  );
  await page.getByTestId("link-confirm-new").click();
  await expect(page).toHaveURL(`${returnTo}&success=false`);
  await hydratedSoon(page);
  const dialog = page.getByRole("dialog", { name: "Prijava" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Povezava za prijavo ni veljavna ali je potekla. Zahtevajte novo.",
  );
  await dialog.getByLabel("E-poštni naslov").fill(email);
  await dialog.getByRole("button", { name: "Pošlji povezavo za prijavo" }).click();
  await expect(dialog.getByRole("heading", { name: "Preverite e-pošto" })).toBeVisible();
});

test("the terms banner hides 15 s after its first display across page loads, then sets new-terms-notification", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.clock.install();
  await open(page, "/");
  const banner = page.getByTestId("terms-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("link", { name: "Splošni pogoji" })).toHaveAttribute("href", "/splosni-pogoji");
  // The first display is remembered across page loads.
  const firstShown = Number(await page.evaluate(() => localStorage.getItem("avtotrg-terms-banner-first-shown")));
  expect(firstShown).toBeGreaterThan(0);
  // 10 s later (time stands still from here on: only the test moves it) the visitor opens another page.
  await page.clock.pauseAt(firstShown + 10_000);
  await expect(banner).toBeVisible();
  await page.goto("/iskanje");
  // Time moves in small steps until React has hydrated (the scripts load after the first paint).
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        return page.evaluate(() => document.documentElement.dataset.hydrated ?? "");
      },
      { timeout: 20_000 },
    )
    .toBe("true");
  // No cookie yet: the banner is back, but only for what is left of the first 15 s, not for another 15 s.
  const left = firstShown + 15_000 - (await page.evaluate(() => Date.now()));
  expect(left).toBeGreaterThan(1_000);
  expect(left).toBeLessThanOrEqual(5_000);
  await expect(banner).toBeVisible();
  await page.clock.runFor(left - 500);
  await expect(banner).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "new-terms-notification")).toBeUndefined();
  await page.clock.runFor(1_000);
  await expect(banner).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === "new-terms-notification");
  expect(cookie).toMatchObject({ path: "/" });
  await page.clock.resume();
  const response = await open(page, "/");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("terms-banner")).toHaveCount(0);
});

test("the locale cookie i18n_redirected=si (365 days, path /) comes with the first page, without scripts, and is not set again", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const first = await page.goto("/oglasujte");
  expect(first?.status()).toBe(200);
  expect(await first?.headerValue("set-cookie")).toContain(
    "i18n_redirected=si; Max-Age=31536000; Path=/; SameSite=Lax",
  );
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie).toMatchObject({ value: "si", path: "/" });
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);
  const second = await page.goto("/iskanje");
  expect((await second?.headerValue("set-cookie")) ?? "").not.toContain("i18n_redirected");
  await context.close();
});

test("the header's sign-in link on /relogin, /register and /prijava keeps the original redirectUrl", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const response = await open(page, "/relogin?redirectUrl=%2Fuporabnik%2Fmoji-oglasi");
  expect(response?.status()).toBe(200);
  const signIn = page.locator("header").getByRole("link", { name: "Prijava" });
  await expect(signIn).toHaveAttribute("href", "/relogin?redirectUrl=%2Fuporabnik%2Fmoji-oglasi");
  await signIn.click();
  await hydratedSoon(page);
  await expect(page).toHaveURL("/relogin?redirectUrl=%2Fuporabnik%2Fmoji-oglasi");
  await expect(signIn).toHaveAttribute("href", "/relogin?redirectUrl=%2Fuporabnik%2Fmoji-oglasi");
  await open(page, "/relogin");
  await expect(signIn).toHaveAttribute("href", "/relogin?redirectUrl=%2F");
  await open(page, "/prijava/potrditev?token=neznan");
  await expect(signIn).toHaveAttribute("href", "/relogin?redirectUrl=%2F");
  // Elsewhere the link returns to the page itself.
  await open(page, "/iskanje?fuel=DIESEL");
  await expect(signIn).toHaveAttribute("href", "/relogin?redirectUrl=%2Fiskanje%3Ffuel%3DDIESEL");
});
