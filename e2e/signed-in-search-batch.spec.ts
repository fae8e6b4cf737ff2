import type { Locator, Page } from "@playwright/test";
import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

// Review of issue 27 / decision 089 (the signed-in home and search pages read the session in the search's own D1
// batch, and the page's `me` waits for that batch): a buyer signed in sees their header and hearts in the server's
// HTML and after hydration, with no hydration error, and the hydrated router's navigation to another search and
// back still shows them.

const hydrationErrors = (errors: string[]) =>
  errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e));

const postIdOf = async (card: Locator) =>
  Number((await card.locator('a[href^="/oglas/"]').first().getAttribute("href"))?.split("/").pop());

/** The card of `postId` in the server's HTML for `path` (the buyer's cookies), or "" when it is not there. */
async function serverCard(page: Page, path: string, postId: number) {
  const html = await (await page.request.get(path)).text();
  const articles = html.match(/<article[\s\S]*?<\/article>/g) ?? [];
  return { html, card: articles.find((a) => a.includes(`href="/oglas/${postId}"`)) ?? "" };
}

/** The first card of the page's grid (the home's, or the search's results), liked by the buyer. */
async function likeFirstCard(grid: Locator) {
  const card = grid.locator("article").first();
  const liked = card.getByRole("button", { name: /Odstrani iz priljubljenih/ });
  if ((await liked.count()) === 0) await card.getByRole("button", { name: /Dodaj med priljubljene/ }).click();
  await expect(liked).toHaveAttribute("aria-pressed", "true");
  return postIdOf(card);
}

test("signed in, the home and a search show the buyer's header and hearts from the server and after hydration; a search and back keeps them", async ({
  page,
}) => {
  test.info().setTimeout(test.info().timeout + 60_000);
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await signInByEmail(page, "kupec@primer.si", "/");

  // The home (its grid has no hearts: the header shows who is signed in), in the server's HTML and hydrated.
  const home = await (await page.request.get("/")).text();
  expect(home, "/: the server rendered the signed-in header").toContain('aria-label="Uporabniški meni"');
  expect(home).toContain('href="/oglas/');
  await gotoHydrated(page, "/");
  await expect(page.getByRole("button", { name: "Uporabniški meni" })).toBeAttached();
  await expect(page.locator("main article").first()).toBeVisible();
  expect(hydrationErrors(errors), "/: no hydration error").toEqual([]);

  // A search: the buyer likes the first BMW; the server's HTML (the batched session) has the heart pressed.
  const path = "/iskanje?model=bmw";
  const results = page.getByTestId("search-results");
  await gotoHydrated(page, path);
  const postId = await likeFirstCard(results);
  const { html, card } = await serverCard(page, path, postId);
  expect(html, `${path}: the server rendered the signed-in header`).toContain('aria-label="Uporabniški meni"');
  expect(card, `${path}: the liked card is in the server's HTML`).not.toBe("");
  expect(card, `${path}: the liked card's heart is pressed in the server's HTML`).toMatch(/aria-pressed="true"/);
  expect(card).toContain('aria-label="Odstrani iz priljubljenih');
  // The page as a buyer opens it: hydrated, the same header and heart.
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Uporabniški meni" })).toBeAttached();
  const same = results.locator("article").filter({ has: page.locator(`a[href="/oglas/${postId}"]`) });
  await expect(same.getByRole("button", { name: /Odstrani iz priljubljenih/ })).toHaveAttribute("aria-pressed", "true");
  expect(hydrationErrors(errors), `${path}: no hydration error`).toEqual([]);

  // The hydrated router: another search, then back to the BMWs, the liked heart still pressed.
  await page.evaluate(() => {
    history.pushState(null, "", "/iskanje?model=audi");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page).toHaveURL(/model=audi/);
  await expect(results.locator(`a[href="/oglas/${postId}"]`)).toHaveCount(0);
  await expect(results.locator("article").first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/iskanje\?model=bmw$/);
  const back = results.locator("article").filter({ has: page.locator(`a[href="/oglas/${postId}"]`) });
  await expect(back.getByRole("button", { name: /Odstrani iz priljubljenih/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Uporabniški meni" })).toBeAttached();
  expect(hydrationErrors(errors)).toEqual([]);
});
