import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";

/** Waits until React has hydrated the current document (clicks before that would be lost). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
}

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

export const test = base.extend<{ isMobileProject: boolean; presetConsent: boolean }>({
  isMobileProject: async ({ viewport }, use) => use((viewport?.width ?? 1280) < 992),
  // Every browser starts with optional cookies refused, so the consent bar never covers what a
  // test clicks and no ads or interstitials appear; e2e/pages.spec.ts turns this off.
  presetConsent: [true, { option: true }],
  context: async ({ context, presetConsent, baseURL }, use) => {
    if (presetConsent && baseURL) {
      await context.addCookies([
        {
          name: "avtotrg_consent",
          value: encodeURIComponent("v=1&a=0&m=0&t=2025-07-22"),
          url: baseURL,
          sameSite: "Lax",
        },
      ]);
    }
    await use(context);
  },
});
export { expect };

/** Requests a sign-in link and opens it from the development mailbox; answers the return path used. */
export async function openSignInLink(page: Page, email: string, path = "/") {
  // Four page loads (login, mailbox, "Nadaljuj kot …", the return page): the calling test gets time for them.
  test.info().setTimeout(test.info().timeout + 20_000);
  // A marker of this test's own request: parallel tests may sign in as the same person.
  const returnTo = `${path}${path.includes("?") ? "&" : "?"}e2e=${freshTag()}`;
  await gotoHydrated(page, `/relogin?redirectUrl=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("E-poštni naslov").fill(email);
  await page.getByRole("button", { name: "Pošlji povezavo za prijavo" }).click();
  await expect(page.getByRole("heading", { name: "Preverite e-pošto" })).toBeVisible();
  await gotoHydrated(page, "/dev/posta");
  const message = page.getByTestId("dev-message").filter({ hasText: returnTo }).first();
  await openMailLink(page, message);
  await confirmSignInLink(page, email);
  return returnTo;
}

/**
 * Opens a message's link from the development mailbox as a mail client does: by its address. (A click on the button
 * once missed for two minutes late in a full run, the mailbox long with the other tests' messages: another message
 * was under the pointer at every try.)
 */
export async function openMailLink(page: Page, message: Locator) {
  const href = await message.getByRole("link", { name: "Odpri povezavo" }).getAttribute("href");
  expect(href, "the message carries its link").toBeTruthy();
  await page.goto(href ?? "");
}

/**
 * An opened sign-in link shows "Nadaljuj kot …" and signs in only on that button (decision 030):
 * waits for the confirmation page to hydrate and presses it.
 */
export async function confirmSignInLink(page: Page, email: string) {
  await expect(page).toHaveURL(/\/prijava\/potrditev\?token=/);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: `Nadaljuj kot ${email}?` })).toBeVisible();
  await page.getByRole("button", { name: `Nadaljuj kot ${email}` }).click();
}

const escapeRegExp = (s: string) => s.replace(/[?.*+()[\]\\/^$|{}]/g, "\\$&");

// Sessions by e-mail, shared by the run's workers through a file in its state directory: the
// sign-in link is rate limited per address (5 in 15 minutes), many tests act as the same demo user,
// and a worker that restarts after a failed test would otherwise sign in again. A stored session is
// used only while the API accepts it.
type Cookies = Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;
const sessionFile = join(
  process.env.AVTOTRG_STATE ?? ".wrangler/e2e-state",
  `e2e-sessions-${process.env.E2E_PORT ?? 4173}.json`,
);
const readSessions = (): Record<string, Cookies> => {
  try {
    return JSON.parse(readFileSync(sessionFile, "utf8")) as Record<string, Cookies>;
  } catch {
    return {};
  }
};
const storeSession = (email: string, cookies: Cookies | null) => {
  const all = readSessions();
  if (cookies) all[email] = cookies;
  else delete all[email];
  const tmp = `${sessionFile}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(all));
  renameSync(tmp, sessionFile);
};

/** Signs in through the e-mail link, read from the development mailbox, and lands on `path` (reusing the run's session for the address when it is still valid). */
export async function signInByEmail(page: Page, email: string, path = "/") {
  const cached = readSessions()[email];
  if (cached) {
    await page.context().addCookies(cached);
    const me = await page.request.get("/internal-api/v1/me");
    if (me.ok() && ((await me.json()) as { email?: string }).email === email) {
      await gotoHydrated(page, path);
      return;
    }
    await page.context().clearCookies({ name: /^avtotrg_session/ }); // keeps the preset cookie choice
    storeSession(email, null);
  }
  const returnTo = await openSignInLink(page, email, path);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(returnTo)}.*success=true`));
  await hydrated(page);
  storeSession(
    email,
    (await page.context().cookies()).filter((c) => c.name.startsWith("avtotrg_session")),
  );
}

export { escapeRegExp };

// Fresh test data from a per-run counter, never Math.random (a random phone once collided across files).
// scripts/e2e.mjs starts every run from an empty state directory; each number is claimed by creating its
// directory there, which is atomic across the parallel worker processes.
const serialDir = join(process.env.AVTOTRG_STATE ?? ".wrangler/e2e-state", "e2e-serial");
let nextSerial = 1;
/** 1, 2, 3, … unique within the run across all workers and projects. */
export function runSerial(): number {
  mkdirSync(serialDir, { recursive: true });
  for (;;) {
    const n = nextSerial++;
    try {
      mkdirSync(join(serialDir, String(n)));
      return n;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** A short tag for e-mail addresses and names: "r7k" (base 36 of the run serial). */
export const freshTag = () => runSerial().toString(36);

/** A Slovenian mobile number no seeded user or other test has: +386 64 1xx xxx (typed as people type it, and canonical). */
export function freshMobile(): { typed: string; canonical: string; formatted: string } {
  const six = String(100_000 + runSerial());
  return {
    typed: `064 ${six.slice(0, 3)} ${six.slice(3)}`,
    canonical: `+38664${six}`,
    formatted: `+386 64 ${six.slice(0, 3)} ${six.slice(3)}`,
  };
}

/** A valid whole VIN of a 2008 Volkswagen that no seeded posting uses (serials from 9 000 000). */
export const freshVin = () => `WVWZZZ1KZ8${String(9_000_000 + runSerial())}`;

/**
 * A new private seller of this run (signed in by the e-mail link, named through the API) with a fresh draft of
 * a whole VIN: answers the seller's e-mail and the draft's id and code.
 */
export async function newSellerWithDraft(page: Page, who: { prefix: string; firstName: string; lastName: string }) {
  const email = `${who.prefix}-${freshTag()}@primer.si`;
  await openSignInLink(page, email, "/uporabnik/profil");
  await expect(page).toHaveURL(/\/register\?|\/uporabnik\/profil/, { timeout: 15_000 });
  const named = await page.request.post("/internal-api/v1/me", {
    data: { firstName: who.firstName, lastName: who.lastName, email },
  });
  expect(named.ok()).toBe(true);
  const created = await page.request.post("/internal-api/v1/draft", {
    data: { vin: freshVin(), hiddenVin: false, isPartialVin: false },
  });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: number; code: string };
  return { email, id, code };
}

/** A landscape camera-like photo made at test time (a card's cover). */
export const coverPhoto = (fill = "#2b5d9b") =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="${fill}"/><rect x="200" y="380" width="800" height="220" rx="60" fill="#e8eef6"/><circle cx="380" cy="610" r="80" fill="#222"/><circle cx="820" cy="610" r="80" fill="#222"/></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * A new private seller of this run with a complete draft of a Volkswagen up! (2019, 85.000 km, 8.990 €) and its
 * cover photo, ready to publish: answers the draft's id and code.
 */
export async function newSellerWithCompleteDraft(
  page: Page,
  who: { prefix: string; firstName: string; lastName: string },
  values: Record<string, unknown> = {},
) {
  const { id, code } = await newSellerWithDraft(page, who);
  const saved = await page.request.post(`/internal-api/v1/draft/${code}`, {
    data: {
      manufacturer: "volkswagen",
      model: "up",
      modelYear: 2019,
      odometerKm: 85_000,
      fuel: "PETROL",
      powerKw: 55,
      priceType: "NORMAL",
      price: 899_000,
      contactRegion: "LJUBLJANA",
      ...values,
    },
  });
  expect(saved.status()).toBe(200);
  const upload = await page.request.post(`/internal-api/v1/posting/${code}/file`, {
    multipart: {
      metaData: JSON.stringify({ fileType: "EXTERIOR_PICTURE" }),
      fileContent: { name: "avto.jpg", mimeType: "image/jpeg", buffer: await coverPhoto() },
    },
  });
  expect(upload.ok()).toBe(true);
  return { id, code };
}

/** A day as the pages write it ("12. 12. 2026"), in Ljubljana, `days` from now. */
export function ljubljanaDate(days: number) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Ljubljana",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${Number(get("day"))}. ${Number(get("month"))}. ${get("year")}`;
}

/** Errors the page logs (uncaught exceptions, React's hydration mismatches); not the document's own 4xx status. */
export function consoleErrors(page: Page, where: () => string = () => "") {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`${where()}pageerror: ${e.message.split("\n")[0]}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource/.test(msg.text()))
      errors.push(`${where()}${msg.text().split("\n")[0]}`);
  });
  return errors;
}
