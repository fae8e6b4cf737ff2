import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { inspectionsWithin } from "../src/domain/inspections";
import { embeddedImages } from "../src/services/pdf/pdf-images.testing";
import { inspect } from "../src/services/pdf/pdf-inspect.testing";
import { cameraPhoto } from "./camera-photo";
import { expect, gotoHydrated, newSellerWithDraft, test } from "./fixtures";

test("a buyer opens a posting, swipes and enlarges the pictures, and works out the running costs", async ({
  page,
  isMobileProject,
}) => {
  const response = await gotoHydrated(page, "/oglas/1");
  expect(response?.status()).toBe(200);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toContainText(/\w/);
  await expect(page.getByTestId("price-block")).toContainText("€");
  await expect(page.getByRole("heading", { name: "Osnovni podatki" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Prevoženi kilometri" })).toBeVisible();

  const count = page.getByTestId("gallery-count");
  await expect(count).toHaveText("1 / 6");
  const main = page.getByTestId("gallery-main");
  if (isMobileProject) {
    // A swipe to the left shows the next picture.
    const box = (await main.boundingBox())!;
    const y = box.y + box.height / 2;
    await main.dispatchEvent("pointerdown", {
      pointerType: "touch",
      clientX: box.x + box.width * 0.8,
      clientY: y,
      isPrimary: true,
    });
    await main.dispatchEvent("pointerup", {
      pointerType: "touch",
      clientX: box.x + box.width * 0.2,
      clientY: y + 5,
      isPrimary: true,
    });
  } else {
    await page.getByRole("button", { name: "Naslednja fotografija" }).first().click();
  }
  await expect(count).toHaveText("2 / 6");

  // The lightbox: full screen, arrows move, Escape closes and focus comes back to the page.
  await page.getByRole("button", { name: "Povečaj fotografijo 2" }).click();
  const lightbox = page.getByRole("dialog", { name: /^Fotografije:/ });
  await expect(lightbox).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("3 / 6")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(lightbox.getByText("1 / 6")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(count).toHaveText("1 / 6");

  // Running costs react to the inputs; a bad value explains itself.
  const costs = page.getByTestId("running-costs");
  await costs.scrollIntoViewIfNeeded();
  const total = costs.getByTestId("costs-total");
  await expect(total).toContainText("Na leto:");
  const before = await total.textContent();
  await costs.getByLabel("Prevoženih km na leto").fill("30000");
  await expect(total).not.toHaveText(before ?? "");
  // Technical inspections by the schedule from first registration (08/2009: a car this old is inspected every year).
  await costs.getByLabel("Število let").fill("3");
  const months = inspectionsWithin("2009-08", new Date(), 3).map((x) => `${x.slice(5)}/${x.slice(0, 4)}`);
  await expect(costs.getByTestId("costs-inspections")).toHaveText(
    `V 3 letih: 3 tehnični pregledi (${months.join(", ")}).`,
  );
  await costs.getByLabel("Število let").fill("1");
  await expect(total).toContainText("Skupaj v 1 letu:");
  await costs.getByLabel("Število let").fill("0");
  await expect(costs.getByRole("alert")).toHaveText("Vpišite letne kilometre (1–200.000) in število let (1–20).");

  // Leasing: a larger down payment lowers the monthly payment.
  const leasing = page.getByTestId("leasing");
  const monthly = leasing.getByTestId("leasing-monthly");
  const first = await monthly.textContent();
  await leasing.getByLabel("Polog (€)").fill("0");
  await expect(monthly).not.toHaveText(first ?? "");

  // The phone number shows on request.
  await page.getByTestId("seller").getByText("Pokaži telefonsko številko").click();
  await expect(page.getByTestId("seller-phone")).toHaveAttribute("href", /^tel:\+386/);
});

test("the posting page has the metadata search engines and link previews read", async ({ page }) => {
  await page.goto("/oglas/1");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", "https://avtotrg.si/oglas/1");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\/avtotrg\.si\/media\//);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
    "@type": string;
    offers?: { priceCurrency: string };
  };
  expect(jsonLd["@type"]).toBe("Vehicle");
  expect(jsonLd.offers?.priceCurrency).toBe("EUR");
});

test("a sold car answers 410 with similar vehicles; an unknown one 404", async ({ page }) => {
  const gone = await page.goto("/oglas/4");
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oglas ni več na voljo");
  await expect(page.getByRole("heading", { name: "Podobna vozila" })).toBeVisible();
  await expect(page.locator('[data-status="410"] article').first()).toBeVisible();
  const missing = await page.goto("/oglas/987654321");
  expect(missing?.status()).toBe(404);
});

/** From the posting page: "Natisni (PDF)", then "Prenesi PDF" on the /pdf page; answers the downloaded sheet. */
async function downloadSheet(page: Page, id: number | string) {
  await page.getByRole("link", { name: "Natisni (PDF)" }).click();
  await expect(page).toHaveURL(new RegExp(`/pdf/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oglas kot PDF");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Prenesi PDF" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^avtotrg-.+\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return new Uint8Array(bytes);
}

test("the print button opens the PDF sheet, which downloads as an A4 PDF with the car's name", async ({
  page,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "same PDF on both");
  await gotoHydrated(page, "/oglas/1");
  // The heading's own text (make, model, trim), without the series line under it.
  const title = (await page.locator("#posting-title").evaluate((h) => h.firstChild?.textContent ?? "")).trim();
  expect(title.length).toBeGreaterThan(3);
  const { pages, texts } = await inspect(await downloadSheet(page, 1));
  const text = texts.join(" ");
  expect(pages).toBe(1);
  expect(text).toContain(title);
  expect(text).toContain("Skenirajte kodo QR za ogled oglasa");
});

test("a sheet of a posting with camera photos (a WebP among them) prints each photo small, in under 2 MB", async ({
  page,
  isMobileProject,
}) => {
  // Issue 26, decision 079: the photos go through the Images binding, so the WebP prints too and no original is embedded.
  test.skip(isMobileProject, "same PDF on both");
  test.setTimeout(120_000);
  const { id, code } = await newSellerWithDraft(page, { prefix: "tiskalka", firstName: "Tina", lastName: "Tiskalka" });
  const car = { manufacturer: "volkswagen", model: "up", modelYear: 2021, odometerKm: 23_000, fuel: "PETROL" };
  const details = { ...car, powerKw: 48, priceType: "NORMAL", price: 1_149_000, contactRegion: "MARIBOR" };
  expect((await page.request.post(`/internal-api/v1/draft/${code}`, { data: details })).status()).toBe(200);
  const [front, side, back] = await Promise.all([
    cameraPhoto(4000, 3000, { background: "#8a3a3a" }),
    cameraPhoto(3000, 4000, { background: "#3a8a55" }).then((jpeg) => sharp(jpeg).webp({ quality: 90 }).toBuffer()),
    cameraPhoto(4000, 3000, { background: "#3a6ea5" }),
  ]);
  const photos = [
    { name: "IMG_0101.jpg", mimeType: "image/jpeg", buffer: front },
    { name: "IMG_0102.webp", mimeType: "image/webp", buffer: side },
    { name: "IMG_0103.jpg", mimeType: "image/jpeg", buffer: back },
  ];
  for (const fileContent of photos) {
    const metaData = JSON.stringify({ fileType: "EXTERIOR_PICTURE" });
    expect(
      (
        await page.request.post(`/internal-api/v1/posting/${code}/file`, { multipart: { metaData, fileContent } })
      ).status(),
    ).toBe(201);
  }
  expect((await page.request.post(`/internal-api/v1/draft/${code}/publish`)).status()).toBe(200);
  const uploaded = front.length + side.length + back.length;
  expect(uploaded).toBeGreaterThan(6_000_000);

  await gotoHydrated(page, `/oglas/${id}`);
  const pdf = await downloadSheet(page, id);
  expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
  // Three photos, all JPEGs made for print: the cover at most 1,600 px, the thumbnails at most 400 px.
  const images = await embeddedImages(pdf);
  expect(images.map((i) => i.filter)).toEqual(["/DCTDecode", "/DCTDecode", "/DCTDecode"]);
  expect(images.map((i) => Math.max(i.width, i.height))).toEqual([1600, 400, 400]);
  const { ops } = await inspect(pdf);
  expect(ops.filter((op) => op.fn === OPS.paintImageXObject)).toHaveLength(3);
  test.info().annotations.push({ type: "sheet", description: `${uploaded} B uploaded → ${pdf.length} B` });
});

test("the running costs of a young car count only the inspections its age brings (4, 6, 8 years, then yearly)", async ({
  page,
}) => {
  // Posting 3 was first registered 06/2024: no inspection before 06/2028.
  await gotoHydrated(page, "/oglas/3");
  const costs = page.getByTestId("running-costs");
  await costs.scrollIntoViewIfNeeded();
  const years = costs.getByLabel("Število let");
  for (const n of [1, 3, 6]) {
    await years.fill(String(n));
    const due = inspectionsWithin("2024-06", new Date(), n).map((x) => `${x.slice(5)}/${x.slice(0, 4)}`);
    const text = costs.getByTestId("costs-inspections");
    if (due.length === 0) await expect(text).toHaveText(/ni tehničnega pregleda/);
    else await expect(text).toContainText(`(${due.join(", ")})`);
  }
  // Over 6 years from late 2026 a 2024 car meets its 4- and 6-year inspections (and its 8-year one only from 2030-06 on).
  await expect(costs.getByTestId("costs-inspections")).toContainText(/V 6 letih: [23] tehničn/);
});
