import type { Page } from "@playwright/test";
import { expect, freshTag, gotoHydrated, hydrated, test } from "./fixtures";
import { holdScripts } from "./phone-profile";

// Review session 26 (decision 091), a buyer's pass: anchors below the sticky header, keyboard focus clear of the
// bars, typing before a part's code arrives. Each of these was a defect when the helper wrote it, fixed in the same
// session (decision 091, "After the review"): the phone's Tab walk, the legal contents under the header (desktop),
// the message lost to a plain form post, the confirmation off the screen, a key fact out of its box. The in-page
// jumps and the typing that races hydration held, and are kept as regression tests.

const shots = "/work/shots/review-s26";

/**
 * Whether the focused control (for a visually hidden checkbox: its label) is covered: a part of it off the screen,
 * or under the sticky header, the phone's contact bar or its bottom navigation.
 */
async function focusCovered(page: Page) {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const bars = 'body > * header, body header, [data-testid="contact-bar"], nav[class*="fixed"]';
    if (el.closest(bars)) return null;
    if (el.getBoundingClientRect().width <= 1) el = (el.closest("label") as HTMLElement | null) ?? el;
    const r = el.getBoundingClientRect();
    if (r.height === 0) return null;
    const label = (el.getAttribute("aria-label") || el.textContent || el.id || el.tagName).trim().slice(0, 40);
    const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
    for (const y of [r.top + 2, r.bottom - 2]) {
      if (y < 0 || y > innerHeight)
        return `${el.tagName} "${label}" at ${Math.round(r.top)}–${Math.round(r.bottom)}: off the screen`;
      const over = document.elementFromPoint(x, y)?.closest(bars);
      if (over)
        return `${el.tagName} "${label}" at ${Math.round(r.top)}–${Math.round(r.bottom)}: under ${over.getAttribute("data-testid") ?? over.tagName}`;
    }
    return null;
  });
}

test("review-s26: tabbing through a posting never leaves the focused control under the header or the phone's bars", async ({
  page,
  isMobileProject,
}) => {
  // On desktop this holds (session 26 review: 90 Tabs through /oglas/1, none under the header).
  test.skip(!isMobileProject, "the phone's bars");
  test.setTimeout(90_000);
  await gotoHydrated(page, "/oglas/1");
  const hidden: string[] = [];
  for (let i = 0; i < 90; i++) {
    await page.keyboard.press("Tab");
    await page.waitForTimeout(50);
    const covered = await focusCovered(page);
    if (covered) {
      hidden.push(covered);
      if (hidden.length <= 4)
        await page.screenshot({ path: `${shots}/tab-hidden-${test.info().project.name}-${hidden.length}.png` });
    }
  }
  expect(hidden, "focused controls covered by the header or the bottom bars").toEqual([]);
});

/** The target's top edge (a heading inside it) lands on the screen, below the sticky header and not under a bar. */
async function expectLandedClear(page: Page, selector: string, what: string) {
  await expect
    .poll(
      () =>
        page.evaluate((selector) => {
          const target = document.querySelector(selector);
          if (!target) return "missing";
          const header = document.querySelector("body header")!.getBoundingClientRect();
          const r = target.getBoundingClientRect();
          if (r.top < header.bottom - 1)
            return `top ${Math.round(r.top)} under the header (${Math.round(header.bottom)})`;
          if (r.top > innerHeight - 40) return `top ${Math.round(r.top)} below the screen`;
          const over = document
            .elementFromPoint(Math.min(r.left + 20, innerWidth - 1), r.top + 4)
            ?.closest('body header, [data-testid="contact-bar"], nav[class*="fixed"]');
          return over ? `top ${Math.round(r.top)} under ${over.tagName}` : "clear";
        }, selector),
      { message: what, timeout: 5_000 },
    )
    .toBe("clear");
}

test("review-s26: every in-page jump lands below the header, before and after hydration and after an in-app visit", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(90_000);
  const send = () =>
    isMobileProject
      ? page.getByTestId("contact-bar").getByRole("link", { name: "Pošlji sporočilo" })
      : page.getByTestId("seller").getByRole("link", { name: "Pošlji sporočilo" });

  // Before the page has its code: plain anchors.
  const release = await holdScripts(page);
  await page.goto("/oglas/1", { waitUntil: "domcontentloaded" });
  await send().click();
  await expectLandedClear(page, "#inquiry-title", "message form, before hydration");
  await page.screenshot({ path: `${shots}/anchor-${test.info().project.name}-inquiry-before.png` });
  release();
  await hydrated(page);
  await expectLandedClear(page, "#inquiry-title", "message form, right after hydration");

  // Hydrated: the market value link beside the price.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator(`a[href="#trzna-vrednost"]`).click();
  await expectLandedClear(page, "#market-title", "market value");
  await page.screenshot({ path: `${shots}/anchor-${test.info().project.name}-market.png` });

  // Back from the outcome of a form sent without scripts: the form, with its message, on the screen.
  await page.goto("/oglas/1?povprasevanje=manjka#povprasevanje");
  await expectLandedClear(page, "#inquiry-title", "the form after a plain post");
  await hydrated(page);
  await expectLandedClear(page, "#inquiry-title", "the form after a plain post, hydrated");
  await page.screenshot({ path: `${shots}/anchor-${test.info().project.name}-outcome.png` });

  // Another posting opened in the app, then its message link.
  await gotoHydrated(page, "/oglasi");
  await page.locator('a[href^="/oglas/"]').first().click();
  await expect(page).toHaveURL(/\/oglas\/\d+/);
  await expect(page.locator("#posting-title")).toBeVisible();
  await send().click();
  await expectLandedClear(page, "#inquiry-title", "message form after a client-side navigation");

  // The skip link: the content starts below the header and the next Tab goes into it.
  await gotoHydrated(page, "/oglas/1");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skoči na vsebino" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectLandedClear(page, "#main", "skip link target");
});

test("review-s26: a legal page's table of contents jumps below the header, and the contents box itself is never under it", async ({
  page,
  isMobileProject,
}) => {
  // On a phone the contents are not sticky; their jumps land clear (session 26 review).
  test.skip(isMobileProject, "desktop's sticky contents");
  for (const path of ["/splosni-pogoji", "/piskotki"]) {
    await gotoHydrated(page, path);
    const links = page.getByRole("navigation", { name: "Vsebina" }).getByRole("link");
    const n = await links.count();
    expect(n).toBeGreaterThan(2);
    for (const i of [1, n - 2]) {
      const href = (await links.nth(i).getAttribute("href"))!;
      await links.nth(i).click();
      await expectLandedClear(page, `${href}-heading`, `${path} ${href}`);
      await page.screenshot({ path: `${shots}/legal-toc-desktop${path.replace("/", "-")}-${i}.png` });
      // On desktop the contents stay beside the text (sticky): their heading must not slide under the header
      // (at the end of the text they scroll away with it, as the column ends).
      if (i === 1) await expectLandedClear(page, "#legal-toc", `${path}: the table of contents' own heading`);
    }
    await page.screenshot({ path: `${shots}/legal-${test.info().project.name}${path.replace("/", "-")}.png` });
  }
});

// A buyer who wrote the message before the page had its code, then tapped elsewhere (to read the price again) and
// only later pressed "Pošlji sporočilo": the form's code comes only with that tap, too late for the tap itself, so
// the browser posts the form the plain way. Without a contact the server sends the buyer back to an empty form.
test("review-s26: a message written before the page's code, then sent after it, is never lost to a plain form post", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/oglas/1", { waitUntil: "domcontentloaded" });
  const form = page.locator("#povprasevanje");
  const text = "Ali je cena še pogajalska? Zanima me tudi servisna knjiga.";
  await form.getByLabel("Ime in priimek").fill("Kupec Pregledovalec");
  await form.getByLabel("Sporočilo").fill(text);
  // Reads something else before sending: the focus leaves the form.
  await page.locator("#posting-title").click();
  release();
  await hydrated(page);
  await form.getByRole("button", { name: "Pošlji sporočilo" }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${shots}/inquiry-after-send-${test.info().project.name}.png` });
  // Sent in place: no round trip through the server's plain-post answer, and the text is still there to fix.
  expect(page.url(), "no plain form post").not.toContain("povprasevanje=");
  await expect(form.getByLabel("Sporočilo")).toHaveValue(text);
});

test("review-s26: running costs and leasing typed, pasted or autofilled right as the page hydrates are kept and checked", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/oglas/1", { waitUntil: "domcontentloaded" });
  const costs = page.getByTestId("running-costs");
  const leasing = page.getByTestId("leasing");
  const act = async () => {
    // Typed (a key per character), pasted, set by an autofill.
    await costs.getByLabel("Prevoženih km na leto").selectText();
    await costs.getByLabel("Prevoženih km na leto").pressSequentially("999999", { delay: 10 });
    await leasing.getByLabel("Polog (€)").click();
    await leasing.getByLabel("Polog (€)").selectText();
    await page.keyboard.insertText("99999999");
    await leasing.getByLabel("Cena vozila (€)").evaluate((el: HTMLInputElement) => {
      // As the browser fills a field: past React's own value tracker, with an input event.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, "abc");
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  // Released, and the buyer goes on at once: the steps race the page's hydration (before/after held too, session 26).
  release();
  await act();
  await hydrated(page);
  await expect(costs.getByLabel("Prevoženih km na leto")).toHaveValue("999999");
  await expect(leasing.getByLabel("Polog (€)")).toHaveValue("99999999");
  await expect(leasing.getByLabel("Cena vozila (€)")).toHaveValue("abc");
  // Checked once each part has its code (scrolled near, as a buyer reading on does).
  await costs.scrollIntoViewIfNeeded();
  await expect(costs.getByRole("alert")).toHaveText("Vpišite letne kilometre (1–200.000) in število let (1–20).");
  await expect(leasing.getByLabel("Cena vozila (€)")).toHaveAttribute("aria-invalid", "true");
  await expect(leasing.getByTestId("leasing-monthly")).toHaveCount(0);
});

// A message sent from the form: the fields empty and the confirmation is drawn above them, off the screen (the
// buyer scrolled down to reach the button), and the focus drops to the page. The buyer sees an empty form.
test("review-s26: after sending a message the buyer sees the confirmation where the form was", async ({ page }) => {
  await gotoHydrated(page, "/oglas/3");
  const form = page.locator("#povprasevanje");
  await form.getByLabel("Ime in priimek").fill(`Pregled ${freshTag()}`);
  await form.getByLabel("E-poštni naslov").fill(`review-s26-${freshTag()}@primer.si`);
  await form.getByLabel("Sporočilo", { exact: true }).fill("Ali je vozilo še na voljo?");
  await form.getByRole("button", { name: "Pošlji sporočilo" }).click();
  const status = form.getByRole("status");
  await expect(status).toContainText("Sporočilo je poslano");
  await expect(form.getByLabel("Ime in priimek")).toHaveValue("");
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/inquiry-sent-${test.info().project.name}.png` });
  const clear = await page.evaluate(() => document.querySelector("body header")!.getBoundingClientRect().bottom);
  const box = (await status.boundingBox())!;
  expect(box.y, "the confirmation below the header, on the screen").toBeGreaterThanOrEqual(clear - 1);
  await expect(status).toBeInViewport();
});

// The key facts under the price, three to a row: a long one-word value ("Kombilimuzina") runs out of its grey box
// on a 1280 px desktop (the side column is 380 px wide).
test("review-s26: every key fact under the price stays inside its box", async ({ page }) => {
  await gotoHydrated(page, "/oglas/2");
  const facts = page.getByTestId("key-facts");
  await expect(facts).toContainText("Kombilimuzina");
  const outside = await facts.evaluate((dl) => {
    const box = dl.getBoundingClientRect();
    const padding = Number.parseFloat(getComputedStyle(dl).paddingRight);
    return [...dl.querySelectorAll("dd")].flatMap((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      const right = range.getBoundingClientRect().right;
      return right > box.right - padding / 2
        ? [`${dd.textContent} ends at ${Math.round(right)}, box ${Math.round(box.right)}`]
        : [];
    });
  });
  await facts.screenshot({ path: `${shots}/key-facts-${test.info().project.name}.png` });
  expect(outside, "values running out of the key facts' box").toEqual([]);
});
