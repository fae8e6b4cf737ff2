// Looks at pages as a person would: full-page Chromium screenshots at 390 px and 1280 px.
//   node scripts/screenshots.mjs http://localhost:8787 / /iskanje …   (PNG files in test-results/screens)
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://localhost:8787", ...paths] = process.argv.slice(2);
const out = process.env.SCREENS_DIR ?? "test-results/screens";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({
    viewport: { width, height: width < 992 ? 844 : 900 },
    isMobile: width < 992,
    hasTouch: width < 992,
  });
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `${out}/${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== "0" });
    console.log(file);
  }
  await page.close();
}
await browser.close();
