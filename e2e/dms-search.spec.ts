// Issue 25: the head searches the stock as a dealer types (words in any order, with or without
// diacritics) and delegates a posting to a salesperson and back to himself (decision 070).
import type { Page } from "@playwright/test";
import { expect, hydrated, signInByEmail, test } from "./fixtures";

/** The stock's posting titles, read from each row's selection box ("Izberi oglas …"). */
const titles = async (page: Page) =>
  (
    await page
      .getByRole("checkbox", { name: /^Izberi oglas / })
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label") ?? ""))
  ).map((label) => label.replace(/^Izberi oglas /, ""));

/** Types the words into the stock's search box as a dealer does; resolves when every listed title matches. */
async function search(page: Page, q: string, each: RegExp) {
  const box = page
    .getByRole("searchbox", { name: "Iskanje po zalogi" })
    .or(page.getByRole("textbox", { name: "Iskanje po zalogi" }));
  // This search's own answer: the list shown before it may match too ("passat 2016" before "passat").
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === "/internal-api/v1/draft" && url.searchParams.get("q") === q;
  });
  await box.fill(q);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
  const shown = ((await (await answered).json()) as { postings: unknown[] }).postings.length;
  // The list follows the answer: wait until it shows exactly this search's cars.
  await expect
    .poll(async () => {
      const found = await titles(page);
      return found.length === shown && found.length > 0 && found.every((t) => each.test(t));
    })
    .toBe(true);
  return titles(page);
}

test("the head finds cars by make, several words and a year, with or without diacritics", async ({ page }) => {
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga");
  await hydrated(page);
  expect((await search(page, "škoda", /^Škoda /)).length).toBeGreaterThan(5);
  const kodiaq = await search(page, "skoda kodiaq", /^Škoda Kodiaq /);
  expect(await search(page, "KODIAQ Škoda", /^Škoda Kodiaq /)).toEqual(kodiaq);

  // The seeded dealership's Passats are from 2014, 2016 and 2018: a year narrows them.
  const passats = await search(page, "passat 2016", /^Volkswagen Passat /);
  expect((await search(page, "passat", /^Volkswagen Passat /)).length).toBeGreaterThan(passats.length);
});

test("the head delegates a posting to a salesperson and takes it back", async ({ page, isMobileProject }) => {
  // Each project takes its own car (they run at the same time).
  await signInByEmail(page, "trgovec@primer.si", "/dms/zaloga?status=PUBLISHED");
  await hydrated(page);
  await search(page, isMobileProject ? "superb 2015 combi" : "superb 2018", /^Škoda Superb /);

  // The first listed car's "Več dejanj" menu → "Dodeli oglas" (decision 071: one primary action, the rest in the menu).
  const firstRow = page.getByTestId("my-postings").locator("[data-code]:visible").first();
  const openDelegate = async () => {
    await firstRow.getByRole("button", { name: /^Več dejanj/ }).click();
    await firstRow.getByRole("menuitem", { name: "Dodeli oglas" }).click();
  };
  const give = async (to: RegExp, name: string) => {
    await openDelegate();
    const dialog = page.getByRole("dialog", { name: "Dodeli oglas" });
    await expect(dialog.getByRole("radio").first()).toBeVisible();
    await dialog.getByRole("radio", { name: to }).check();
    await dialog.getByRole("button", { name: "Dodeli oglas" }).click();
    await expect(dialog.getByRole("status")).toHaveText(`Oglas je dodeljen: ${name}.`);
    await dialog.getByRole("button", { name: "Zapri", exact: true }).first().click();
    await expect(firstRow.getByText(name)).toBeVisible();
  };
  // The posting starts with the head (the seed may have given it to Sara).
  await openDelegate();
  const dialog = page.getByRole("dialog", { name: "Dodeli oglas" });
  await expect(dialog.getByRole("radio").first()).toBeVisible();
  if (await dialog.getByRole("radio", { name: /Tomaž Kranjc/ }).isEnabled()) {
    await dialog.getByRole("button", { name: "Prekliči" }).click();
    await give(/Tomaž Kranjc/, "Tomaž Kranjc");
  } else await dialog.getByRole("button", { name: "Prekliči" }).click();

  await give(/Sara Vidmar/, "Sara Vidmar");
  // The dialog lists the head first (vodja), everyone with the postings they hold; Sara holds it now.
  await openDelegate();
  await expect(dialog.getByRole("radio").first()).toBeVisible();
  await expect(dialog.getByRole("radio").first()).toHaveAccessibleName(/^Tomaž Kranjc\s*vodja/);
  await expect(dialog.getByRole("radio", { name: /Tomaž Kranjc/ })).toBeEnabled();
  await expect(dialog.getByRole("radio", { name: /Sara Vidmar/ })).toBeDisabled();
  await expect(dialog.getByRole("radio", { name: /Sara Vidmar/ })).toHaveAccessibleName(
    /oglas je zdaj dodeljen tej osebi/,
  );
  await expect(dialog.getByText(/Aktivnih oglasov: \d+/).first()).toBeVisible();
  await dialog.getByRole("button", { name: "Prekliči" }).click();
  await give(/Tomaž Kranjc/, "Tomaž Kranjc");
});
