import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, gotoHydrated, test } from "./fixtures";
import { sellerWithPortraitPosting } from "./portrait-posting";

// Issue 23: a portrait phone photo must not break a card. Every picture URL a card offers (its src and each
// srcset candidate) answers a 3:2 image, and the cards of a row keep one height, on search, favourites,
// "Moji oglasi" and the seller's preview card, at 390 and 1280 px.

/** Every URL the picture offers: its src and each srcset candidate. */
async function pictureUrls(img: Locator): Promise<string[]> {
  const src = (await img.getAttribute("src")) ?? "";
  const srcset = (await img.getAttribute("srcset")) ?? "";
  const candidates = srcset
    .split(",")
    .map((c) => c.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
  return [...new Set([src, ...candidates])];
}

/** Each URL answers an image of 3:2 (decoded), and the srcset has a candidate for 1× and 2× of the rendered width. */
async function expectCardPictures(page: Page, img: Locator, where: string) {
  await img.scrollIntoViewIfNeeded();
  const urls = await pictureUrls(img);
  expect(urls.length, where).toBeGreaterThanOrEqual(3);
  for (const url of urls) {
    const res = await page.request.get(url);
    expect(res.status(), `${where}: ${url}`).toBe(200);
    const meta = await sharp(await res.body()).metadata();
    expect((meta.width ?? 0) / (meta.height ?? 1), `${where}: ${url} is ${meta.width}×${meta.height}`).toBeCloseTo(
      1.5,
      2,
    );
  }
  const box = await img.boundingBox();
  expect(box, where).not.toBeNull();
  // The shown box is 3:2 too, and the widest candidate covers it at 2×.
  expect((box?.width ?? 0) / (box?.height ?? 1), `${where}: shown box`).toBeCloseTo(1.5, 1);
  const widths = ((await img.getAttribute("srcset")) ?? "").match(/(\d+)w/g)?.map((w) => Number.parseInt(w, 10)) ?? [];
  expect(Math.max(...widths), `${where}: 2× of ${box?.width} px`).toBeGreaterThanOrEqual(
    Math.min(900, 2 * (box?.width ?? 0)),
  );
}

/** The cards of the first row of a grid are equally tall (a portrait photo does not stretch one). */
async function expectEvenRow(list: Locator, where: string) {
  const heights = await list.locator(":scope > li").evaluateAll((items) => {
    const top = items[0]?.getBoundingClientRect().top ?? 0;
    return items
      .filter((li) => Math.abs(li.getBoundingClientRect().top - top) < 2)
      .map((li) => [
        li.querySelector("article > div")?.getBoundingClientRect().height ?? 0,
        li.querySelector("article")?.getBoundingClientRect().height ?? 0,
      ]);
  });
  expect(heights.length, where).toBeGreaterThan(0);
  // The pictures and the cards themselves (a card fills its grid cell).
  for (const [picture, card] of heights) {
    expect(picture, `${where}: pictures ${heights.map((h) => h[0]).join(", ")}`).toBeCloseTo(heights[0]?.[0] ?? 0, 0);
    expect(card, `${where}: cards ${heights.map((h) => h[1]).join(", ")}`).toBeCloseTo(heights[0]?.[1] ?? 0, 0);
  }
}

test("a portrait phone photo gives every card a 3:2 picture at every srcset width, and rows stay even", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  const { id, code } = await sellerWithPortraitPosting(page);

  // The seller's preview card on the warranty step (before publishing).
  await gotoHydrated(page, `/nov-oglas/${id}/garancija`);
  await expectCardPictures(page, page.getByTestId("preview-card").locator("img").first(), "preview card");
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);

  // Search, newest first: this posting's card among others, the first row even. Among the Volkswagen up!s, so that
  // cars other specs of the run publish or feature meanwhile do not push it off the first page (session 24's run).
  await gotoHydrated(page, "/iskanje?model=volkswagen(up)&sort=newest");
  const results = page.getByTestId("search-results");
  const card = results.locator("li").filter({ has: page.locator(`a[href="/oglas/${id}"]`) });
  await expectCardPictures(page, card.locator("img").first(), "search card");
  await expectEvenRow(results, `search at ${isMobileProject ? 390 : 1280} px`);

  // Favourites.
  expect((await page.request.post(`/internal-api/v1/postings/${code}/favorite`)).ok()).toBe(true);
  await gotoHydrated(page, "/uporabnik/priljubljeni-oglasi");
  const favourite = page
    .getByTestId("favourites")
    .locator("li")
    .filter({ has: page.locator(`a[href="/oglas/${id}"]`) });
  await expectCardPictures(page, favourite.locator("img").first(), "favourites card");

  // "Moji oglasi": the thumbnail, sharp at 2× (its srcset reaches twice its width).
  await gotoHydrated(page, "/uporabnik/moji-oglasi");
  const mine = page
    .getByTestId("my-postings")
    .locator("li")
    .filter({ has: page.locator(`a[href="/oglas/${id}"]`) });
  await expectCardPictures(page, mine.locator("img").first(), "Moji oglasi thumbnail");
});
