import { test as base, expect, type Page } from "@playwright/test";

/** Waits until React has hydrated the page (clicks before that would be lost). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
  return response;
}

export const test = base.extend<{ isMobileProject: boolean }>({
  isMobileProject: async ({ viewport }, use) => use((viewport?.width ?? 1280) < 992),
});
export { expect };

/** Signs in through the e-mail link, read from the development mailbox, and lands on `returnTo`. */
export async function signInByEmail(page: Page, email: string, path = "/") {
  // A marker of this test's own request: parallel tests may sign in as the same person.
  const returnTo = `${path}${path.includes("?") ? "&" : "?"}e2e=${Math.random().toString(36).slice(2)}`;
  await gotoHydrated(page, `/relogin?redirectUrl=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("E-poštni naslov").fill(email);
  await page.getByRole("button", { name: "Pošlji povezavo za prijavo" }).click();
  await expect(page.getByRole("heading", { name: "Preverite e-pošto" })).toBeVisible();
  await gotoHydrated(page, "/dev/posta");
  const message = page.getByTestId("dev-message").filter({ hasText: returnTo }).first();
  await message.getByRole("link", { name: "Odpri povezavo" }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[?.*+()[\]\\/]/g, "\\$&")}.*success=true`));
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
}
