import type { Page } from "@playwright/test";
import { cameraPhoto } from "./camera-photo";
import { expect, newSellerWithDraft } from "./fixtures";

/** The draft: a small petrol city car with a price, ready to publish. */
const portraitDraft = {
  manufacturer: "volkswagen",
  model: "up",
  modelYear: 2020,
  odometerKm: 41_000,
  fuel: "PETROL",
  powerKw: 48,
  priceType: "NORMAL",
  price: 990_000,
  contactRegion: "LJUBLJANA",
};

/**
 * A new seller (this run's own) with a filled-in draft whose first photo is an upright 3000 × 4000 JPEG (then
 * `more`, if any); publish it with POST draft/{code}/publish.
 */
export async function sellerWithPortraitPosting(page: Page, more: Buffer[] = []) {
  const { id, code } = await newSellerWithDraft(page, { prefix: "pokoncna", firstName: "Pia", lastName: "Pokončna" });
  const saved = await page.request.post(`/internal-api/v1/draft/${code}`, { data: portraitDraft });
  expect(saved.status()).toBe(200);
  const photo = await cameraPhoto(3000, 4000);
  expect(photo.length).toBeGreaterThan(2_500_000);
  const upload = await page.request.post(`/internal-api/v1/posting/${code}/file`, {
    multipart: {
      metaData: JSON.stringify({ fileType: "EXTERIOR_PICTURE" }),
      fileContent: { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(upload.ok()).toBe(true);
  for (const [i, buffer] of more.entries()) {
    const next = await page.request.post(`/internal-api/v1/posting/${code}/file`, {
      multipart: {
        metaData: JSON.stringify({ fileType: "EXTERIOR_PICTURE" }),
        fileContent: { name: `IMG_000${i + 2}.jpg`, mimeType: "image/jpeg", buffer },
      },
    });
    expect(next.ok()).toBe(true);
  }
  return { id, code };
}
