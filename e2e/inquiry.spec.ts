import type { Page } from "@playwright/test";
import { expect, freshTag, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";
import { throttlePhone } from "./phone-profile";

// The buyer's message to the seller (issue 24, decision 066): sent from the posting, delivered through the
// development mailbox without either address, answered in the dealer's "Povpraševanja" or under "Moji oglasi".

/** A published posting of the seeded dealership (Avtohiša Kranjc, whose head is trgovec@primer.si). */
async function dealerPostingPath(page: Page) {
  await page.goto("/trgovec/avtohisa-kranjc");
  const href = await page.locator('main a[href^="/oglas/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/oglas\/\d+$/);
  return href ?? "";
}

/** Fills and sends the form under the seller section. */
async function sendInquiry(page: Page, who: { name: string; email: string }) {
  const form = page.locator("#povprasevanje");
  await form.getByText("Ali je vozilo še na voljo?").click();
  await form.getByText("Možen ogled?").click();
  await form.getByLabel("Ime in priimek").fill(who.name);
  await form.getByLabel("E-poštni naslov").fill(who.email);
  await expect(form.getByLabel("Sporočilo")).toHaveValue("Ali je vozilo še na voljo?\nMožen ogled?");
  await form.getByLabel("Sporočilo").press("End");
  await form.getByLabel("Sporočilo").pressSequentially(" Lahko v soboto?");
  await form.getByRole("button", { name: "Pošlji sporočilo" }).click();
  await expect(form.getByRole("status")).toContainText("Sporočilo je poslano");
  // Sent in place (not the plain form post): the page stays, and the form clears for the next message.
  await expect(page).not.toHaveURL(/povprasevanje=/);
  await expect(form.getByLabel("Ime in priimek")).toHaveValue("");
}

test("a buyer's inquiry reaches the dealer's mailbox without the buyer's address, and the dealer answers it in Povpraševanja", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(180_000);
  const tag = freshTag();
  const buyer = { name: `Bojan Kupec ${tag}`, email: `kupec-${tag}@primer.si` };
  const path = await dealerPostingPath(page);

  const lift = isMobileProject ? await throttlePhone(page) : null;
  await gotoHydrated(page, path);
  await sendInquiry(page, buyer);
  await lift?.();

  await gotoHydrated(page, "/dev/posta");
  const toSeller = page
    .getByTestId("dev-message")
    .filter({ hasText: buyer.name })
    .filter({ hasText: "Povpraševanje za" });
  await expect(toSeller).toHaveCount(1);
  await expect(toSeller).toContainText("Lahko v soboto?");
  await expect(toSeller).not.toContainText(buyer.email);
  const toBuyer = page
    .getByTestId("dev-message")
    .filter({ hasText: buyer.email })
    .filter({ hasText: "Vaše sporočilo je poslano" });
  await expect(toBuyer).toHaveCount(1);

  await signInByEmail(page, "trgovec@primer.si", "/dms/povprasevanja");
  await expect(page.getByRole("heading", { level: 1, name: /Povpraševanja/ })).toBeVisible();
  await expect(page.getByTestId("dms-new-inquiries")).toBeVisible();
  const item = page.getByTestId("inquiry").filter({ hasText: buyer.name });
  await expect(item).toContainText("Novo");
  await expect(item).toContainText("se pokaže, ko mu odgovorite");
  await expect(item).not.toContainText(buyer.email);
  await item.getByLabel("Odgovor kupcu").fill("Pozdravljeni, vozilo je na voljo, ogled v soboto ob 10h.");
  await item.getByRole("button", { name: "Odgovori" }).click();
  await expect(item).toContainText("Odgovorjeno");
  await expect(item.getByTestId("inquiry-contact")).toContainText(buyer.email);

  await gotoHydrated(page, "/dev/posta");
  const reply = page
    .getByTestId("dev-message")
    .filter({ hasText: buyer.email })
    .filter({ hasText: "Odgovor prodajalca" });
  await expect(reply).toContainText("ogled v soboto ob 10h");
});

test("the form works before the page's scripts: a plain form post comes back with the outcome", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([
    {
      name: "avtotrg_consent",
      value: encodeURIComponent("v=1&a=0&m=0&t=2025-07-22"),
      url: baseURL ?? "",
      sameSite: "Lax",
    },
  ]);
  const page = await context.newPage();
  const path = await dealerPostingPath(page);
  await page.goto(path);
  const form = page.locator("#povprasevanje");
  await form.getByText("Menjava?").click();
  await form.getByLabel("Ime in priimek").fill(`Brez skript ${freshTag()}`);
  await form.getByLabel("E-poštni naslov").fill(`brez-skript-${freshTag()}@primer.si`);
  await form.getByRole("button", { name: "Pošlji sporočilo" }).click();
  await expect(page).toHaveURL(/povprasevanje=poslano/);
  await expect(page.locator("#povprasevanje").getByRole("status")).toContainText("Sporočilo je poslano");
  await context.close();
});

test("a private seller finds the inquiry under Moji oglasi, counted beside the posting", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = freshTag();
  const buyer = { name: `Mojca ${tag}`, email: `mojca-${tag}@primer.si` };
  await gotoHydrated(page, "/oglas/1");
  await sendInquiry(page, buyer);

  await signInByEmail(page, "prodajalec@primer.si", "/uporabnik/moji-oglasi");
  const row = page
    .getByTestId("my-postings")
    .locator("li")
    .filter({ has: page.locator('a[href="/oglas/1"]') });
  await expect(row.getByTestId("posting-inquiries")).toContainText("Povpraševanja:");
  const item = page.getByTestId("inquiry").filter({ hasText: buyer.name });
  await expect(item).toContainText("Novo");
  await hydrated(page);
  await item.getByRole("button", { name: "Označi kot odgovorjeno" }).click();
  await expect(item).toContainText("Odgovorjeno");
  await expect(item).not.toContainText(buyer.email);
});
