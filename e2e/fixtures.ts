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
