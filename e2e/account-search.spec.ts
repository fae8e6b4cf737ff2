import { expect, signInByEmail, test } from "./fixtures";

test("a buyer signs in by e-mail link, toggles a favourite and saves a search", async ({ page }) => {
  await signInByEmail(page, "kupec@primer.si", "/iskanje?fuel=DIESEL");
  await expect(page.getByTestId("user-initials")).toHaveText("KN");

  const heart = page.getByTestId("search-results").locator("article").first().getByRole("button", { name: /priljubljen/ });
  const before = await heart.getAttribute("aria-pressed");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", before ?? "false");

  await page.getByRole("button", { name: "Shrani iskanje" }).click();
  const dialog = page.getByRole("dialog", { name: "Shrani iskanje" });
  await expect(dialog.getByLabel("Ime iskanja")).toHaveValue("Dizel");
  const name = `Dizli ${Date.now()}`;
  await dialog.getByLabel("Ime iskanja").fill(name);
  await dialog.getByRole("button", { name: "Shrani" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Iskanje je shranjeno." })).toBeVisible();

  await page.getByRole("link", { name: "Moja shranjena iskanja" }).click();
  await expect(page.getByRole("heading", { name: "Shranjena iskanja" })).toBeVisible();
  const saved = page.getByTestId("saved-search").filter({ hasText: name });
  await expect(saved).toBeVisible();
  await saved.getByRole("link", { name: "Odpri" }).click();
  await expect(page).toHaveURL(/\/iskanje\?fuel=DIESEL$/);
});

test("signed-out visitors are sent to sign in before their saved searches", async ({ page }) => {
  await page.goto("/uporabnik/shranjena-iskanja");
  await expect(page).toHaveURL(/\/relogin\?redirectUrl=%2Fuporabnik%2Fshranjena-iskanja/);
  await expect(page.getByRole("heading", { name: "Prijava" })).toBeVisible();
});
