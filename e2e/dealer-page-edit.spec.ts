import type { Page } from "@playwright/test";
import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

/** A PNG drawn by the browser's canvas (a gradient with stripes), as upload bytes. */
async function drawnPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      if (!ctx) return "";
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, "#0f7a73");
      gradient.addColorStop(1, "#f59e0b");
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = "#ffffff";
      for (let x = 0; x < w; x += 200) ctx.fillRect(x, 0, 40, h);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    },
    [width, height] as const,
  );
  return Buffer.from(base64, "base64");
}

const save = (page: Page) => page.getByRole("button", { name: "Shrani spremembe" }).click();
// A save that crops and uploads a banner and a logo can take longer than the default 7 s on a busy machine
// (seen once: the button still read "Shranjujem …" at 7 s).
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "Spremembe so shranjene." })).toBeVisible({ timeout: 20_000 });

// Editing the opening hours and seeing them on the public page: e2e/opening-hours.spec.ts (decision 072).

test("a buyer gets 403 on the edit page and no edit link; a visitor is asked to sign in", async ({ page }) => {
  await page.goto("/trgovec/avtohisa-kranjc/uredi");
  await expect(page).toHaveURL(/\/relogin\?redirectUrl=/);

  await signInByEmail(page, "kupec@primer.si", "/trgovec/avtohisa-kranjc/uredi");
  await expect(page.locator('[data-status="403"]')).toBeVisible();
  expect((await page.request.get("/trgovec/avtohisa-kranjc/uredi")).status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Dostop ni dovoljen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Shrani spremembe" })).toHaveCount(0);
  await gotoHydrated(page, "/trgovec/avtohisa-kranjc");
  await expect(page.getByRole("heading", { level: 1, name: "Avtohiša Kranjc" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Uredi stran" })).toHaveCount(0);
});

test("a dealer crops a banner to 1440 × 500, uploads a logo, and removes the logo again", async ({
  page,
  isMobileProject,
}) => {
  // Sign-in, two uploads through the Images binding and three page loads: 43–51 s on a busy machine.
  test.setTimeout(90_000);
  // Each project edits a dealership of its own (seeded heads are vodja@<code>.si).
  const code = isMobileProject ? "avtohisa-potocnik" : "primorje-avto";
  await signInByEmail(page, `vodja@${code}.si`, `/trgovec/${code}/uredi`);
  await expect(page.getByRole("heading", { level: 1, name: "Urejanje strani trgovca" })).toBeVisible();

  await page
    .getByLabel("Izberi sliko za pasico")
    .setInputFiles({ name: "pasica.png", mimeType: "image/png", buffer: await drawnPng(page, 2400, 1400) });
  const preview = page.getByRole("img", { name: "Predogled pasice (1440 × 500)" });
  await expect(preview).toBeVisible();
  const box = await preview.boundingBox();
  expect(box && Math.round((box.width / box.height) * 100)).toBe(Math.round((1440 / 500) * 100));

  const vertical = page.getByLabel("Navpični položaj");
  await expect(vertical).toHaveValue("50");
  await preview.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(vertical).toHaveValue("54");
  const zoom = page.getByLabel("Povečava");
  await zoom.focus();
  await page.keyboard.press("ArrowRight");
  await expect(zoom).toHaveValue("105");
  if (!isMobileProject && box) {
    // Dragging the picture down shows more of its top.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 4 });
    await page.mouse.up();
    expect(Number(await vertical.inputValue())).toBeLessThan(54);
  }

  await page
    .getByLabel("Izberi logotip")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await drawnPng(page, 300, 300) });
  await expect(page.getByRole("img", { name: "Nov logotip (shranjen bo ob shranjevanju)" })).toBeVisible();
  await save(page);
  await saved(page);

  await gotoHydrated(page, `/trgovec/${code}`);
  const banner = page.getByTestId("dealer-page").locator("img").first();
  await expect(banner).toHaveAttribute("src", /^\/media\/dealers\/\d+\/banner-[0-9a-f-]+\.jpg$/);
  await expect
    .poll(() => banner.evaluate((img: HTMLImageElement) => `${img.naturalWidth}×${img.naturalHeight}`))
    .toBe("1440×500");
  const logo = page.getByRole("img", { name: /^Logotip:/ });
  await expect(logo).toHaveAttribute("src", /^\/media\/dealers\/\d+\/logo-[0-9a-f-]+\.png$/);

  await gotoHydrated(page, `/trgovec/${code}/uredi`);
  await page.getByRole("button", { name: "Odstrani logotip" }).click();
  await expect(page.getByText("Logotip bo odstranjen, ko shranite spremembe.")).toBeVisible();
  await save(page);
  await saved(page);
  await gotoHydrated(page, `/trgovec/${code}`);
  await expect(page.getByRole("img", { name: /^Logotip:/ })).toHaveCount(0);
});
