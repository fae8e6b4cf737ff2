import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, freshVin, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";
import { exterior, mouseDrag, names, orderSaved, touchDrag } from "./photo-steps";

// Issue 23 (decision 058): a seller's phone photos keep the order picked, are reordered by touch, mouse and
// keyboard, one is chosen as the cover, and a removal can be undone. The pictures are made here, at test time.

/** A noisy JPEG (noise does not compress: real camera sizes); portrait 3000×4000 at 3–6 MB for the big ones. */
async function photo(width: number, height: number, sigma: number, quality: number) {
  return sharp({
    create: { width, height, channels: 3, background: "#3a6ea5", noise: { type: "gaussian", mean: 120, sigma } },
  })
    .jpeg({ quality })
    .toBuffer();
}

const shots = "test-results/shots/photos";
async function newDraftOnPicturesStep(page: Page) {
  await signInByEmail(page, "kupec@primer.si", "/");
  const res = await page.request.post("/internal-api/v1/draft", { data: { vin: freshVin() } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await gotoHydrated(page, `/nov-oglas/${id}/slike`);
  await expect(page.getByRole("heading", { level: 1, name: "Slike in dokumenti" })).toBeVisible();
  return id;
}

test("a seller's four phone photos keep the picked order, move by touch or mouse and keyboard, get a cover, and a removal is undone", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  const id = await newDraftOnPicturesStep(page);
  const [big, large, small, medium] = await Promise.all([
    photo(3000, 4000, 40, 80),
    photo(3000, 4000, 25, 75),
    photo(600, 800, 20, 80),
    photo(1500, 2000, 20, 80),
  ]);
  expect(big.length).toBeGreaterThan(3_000_000);
  expect(large.length).toBeGreaterThan(3_000_000);

  // One pick of four; the small ones finish first, yet the order is the one picked and the first is the cover.
  await page.getByLabel("Dodaj datoteke: Zunanjost").setInputFiles([
    { name: "foto-1.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "foto-2.jpg", mimeType: "image/jpeg", buffer: large },
    { name: "foto-3.jpg", mimeType: "image/jpeg", buffer: small },
    { name: "foto-4.jpg", mimeType: "image/jpeg", buffer: medium },
  ]);
  await expect
    .poll(() => names(page), { timeout: 45_000 })
    .toEqual(["foto-1.jpg", "foto-2.jpg", "foto-3.jpg", "foto-4.jpg"]);
  await expect(page.getByTestId("files-EXTERIOR_PICTURE").getByRole("progressbar")).toHaveCount(0);
  await expect(exterior(page).first().getByText("Naslovna fotografija", { exact: true })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect.poll(() => names(page)).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-3.jpg", "foto-4.jpg"]);
  await page.screenshot({ path: `${shots}/pictures-${isMobileProject ? 390 : 1280}.png`, fullPage: true });

  // No serious or critical accessibility violation on the step with its photos (axe, as e2e/a11y.spec.ts).
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).include("main").analyze();
  expect(axe.violations.filter((v) => ["serious", "critical"].includes(v.impact ?? "")).map((v) => v.id)).toEqual([]);

  // Every control of a photo is at least 44×44 px.
  for (const box of await exterior(page)
    .getByRole("button")
    .evaluateAll((b) => b.map((x) => x.getBoundingClientRect())))
    expect([box.width >= 44, box.height >= 44]).toEqual([true, true]);

  // Drag the fourth photo to the front: by a finger on a phone, by the mouse on a desktop. It is saved.
  let saved = orderSaved(page);
  if (isMobileProject) await touchDrag(page, 3, 0);
  else await mouseDrag(page, 3, 0);
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);
  await saved;
  await page.reload();
  await hydrated(page);
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);

  // The keyboard: Space lifts, arrows move, Space drops; each step is announced.
  const handle = exterior(page)
    .first()
    .getByRole("button", { name: /^Premakni fotografijo 1 \(/ });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Fotografija 1 je dvignjena.", { exact: false })).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Fotografija je na mestu 3 od 4.")).toBeAttached();
  saved = orderSaved(page);
  await page.keyboard.press("Space");
  await expect.poll(() => names(page)).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-4.jpg", "foto-3.jpg"]);
  await saved;
  await page.reload();
  await hydrated(page);
  await expect.poll(() => names(page)).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-4.jpg", "foto-3.jpg"]);

  // "Naslovna fotografija": the third becomes the cover, the others keep their order.
  await page.getByRole("button", { name: "Nastavi fotografijo 3 za naslovno" }).click();
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);
  await expect(exterior(page).first().getByText("Naslovna fotografija", { exact: true })).toBeVisible();

  // Remove with undo: the photo comes back at the same place.
  await page.getByRole("button", { name: "Odstrani fotografijo 2" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Fotografija je odstranjena" });
  await expect(toast).toBeVisible();
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-2.jpg", "foto-3.jpg"]);
  await page.screenshot({ path: `${shots}/undo-${isMobileProject ? 390 : 1280}.png` });
  await expect(toast.getByRole("button", { name: "Razveljavi" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);
  await expect(toast).toHaveCount(0);
  // Without undo the removal is sent when the toast goes, and holds after a reload.
  await page.getByRole("button", { name: "Odstrani fotografijo 4" }).click();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  await page.reload();
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-1.jpg", "foto-2.jpg"]);

  // A HEIC this server cannot convert is refused next to that file, with what to do instead.
  const heic = Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0, 0x6d, 0x69, 0x66, 0x31, 0x68, 0x65, 0x69,
    0x63, 1, 2, 3, 4,
  ]);
  await page
    .getByLabel("Dodaj datoteke: Zunanjost")
    .setInputFiles([{ name: "IMG_0042.HEIC", mimeType: "", buffer: heic }]);
  const refused = page.locator('li[data-upload="IMG_0042.HEIC"]');
  await expect(refused.getByRole("alert")).toHaveText(
    "Fotografije HEIC ni bilo mogoče pretvoriti. Shranite jo kot JPEG in poskusite znova.",
  );
  await expect.poll(() => names(page)).toEqual(["foto-4.jpg", "foto-1.jpg", "foto-2.jpg"]);
  await page.screenshot({ path: `${shots}/heic-${isMobileProject ? 390 : 1280}.png`, fullPage: true });

  // A service document: its type picked before the upload, its date after; buyers will read "Račun · 12. 3. 2025".
  await page.getByLabel("Vrsta dodanih dokumentov").first().selectOption("INVOICE");
  await page
    .getByLabel("Dodaj datoteke: Servisna zgodovina")
    .setInputFiles([{ name: "screenshot.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") }]);
  await expect(page.getByLabel("Vrsta dokumenta 1")).toHaveValue("INVOICE");
  await page.getByLabel("Datum dokumenta 1").fill("2025-03-12");
  await page.getByLabel("Datum dokumenta 1").blur();
  await expect(page.getByRole("status").filter({ hasText: "Dokument je shranjen." })).toBeVisible();
  const draft = await (await page.request.get(`/internal-api/v1/draft/${id}`)).json();
  expect(draft.documents).toMatchObject([{ documentType: "INVOICE", documentDate: "2025-03-12" }]);
  await page
    .getByRole("region", { name: "Servisna zgodovina" })
    .screenshot({ path: `${shots}/documents-${isMobileProject ? 390 : 1280}.png` });
  // The posting page (its owner may open the draft) names the document by type and date, never by file name.
  await gotoHydrated(page, `/oglas/${id}`);
  const documents = page.getByRole("region", { name: "Servisi in računi" });
  await expect(documents.getByRole("link")).toHaveText(["Račun · 12. 3. 2025"]);
  await expect(documents).not.toContainText("screenshot");
  await documents.screenshot({ path: `${shots}/posting-documents-${isMobileProject ? 390 : 1280}.png` });
});
