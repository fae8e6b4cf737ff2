import type { Page } from "@playwright/test";
import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

// Issue 27 / decision 089 (round 6): signed in, the home and search pages read the session in their search's own
// D1 batch, and the page's `me` comes from that row. What a buyer notices: the server's HTML is already theirs (the
// user menu, their liked cars' hearts), the page hydrates without a hydration error and without asking for the
// results again, and a heart pressed on one page shows on the next server render.

const searchCalls = /\/internal-api\/v1\/marketplace\/search/;
const hydrationErrors = (errors: string[]) =>
  errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e));

/** Console errors and search requests of the page from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const searches: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (searchCalls.test(r.url())) searches.push(r.url());
  });
  return { errors, searches };
}

test("signed in, the home and search pages are the buyer's own from the server's HTML on, hydrated without asking again", async ({
  page,
}) => {
  await signInByEmail(page, "kupec@primer.si", "/");

  // The home page as the server sends it (the context's session cookie): the user menu, no sign-in link, the grid.
  const homeHtml = await (await page.request.get("/")).text();
  expect(homeHtml).toContain('aria-label="Uporabniški meni"');
  expect(homeHtml).not.toContain('aria-label="Prijava"');
  expect([...homeHtml.matchAll(/href="\/oglas\/\d+"/g)].length).toBeGreaterThanOrEqual(4);
  const home = watch(page);
  await gotoHydrated(page, "/");
  await expect(page.getByRole("button", { name: "Uporabniški meni" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(home.searches, "the hydrated home asked for its grid again").toEqual([]);
  expect(hydrationErrors(home.errors)).toEqual([]);

  // The search page: a heart pressed here is the buyer's on the next server render (`me` from the search's batch).
  const path = "/iskanje?fuel=DIESEL&year=2012..&sort=priceDesc";
  const search = watch(page);
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Uporabniški meni" })).toBeVisible();
  expect(search.searches, "the hydrated search page asked for its results again").toEqual([]);
  expect(hydrationErrors(search.errors)).toEqual([]);
  const heart = page.getByRole("button", { name: /^Dodaj med priljubljene: / }).first();
  const label = (await heart.getAttribute("aria-label")) ?? "";
  const title = label.replace(/^Dodaj med priljubljene: /, "");
  expect(title).not.toBe("");
  await heart.click();
  const liked = page.getByRole("button", { name: `Odstrani iz priljubljenih: ${title}` }).first();
  await expect(liked).toBeVisible();

  const searchHtml = await (await page.request.get(path)).text();
  expect(searchHtml).toContain(`aria-label="Odstrani iz priljubljenih: ${title}"`);
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: `Odstrani iz priljubljenih: ${title}` }).first()).toBeVisible();
  expect(hydrationErrors(search.errors)).toEqual([]);

  // Given back: the next render shows the heart empty again.
  await page
    .getByRole("button", { name: `Odstrani iz priljubljenih: ${title}` })
    .first()
    .click();
  await expect(page.getByRole("button", { name: `Dodaj med priljubljene: ${title}` }).first()).toBeVisible();
  expect(await (await page.request.get(path)).text()).not.toContain(`aria-label="Odstrani iz priljubljenih: ${title}"`);
});
