import type { Locator, Page } from "@playwright/test";
import { escapeRegExp, expect, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";
import { throttlePhone } from "./phone-profile";

// Issue 25, the admin's tools: model mapping by touch, the review dialog with photos, ending an impersonation
// on the users list, deleting with the name typed (decision 073).

/** A finger drag (CDP touch events, so the page sees pointer events of type "touch") from `from`'s centre to a point. */
async function touchDrag(page: Page, from: Locator, to: { x: number; y: number }) {
  const box = await from.boundingBox();
  if (!box) throw new Error("the handle is not on screen");
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [start] });
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    const point = { x: start.x + ((to.x - start.x) * i) / steps, y: start.y + ((to.y - start.y) * i) / steps };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** With SHOTS_DIR set, a screenshot of what the test sees, named by the viewport's width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

const model = (page: Page, name: string) =>
  page.getByTestId("base-model").filter({ has: page.getByRole("heading", { name: new RegExp(`^${name} \\(`) }) });
const seriesIn = (column: Locator) =>
  column.getByTestId("model-series").evaluateAll((els) => els.map((el) => el.getAttribute("data-series") ?? ""));

test("the admin maps a series by touch (dragging its handle) and by »Premakni v …« on a throttled phone; it is kept", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(120_000);
  test.skip(!isMobileProject, "the touch test is the phone's; the desktop's mouse drag is in admin.spec.ts");
  await signInByEmail(page, "admin@primer.si", "/admin/models?manufacturer=smart");
  const lift = await throttlePhone(page);
  await gotoHydrated(page, "/admin/models?manufacturer=smart");
  await page.evaluate(() => {
    const types: string[] = [];
    (window as unknown as { pointerTypes: string[] }).pointerTypes = types;
    document.addEventListener("pointerdown", (e) => types.push(e.pointerType), true);
  });
  const fortwo = model(page, "fortwo");
  const forfour = model(page, "forfour");
  const [first, second] = await seriesIn(fortwo);
  expect(first && second).toBeTruthy();
  const firstSeries = fortwo.getByTestId("model-series").filter({ hasText: first ?? "" });
  const handle = firstSeries.getByRole("button", { name: new RegExp(`^Serija ${escapeRegExp(first ?? "")}`) });
  // The handle and the select are touch-sized.
  const handleBox = await handle.boundingBox();
  expect(handleBox?.width).toBeGreaterThanOrEqual(44);
  expect(handleBox?.height).toBeGreaterThanOrEqual(44);
  const selectBox = await firstSeries.getByRole("combobox").boundingBox();
  expect(selectBox?.height).toBeGreaterThanOrEqual(44);

  // Drag by the handle with a finger into the next model's card.
  await forfour.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const target = await forfour.boundingBox();
  if (!target) throw new Error("forfour is not on screen");
  await touchDrag(page, handle, { x: target.x + target.width / 2, y: target.y + Math.min(40, target.height / 2) });
  expect(await page.evaluate(() => (window as unknown as { pointerTypes: string[] }).pointerTypes)).toContain("touch");
  await expect(forfour.getByTestId("model-series").filter({ hasText: first ?? "" })).toHaveCount(1);
  await expect(page.getByText(`Serija ${first} je premaknjena v model forfour.`)).toBeAttached();

  // The accessible way: »Premakni v …« on the other series.
  const secondSelect = fortwo.getByRole("combobox", { name: `Premakni serijo ${second} v model` });
  await secondSelect.selectOption({ label: "forfour" });
  await expect(forfour.getByTestId("model-series").filter({ hasText: second ?? "" })).toHaveCount(1);
  await expect(page.getByText(`Serija ${second} je premaknjena v model forfour.`)).toBeAttached();
  await expect(page.getByText("Neshranjene spremembe")).toBeVisible();
  await shot(page, "models-moved");
  await page.getByRole("button", { name: "Shrani" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modeli so shranjeni." })).toBeVisible();

  // Kept after a reload.
  await gotoHydrated(page, "/admin/models?manufacturer=smart");
  expect(await seriesIn(forfour)).toEqual(expect.arrayContaining([first, second]));
  expect(await seriesIn(fortwo)).not.toContain(first);

  // Put both back (the select), so the demo data stays as it was.
  for (const name of [first, second])
    await forfour.getByRole("combobox", { name: `Premakni serijo ${name} v model` }).selectOption({ label: "fortwo" });
  await page.getByRole("button", { name: "Shrani" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modeli so shranjeni." })).toBeVisible();
  expect(await seriesIn(fortwo)).toEqual(expect.arrayContaining([first, second]));
  await lift();
});

test("the admin reviews a posting with its photos, a larger view on tap and a link to the public posting", async ({
  page,
}) => {
  await signInByEmail(page, "admin@primer.si", "/admin/postings");
  await expect(page.getByRole("heading", { level: 1, name: "Urejanje oglasov" })).toBeVisible();
  // The first listed posting with a picture.
  const row = page
    .getByTestId("review-list")
    .locator(":scope > li")
    .filter({ has: page.locator("img") })
    .first();
  const href = await row.getByRole("link").first().getAttribute("href");
  await row.getByRole("button", { name: "Uredi" }).click();
  const dialog = page.getByRole("dialog", { name: /^Urejanje: / });
  const large = dialog.getByTestId("review-photo-large");
  await expect(large).toBeVisible();
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(dialog.getByText(/^Cena:/)).toBeVisible();
  await expect(dialog.getByText(/^Letnik:/)).toBeVisible();
  const thumbs = dialog.getByRole("button", { name: /^Slika \d+ od \d+$/ });
  const total = await thumbs.count();
  if (total > 1) {
    await expect(thumbs.first()).toHaveAttribute("aria-pressed", "true");
    const before = await large.getAttribute("src");
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(large).toHaveAttribute("alt", `Izbrana slika 2 od ${total}`);
    expect(await large.getAttribute("src")).not.toBe(before);
  }
  await shot(page, "review-dialog");
  const open = dialog.getByRole("link", { name: /^Odpri oglas/ });
  await expect(open).toHaveAttribute("href", href ?? "");
  await expect(open).toHaveAttribute("target", "_blank");
  await expect(open).toHaveAttribute("rel", /noopener/);
  await dialog.getByRole("button", { name: "Prekliči" }).click();
  await expect(dialog).toBeHidden();
});

test("the admin impersonates a user from the searched users list and »Končaj prevzem« brings them back to it", async ({
  page,
  browser,
  isMobileProject,
}) => {
  // A sign-in, two take-overs and a second browser: more than the default 30 s on a busy machine.
  test.setTimeout(75_000);
  // Each project takes its own user (they run at the same time).
  const [phone, name] = isMobileProject ? ["041 000 004", "Peter Zupan"] : ["041 000 003", "Katja Novak"];
  await signInByEmail(page, "admin@primer.si", "/administracija/uporabniki");
  await page.getByLabel("Telefon, e-pošta, ime ali ID").fill(phone);
  await page.getByRole("button", { name: "Išči" }).click();
  await expect(page).toHaveURL(/q=041/);
  const listUrl = page.url();
  const take = async () => {
    await page
      .getByTestId("admin-users")
      .getByRole("button", { name: `Prevzemi identiteto: ${name}` })
      .click();
    await page
      .getByRole("dialog", { name: "Prevzem identitete" })
      .getByRole("button", { name: "Prevzemi identiteto" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `Uporabljate račun uporabnika ${name}.` })).toBeVisible();
    await hydrated(page);
  };

  // After hydration, from the bar.
  await take();
  await page.getByRole("button", { name: "Končaj prevzem" }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Uporabniki" })).toBeVisible();
  await expect(page.getByLabel("Telefon, e-pošta, ime ali ID")).toHaveValue(phone);
  await shot(page, "users-after-impersonation");
  await expect(page.getByText("Uporabljate račun uporabnika")).toHaveCount(0);

  // Before any script runs (a browser without JavaScript): the bar's button is a form post, answered with a 303.
  await hydrated(page);
  await take();
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await plain.goto("/");
  await plain.getByRole("button", { name: "Končaj prevzem" }).click();
  await expect(plain).toHaveURL(listUrl);
  await expect(plain.getByRole("heading", { level: 1, name: "Uporabniki" })).toBeVisible();
  await expect(plain.getByText("Uporabljate račun uporabnika")).toHaveCount(0);
  await noScript.close();
});

test("deleting a dealership states what goes and asks for its name; a wrong name keeps the button disabled, cancel leaves it", async ({
  page,
  isMobileProject,
}) => {
  // Nothing is deleted: the projects may share a dealership with the credit-days test of admin-dealers.spec.ts.
  const name = isMobileProject ? "Avtohiša Kos" : "Avto Zupan";
  await signInByEmail(page, "admin@primer.si", `/administracija/poslovne-enote?q=${encodeURIComponent(name)}`);
  const heading = page.getByRole("heading", { name: new RegExp(`^${name}`) });
  const row = page.getByTestId("dealership-list").locator(":scope > li", { has: heading });
  await row.getByRole("button", { name: `Izbriši: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Izbris poslovne enote" });
  await expect(dialog).toContainText(`Izbrisani bodo poslovna enota ${name}`);
  await expect(dialog.getByTestId("delete-counts")).toContainText(/Oglasi: \d+ · člani: \d+/);
  const field = dialog.getByLabel(`Za potrditev vpišite ime: ${name}`);
  const remove = dialog.getByRole("button", { name: "Izbriši" });
  await expect(remove).toBeDisabled();
  for (const wrong of [name.slice(0, -1), name.toLowerCase(), `${name} d.o.o.`]) {
    await field.fill(wrong);
    await expect(remove).toBeDisabled();
  }
  await shot(page, "delete-dialog");
  await field.fill(` ${name} `);
  await expect(remove).toBeEnabled();
  await dialog.getByRole("button", { name: "Prekliči" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(row).toBeVisible();
  // Opened again, the field starts empty.
  await hydrated(page);
  await row.getByRole("button", { name: `Izbriši: ${name}` }).click();
  await expect(dialog.getByLabel(`Za potrditev vpišite ime: ${name}`)).toHaveValue("");
  await expect(remove).toBeDisabled();
});
