import type { Page } from "@playwright/test";

// The pictures step as a seller works it: the exterior photos in their shown order, and a drag of one onto
// another's place by a finger or the mouse (shared by e2e/photos.spec.ts and the seller's journey).

export const exterior = (page: Page) => page.getByTestId("files-EXTERIOR_PICTURE").locator("li[data-url]");
export const names = (page: Page) =>
  exterior(page).evaluateAll((items) => items.map((li) => li.getAttribute("data-name")));

/** A finger on the handle of the photo at `from`, dragged to the photo at `to` (touch events: pointer type "touch"). */
export async function touchDrag(page: Page, from: number, to: number) {
  const handle = await exterior(page)
    .nth(from)
    .getByRole("button", { name: /^Premakni fotografijo \d+ \(/ })
    .boundingBox();
  const target = await exterior(page).nth(to).boundingBox();
  if (!handle || !target) throw new Error("no boxes");
  const cdp = await page.context().newCDPSession(page);
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  const end = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [start] });
  for (let i = 1; i <= 8; i++) {
    const at = { x: start.x + ((end.x - start.x) * i) / 8, y: start.y + ((end.y - start.y) * i) / 8 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

export async function mouseDrag(page: Page, from: number, to: number) {
  const handle = exterior(page)
    .nth(from)
    .getByRole("button", { name: /^Premakni fotografijo \d+ \(/ });
  const target = await exterior(page).nth(to).boundingBox();
  if (!target) throw new Error("no box");
  await handle.hover();
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** The next saved order of the photos (the server has it: a reload shows it). */
export const orderSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith("/files/order") && r.request().method() === "POST" && r.ok());
