import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

// Issue 11: axe-core finds no serious or critical violation on any public page or any dialog.
// Moderate and minor findings are listed as annotations of the test (in the JSON report), except on the
// pages marked strict: their moderate findings were fixed, and a new one fails the test.

// No traces: recording the page around every axe run cost about a sixth of these tests' CPU time, and a
// failure already names the rule and the elements.
test.use({ trace: "off" });
// axe analyses the whole document in the page's main thread: on a busy 2-core machine one run of a
// posting page with two dialogs took over 30 s (the default timeout). The checks are the same.
test.describe.configure({ timeout: 90_000 });

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

type Scope = { include?: string /** Moderate violations fail too. */; strict?: boolean };

/** Runs axe on the page (or a part of it); fails on serious and critical violations (and moderate ones when strict), notes the rest. */
async function audit(page: Page, testInfo: TestInfo, label: string, scope: Scope = {}) {
  // Only violations are collected: passes and incomplete results would cost time nobody reads.
  let builder = new AxeBuilder({ page }).withTags(tags).options({ resultTypes: ["violations"] });
  if (scope.include) builder = builder.include(scope.include);
  const { violations } = await builder.analyze();
  const failOn = scope.strict ? ["moderate", "serious", "critical"] : ["serious", "critical"];
  const blocking = violations.filter((v) => failOn.includes(v.impact ?? ""));
  for (const v of violations.filter((x) => !blocking.includes(x))) {
    testInfo.annotations.push({
      type: `axe ${v.impact ?? "?"}`,
      description: `${label}: ${v.id} (${v.nodes.length}×) ${v.help}`,
    });
  }
  const described = blocking.map(
    (v) =>
      `${v.id} [${v.impact}] ${v.help}\n${v.nodes
        .slice(0, 4)
        .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n\s*/g, " ")}`)
        .join("\n")}`,
  );
  expect.soft(described, `axe on ${label}`).toEqual([]);
}

/** The element that has focus is inside the dialog (or nothing has focus: the browser's own UI). */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((d) => {
    const active = document.activeElement;
    return active === null || active === document.body || d.contains(active);
  });

/**
 * The keyboard contract of a modal: focus moves in, Tab stays in, Escape closes, and focus goes back
 * to the control that opened it.
 */
async function keyboardCycle(page: Page, opener: Locator, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside(dialog), `Tab ${i + 1} keeps focus in the dialog`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

// Public pages, each audited whole on both projects. The pages marked "desktop" share their component
// and layout with a page audited on both (the legal pages with /politika-zasebnosti and /piskotki, the
// empty result with /iskanje): their phone layout adds nothing new and the time is better spent elsewhere.
// "strict": moderate findings fail as well. These pages had some (heading order on /iskanje, ad slots
// sharing one landmark name on /oglas/1 and /test-ads), now fixed; the test keeps them fixed.
type PageOptions = { only?: "desktop"; strict?: true };
const publicPages: [path: string, label: string, options?: PageOptions][] = [
  ["/", "domača stran"],
  ["/iskanje", "iskanje", { strict: true }],
  ["/iskanje?fuel=DIESEL&price=..20000&body=SUV&sort=priceAsc", "iskanje s filtri", { strict: true }],
  ["/iskanje?price=..1&fuel=ELECTRIC", "iskanje brez zadetkov", { only: "desktop", strict: true }],
  ["/napredno-iskanje", "napredno iskanje"],
  ["/oglas/4", "prodan oglas (410)"],
  ["/trgovec/avtohisa-kranjc", "stran trgovca"],
  ["/partnerji", "partnerji"],
  ["/politika-zasebnosti", "politika zasebnosti"],
  ["/splosni-pogoji", "splošni pogoji", { only: "desktop" }],
  ["/pravilasodelovanja", "pravila sodelovanja", { only: "desktop" }],
  ["/splosnipogojiuporabe", "pogoji akcije", { only: "desktop" }],
  ["/piskotki", "piškotki"],
  ["/relogin", "prijava"],
  ["/nov-oglas", "nov oglas"],
  ["/nov-oglas/prijava", "nov oglas: prijava"],
  ["/nov-oglas/izbira-izvedenke?manufacturer=skoda&model=octavia", "nov oglas: izbira izvedenke"],
  ["/oglasujte", "oglasujte"],
  ["/dobropis20eur", "dobropis"],
  ["/trgovec/registracija", "registracija trgovca"],
  ["/ta-stran-ne-obstaja", "404"],
  ["/da-manager/support", "Avtotrg Manager: podpora"],
  ["/test-ads", "oglasna mesta", { only: "desktop", strict: true }],
];

for (const [path, label, { only, strict } = {}] of publicPages) {
  test(`axe: ${label} (${path})`, async ({ page, isMobileProject }, testInfo) => {
    test.skip(only === "desktop" && isMobileProject, "the same component and layout are audited on a phone elsewhere");
    await gotoHydrated(page, path);
    await audit(page, testInfo, path, { strict });
  });
}

test("axe: a posting with photos, equipment and the phone shown; the lightbox and the equipment dialog", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/oglas/1");
  await page.getByTestId("seller").getByText("Pokaži telefonsko številko").click();
  await expect(page.getByTestId("seller-phone")).toBeVisible();
  await audit(page, testInfo, "/oglas/1", { strict: true });

  const opener = page.getByRole("button", { name: /^Povečaj fotografijo/ });
  await opener.click();
  const lightbox = page.getByRole("dialog", { name: /^Fotografije:/ });
  await expect(lightbox).toBeVisible();
  await audit(page, testInfo, "galerija (lightbox)", { include: "dialog[open]" });
  await keyboardCycle(page, opener, lightbox);

  const more = page.getByRole("button", { name: /^več – / }).first();
  await more.click();
  const equipment = page.getByRole("dialog").filter({ has: page.getByTestId("equipment-more") });
  await expect(equipment).toBeVisible();
  await audit(page, testInfo, "opis opreme", { include: "dialog[open]" });
  await keyboardCycle(page, more, equipment);
});

test("axe: the mobile filter drawer and the sidebar menu", async ({ page, isMobileProject }, testInfo) => {
  test.skip(!isMobileProject, "both exist below 992 px");
  await gotoHydrated(page, "/iskanje?fuel=DIESEL");
  const filters = page.getByRole("button", { name: /^Filtri/ });
  await filters.click();
  const drawer = page.getByRole("dialog", { name: "Filtri" });
  await expect(drawer.getByTestId("apply-filters")).toHaveAttribute("aria-busy", "false");
  await audit(page, testInfo, "predal s filtri", { include: "dialog[open]" });
  await keyboardCycle(page, filters, drawer);

  const menu = page.getByRole("button", { name: "Meni" });
  await menu.click();
  const sidebar = page.getByRole("dialog", { name: "Stranski meni" });
  await expect(sidebar).toBeVisible();
  await audit(page, testInfo, "stranski meni", { include: "dialog[open]" });
  await keyboardCycle(page, menu, sidebar);
});

test.describe("without a cookie choice", () => {
  test.use({ presetConsent: false });

  test("axe: the consent bar and its settings dialog", async ({ page }, testInfo) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("region", { name: "Piškotki in vaša zasebnost" });
    await expect(banner).toBeVisible();
    await audit(page, testInfo, "pasica piškotkov");
    const opener = banner.getByRole("link", { name: "Nastavitve", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Nastavitve piškotkov" });
    await audit(page, testInfo, "nastavitve piškotkov", { include: "dialog[open]" });
    await keyboardCycle(page, opener, dialog);
  });
});

test("axe: the sign-in dialog over a page after a failed link", async ({ page, isMobileProject }, testInfo) => {
  test.skip(isMobileProject, "the shared Modal, audited on phones with the consent settings");
  await gotoHydrated(page, "/iskanje?success=false");
  const dialog = page.getByRole("dialog", { name: "Prijava" });
  await expect(dialog).toBeVisible();
  await audit(page, testInfo, "prijava (dialog)", { include: "dialog[open]" });
});

test("axe: the ad interstitial", async ({ page, context, baseURL, isMobileProject }, testInfo) => {
  test.skip(!isMobileProject, "the interstitial is shown on phones and tablets only");
  await context.addCookies([
    { name: "avtotrg_consent", value: encodeURIComponent("v=1&a=0&m=1&t=2025-07-22"), url: baseURL!, sameSite: "Lax" },
  ]);
  await gotoHydrated(page, "/test-ads");
  const opener = page.getByRole("button", { name: "Odpri medstranski oglas" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Oglas" });
  await expect(dialog.getByTestId("ad-interstitial")).toBeVisible();
  await audit(page, testInfo, "medstranski oglas", { include: "dialog[open]" });
  await keyboardCycle(page, opener, dialog);
});

test("axe: a seller's preview card, full preview, 'Oglas je objavljen' and quick edit (decision 061)", async ({
  page,
  isMobileProject,
}, testInfo) => {
  test.skip(!isMobileProject, "the publishing pages are audited at 390 px, where sellers use them");
  await signInByEmail(page, "prodajalec@primer.si", "/nov-oglas/6/garancija");
  await expect(page.getByTestId("preview-card").getByRole("article")).toBeVisible();
  await audit(page, testInfo, "garancija s predogledom", { strict: true });
  for (const path of ["/nov-oglas/6/predogled", "/nov-oglas/1/objavljen", "/uporabnik/moji-oglasi/1/uredi"]) {
    await gotoHydrated(page, path);
    await audit(page, testInfo, path, { strict: true });
  }
});

// Signed-in dialogs: the desktop project is enough (the same components on phones).
test.describe("signed in", () => {
  test.beforeEach(({ isMobileProject }) => test.skip(isMobileProject, "the same dialogs as on desktop"));

  test("axe: a buyer's save-search and verify-phone dialogs", async ({ page }, testInfo) => {
    await signInByEmail(page, "kupec@primer.si", "/iskanje?fuel=DIESEL");
    const save = page.getByRole("button", { name: "Shrani iskanje" });
    await save.click();
    const dialog = page.getByRole("dialog", { name: "Shrani iskanje" });
    await audit(page, testInfo, "shrani iskanje", { include: "dialog[open]" });
    await keyboardCycle(page, save, dialog);

    await gotoHydrated(page, "/uporabnik/profil");
    const verify = page.getByRole("button", { name: "Dodaj ali spremeni telefonsko številko" });
    await verify.click();
    const phone = page.getByRole("dialog", { name: "Potrdite telefonsko številko" });
    await audit(page, testInfo, "potrditev telefona", { include: "dialog[open]" });
    await keyboardCycle(page, verify, phone);
  });

  test("axe: a dealer's stock chart, delegate and confirm dialogs", async ({ page }, testInfo) => {
    await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga?status=PUBLISHED");
    const row = page.getByTestId("my-postings").locator("[data-code]:visible").first();
    // The dialogs open from "Več dejanj" and return focus to it.
    const more = row.getByRole("button", { name: /^Več dejanj/ });
    await more.click();
    await audit(page, testInfo, "več dejanj", { include: '[role="menu"]' });
    await row.getByRole("menuitem", { name: "Statistika" }).click();
    const chartDialog = page.getByRole("dialog", { name: /^Statistika: / });
    await expect(chartDialog.getByTestId("views-chart")).toBeVisible();
    await audit(page, testInfo, "statistika oglasa", { include: "dialog[open]" });
    await keyboardCycle(page, more, chartDialog);

    await more.click();
    await row.getByRole("menuitem", { name: "Dodeli oglas" }).click();
    const delegateDialog = page.getByRole("dialog", { name: "Dodeli oglas" });
    await expect(delegateDialog.getByRole("radio").first()).toBeVisible();
    await audit(page, testInfo, "dodeli svetovalcu", { include: "dialog[open]" });
    await keyboardCycle(page, more, delegateDialog);

    await gotoHydrated(page, "/dms/svetovalci");
    const remove = page.getByRole("button", { name: /^Odstrani: / }).first();
    await remove.click();
    const confirm = page.getByRole("dialog", { name: "Odstranim svetovalca?" });
    await audit(page, testInfo, "potrditev odstranitve", { include: "dialog[open]" });
    await keyboardCycle(page, remove, confirm);
  });

  test("axe: the administration's dealership dialogs", async ({ page }, testInfo) => {
    await signInByEmail(page, "admin@primer.si", "/administracija/poslovne-enote");
    const edit = page.getByRole("button", { name: /^Uredi: / }).first();
    await edit.click();
    await audit(page, testInfo, "urejanje poslovne enote", { include: "dialog[open]" });
    await keyboardCycle(page, edit, page.getByRole("dialog", { name: /^Urejanje: / }));
    const credit = page.getByRole("button", { name: /^Dnevi oglaševanja: / }).first();
    await credit.click();
    await audit(page, testInfo, "dnevi oglaševanja", { include: "dialog[open]" });
    await keyboardCycle(page, credit, page.getByRole("dialog", { name: /^Dnevi oglaševanja: / }));
    const remove = page.getByRole("button", { name: /^Izbriši: / }).first();
    await remove.click();
    await audit(page, testInfo, "izbris poslovne enote", { include: "dialog[open]" });
    await keyboardCycle(page, remove, page.getByRole("dialog", { name: "Izbris poslovne enote" }));

    await gotoHydrated(page, "/administracija/poslovne-mreze");
    await page.getByRole("button", { name: "Nova mreža", exact: true }).click();
    await audit(page, testInfo, "poslovna mreža", { include: "dialog[open]" });
  });

  test("axe: the administration's content, review and user dialogs", async ({ page }, testInfo) => {
    await signInByEmail(page, "admin@primer.si", "/administracija/clanki");
    const article = page.getByRole("button", { name: "Nov članek" });
    await article.click();
    await audit(page, testInfo, "nov članek", { include: "dialog[open]" });
    await keyboardCycle(page, article, page.getByRole("dialog", { name: "Nov članek" }));

    await gotoHydrated(page, "/administracija/oprema");
    await page.getByRole("button", { name: "Nov opis opreme" }).click();
    await audit(page, testInfo, "nov opis opreme", { include: "dialog[open]" });

    await gotoHydrated(page, "/admin/postings");
    const review = page
      .getByTestId("review-list")
      .locator(":scope > li")
      .first()
      .getByRole("button", { name: "Uredi" });
    await review.click();
    await audit(page, testInfo, "pregled oglasa", { include: "dialog[open]" });

    await gotoHydrated(page, "/administracija/uporabniki");
    const impersonate = page.getByRole("button", { name: /^Prevzemi identiteto: / }).first();
    await impersonate.click();
    await audit(page, testInfo, "prevzem identitete", { include: "dialog[open]" });
    await keyboardCycle(page, impersonate, page.getByRole("dialog", { name: "Prevzem identitete" }));
  });
});
