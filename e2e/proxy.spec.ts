import { readdirSync } from "node:fs";
import type { Locator } from "@playwright/test";
import { inspect } from "../src/services/pdf/pdf-inspect.testing";
import { cameraPhoto } from "./camera-photo";
import {
  escapeRegExp,
  expect,
  freshTag,
  freshVin,
  gotoHydrated,
  hydrated,
  openSignInLink,
  runSerial,
  test,
} from "./fixtures";
import { openInstanceState } from "./instance-state";

// Proxy mode (issue 26, decision 077): the project "proxy" opens these pages on a front (E2E_PORT+1) whose
// INTERNAL_API_URL is the suite's usual instance, the provider (E2E_PORT). The front's own D1 and R2 are
// migrated and empty: a read that wrongly hits them shows as missing data, and the last test checks that
// every write landed in the provider's state and none in the front's.

const providerState = process.env.AVTOTRG_STATE ?? ".wrangler/e2e-state";
const frontState = `${providerState}-front`;
const providerOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`;

/** The browser loaded this picture (not a broken image) from the front's own /media. */
async function expectShownFromFront(img: Locator, front: string) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`^${front}/media/`));
}

test("search through the front: a filter changes the results; a posting's photos load from the front's /media", async ({
  page,
  baseURL,
}) => {
  const front = baseURL ?? "";
  await gotoHydrated(page, "/iskanje");
  const cards = page.getByTestId("search-results").locator("article");
  await expect(cards.first()).toBeVisible();
  await page
    .getByRole("complementary", { name: "Filtri" })
    .getByRole("checkbox", { name: /Elektrika/ })
    .check();
  await expect(page).toHaveURL(/fuel=ELECTRIC/);
  await expect(cards.first()).toContainText("Elektrika");

  const response = await gotoHydrated(page, "/oglas/1");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/\w/);
  await expect(page.getByTestId("gallery-count")).toHaveText("1 / 6");
  await expectShownFromFront(page.getByTestId("gallery-main").locator("img").first(), front);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("a posting through the front shows its price and photos", async ({ page, baseURL }) => {
    // Posting 1 has a shown price (the seed's posting 2 is "Po dogovoru": its amount reaches no buyer, decision 088).
    await gotoHydrated(page, "/oglas/1");
    await expect(page.getByTestId("price-block")).toContainText("€");
    await expectShownFromFront(page.getByTestId("gallery-main").locator("img").first(), baseURL ?? "");
  });
});

test("the PDF sheet through the front: a PDF whose printed link names the front's origin", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const sheet = await page.request.get("/internal-api/v1/postings/1/download-pdf", { timeout: 45_000 });
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()["content-type"]).toBe("application/pdf");
  const { texts } = await inspect(new Uint8Array(await sheet.body()));
  expect(texts.filter((t) => t.startsWith(`${baseURL}/oglas/`))).toHaveLength(1);
  expect(texts.join(" ")).not.toContain(providerOrigin);
});

test("through the front: registration by e-mail link, a favourite, a saved search, a draft with a photo, featuring, a day-old session, sign-out; the writes are the provider's", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const front = baseURL ?? "";
  const email = `dvojcek-${freshTag()}@primer.si`;
  const maxKm = 400_000 + runSerial();
  const searchPath = `/iskanje?fuel=DIESEL&odo=..${maxKm}`;

  await test.step("sign-in by e-mail link names the front; a new user completes registration", async () => {
    const returnTo = await openSignInLink(page, email, searchPath);
    const outbox = (await (await page.request.get("/internal-api/v1/dev/outbox")).json()) as {
      to: string;
      link: string | null;
    }[];
    expect(outbox.find((m) => m.to === email)?.link).toMatch(new RegExp(`^${front}/`));
    await expect(page).toHaveURL(new RegExp(`^${front}/register\\?redirectUrl=`));
    await hydrated(page);
    await page.getByLabel("Ime", { exact: true }).fill("Dvojka");
    await page.getByLabel("Priimek").fill("Sprednja");
    await page.getByRole("checkbox", { name: /Strinjam se/ }).check();
    await page.getByRole("button", { name: "Ustvari profil" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profil je shranjen." })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(front + returnTo)}$`));
    await hydrated(page);
    await expect(page.getByTestId("user-initials")).toHaveText("DS");
    // The session cookie came through the front, not Secure as the front's public URL is http.
    const session = (await page.context().cookies(front)).find((c) => c.name === "avtotrg_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.secure).toBe(false);
  });

  let liked = 0;
  await test.step("a favourite by the heart, shown among favourites", async () => {
    const card = page.getByTestId("search-results").locator("article").first();
    liked = Number(
      /\/oglas\/(\d+)/.exec((await card.locator("a[href^='/oglas/']").first().getAttribute("href")) ?? "")?.[1],
    );
    const heart = card.getByRole("button", { name: /priljubljen/ });
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await gotoHydrated(page, "/uporabnik/priljubljeni-oglasi");
    await expect(page.getByTestId("favourites").locator(`a[href='/oglas/${liked}']`).first()).toBeVisible();
  });

  await test.step("a saved search, listed among saved searches", async () => {
    await gotoHydrated(page, searchPath);
    await page.getByRole("button", { name: "Shrani iskanje" }).click();
    const dialog = page.getByRole("dialog", { name: "Shrani iskanje" });
    await dialog.getByLabel("Ime iskanja").fill(`Dvojček ${maxKm}`);
    await dialog.getByRole("button", { name: "Shrani" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Iskanje je shranjeno." })).toBeVisible();
    await gotoHydrated(page, "/uporabnik/shranjena-iskanja");
    await expect(page.getByTestId("saved-search").filter({ hasText: `Dvojček ${maxKm}` })).toHaveCount(1);
  });

  const post = (path: string, data?: unknown) => page.request.post(`/internal-api/v1${path}`, { data });
  const created = await post("/draft", { vin: freshVin(), hiddenVin: false, isPartialVin: false });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: number; code: string };

  await test.step("a new draft's camera photo is uploaded and shown back through the front", async () => {
    await gotoHydrated(page, `/nov-oglas/${id}/slike`);
    await expect(page.getByRole("heading", { level: 1, name: "Slike in dokumenti" })).toBeVisible();
    await page
      .getByLabel("Dodaj datoteke: Zunanjost")
      .setInputFiles([{ name: "dvojcek.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(1600, 1200) }]);
    const tile = page.getByTestId("files-EXTERIOR_PICTURE").locator("li[data-url]");
    await expect(tile).toHaveCount(1, { timeout: 30_000 });
    await page.reload();
    await hydrated(page);
    await expectShownFromFront(tile.first().locator("img").first(), front);
  });

  await test.step("published, its page shows the photo; featured through the local checkout", async () => {
    const car = { manufacturer: "volkswagen", model: "up", modelYear: 2019, odometerKm: 64_000, fuel: "PETROL" };
    const offer = { priceType: "NORMAL", price: 899_000, contactRegion: "LJUBLJANA" };
    expect((await post(`/draft/${code}`, { ...car, ...offer })).status()).toBe(200);
    expect((await post(`/draft/${code}/publish`)).status()).toBe(200);
    await gotoHydrated(page, `/oglas/${id}`);
    await expectShownFromFront(page.getByTestId("gallery-main").locator("img").first(), front);

    await gotoHydrated(page, `/oglasevanje/${id}`);
    await page.getByRole("radio", { name: /^Standard/ }).check();
    await page.getByRole("radio", { name: /^7 dni/ }).check();
    await page.getByRole("button", { name: "Na plačilo" }).click();
    await expect(page).toHaveURL(new RegExp(`^${front}/dev/placilo/cs_local_`));
    await hydrated(page);
    await page.getByRole("button", { name: "Plačaj (test)" }).click();
    await expect(page).toHaveURL(new RegExp(`^${front}/oglasevanje/${id}/konec\\?days=7$`));
    await expect(page.getByTestId("featuring-days")).toHaveText("Izpostavitvi ste dodali 7 dni.");
  });

  const provider = await openInstanceState(providerState);
  try {
    const [user] = await provider.query<{ id: number }>("SELECT id FROM users WHERE email = ?", email);
    expect(user, "the new user is the provider's").toBeTruthy();
    const userId = user?.id ?? 0;

    await test.step("a session older than a day keeps the user signed in across page views", async () => {
      const cookieValue = async () =>
        (await page.context().cookies(front)).find((c) => c.name === "avtotrg_session")?.value;
      const before = await cookieValue();
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
      await provider.run(
        "UPDATE sessions SET created_at = ? WHERE user_id = ? AND rotated_at IS NULL AND revoked_at IS NULL",
        twoDaysAgo,
        userId,
      );
      // Pages rendered on the front never rotate the session (decision 076: a cookie set while streaming could
      // not reach the browser), and the user stays signed in.
      await gotoHydrated(page, "/");
      await expect(page.getByTestId("user-initials")).toHaveText("DS");
      expect(await cookieValue()).toBe(before);
      // The browser's own API calls do: the new cookie reaches it through the front.
      expect(
        await page.evaluate(async () => (await fetch("/internal-api/v1/me", { credentials: "include" })).status),
      ).toBe(200);
      await expect.poll(cookieValue).not.toBe(before);
      // The old token's grace minute is over at once: only the new cookie keeps the user signed in.
      await provider.run(
        "UPDATE sessions SET expires_at = ? WHERE user_id = ? AND rotated_at IS NOT NULL",
        twoDaysAgo,
        userId,
      );
      for (const path of ["/", searchPath, "/uporabnik/priljubljeni-oglasi"]) {
        await gotoHydrated(page, path);
        await expect(page.getByTestId("user-initials"), path).toHaveText("DS");
      }
      expect((await page.request.get("/internal-api/v1/me")).status()).toBe(200);
    });

    await test.step("sign-out through the front ends the session", async () => {
      const cookie = (await page.context().cookies(front)).find((c) => c.name === "avtotrg_session");
      await page.getByRole("button", { name: "Uporabniški meni" }).click();
      await page.getByRole("button", { name: "Odjava" }).click();
      await expect(page).toHaveURL(new RegExp(`^${front}/$`));
      await expect(page.getByTestId("user-initials")).toHaveCount(0);
      const me = await page.request.get("/internal-api/v1/me", {
        headers: { cookie: `avtotrg_session=${cookie?.value}` },
      });
      expect(me.status()).toBe(401);
    });

    await test.step("every write is in the provider's D1 and R2", async () => {
      const one = async (sql: string, ...params: unknown[]) =>
        (await provider.query<{ n: number }>(sql, ...params))[0]?.n;
      expect(await one("SELECT count(*) AS n FROM favorites WHERE user_id = ? AND posting_id = ?", userId, liked)).toBe(
        1,
      );
      expect(
        await one(
          "SELECT count(*) AS n FROM saved_searches WHERE user_id = ? AND name = ?",
          userId,
          `Dvojček ${maxKm}`,
        ),
      ).toBe(1);
      expect(
        await one(
          "SELECT count(*) AS n FROM postings WHERE id = ? AND user_id = ? AND status = 'PUBLISHED'",
          id,
          userId,
        ),
      ).toBe(1);
      expect(
        await one("SELECT count(*) AS n FROM featuring_purchases WHERE posting_id = ? AND user_id = ?", id, userId),
      ).toBeGreaterThan(0);
      expect(
        await one("SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NOT NULL", userId),
      ).toBeGreaterThan(0);
      const files = await provider.query<{ object_key: string }>(
        "SELECT object_key FROM posting_files WHERE posting_id = ?",
        id,
      );
      expect(files).toHaveLength(1);
      expect(await provider.hasObject(files[0]?.object_key ?? "")).toBe(true);
    });
  } finally {
    await provider.dispose();
  }
});

test("the front's own D1 and R2 hold nothing but what its migrations wrote", async () => {
  const state = await openInstanceState(frontState);
  try {
    const counts = await state.rowCounts();
    const migrations = readdirSync("migrations").filter((f) => f.endsWith(".sql")).length;
    // The migrations' own rows: their ledger, the search generation's one row (still at 0), the kept search
    // counts' "all" row (0 postings, migration 0028) and the fifteen dimensions the pair counts are kept for (0034).
    expect(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))).toEqual({
      d1_migrations: migrations,
      search_generation: 1,
      search_counts: 1,
      search_count_dims: 15,
    });
    expect(await state.query("SELECT n FROM search_generation")).toEqual([{ n: 0 }]);
    expect(await state.objectKeys()).toEqual([]);
  } finally {
    await state.dispose();
  }
});
