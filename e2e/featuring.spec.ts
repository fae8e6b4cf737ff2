import { expect, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";

test("the advertising page shows the three packages with their prices per day and a featured card", async ({
  page,
}) => {
  await gotoHydrated(page, "/oglasujte");
  await expect(page.getByRole("heading", { level: 1, name: "Izpostavite svoj oglas" })).toBeVisible();
  const packages = page.getByTestId("featuring-packages").locator("li");
  await expect(packages).toHaveCount(3);
  await expect(packages.nth(0)).toContainText("Standard");
  await expect(packages.nth(0)).toContainText("od 0,50 € na dan");
  await expect(packages.nth(2)).toContainText("Izpostavljeno (člani AMZS)");
  await expect(page.locator("article[data-featured]").first()).toContainText("Izpostavljeno");
});

test("a seller features a posting through the test checkout, finds it first in search, then cancels it", async ({
  page,
  isMobileProject,
}) => {
  test.setTimeout(60_000);
  // Each project features its own posting of Peter's (the two run in parallel on one database).
  const postId = isMobileProject ? 2 : 1;
  await signInByEmail(page, "prodajalec@primer.si", `/oglasevanje/${postId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Izpostavite oglas" })).toBeVisible();

  // Choose Standard for 7 days: 7 × 0,50 €.
  await page.getByRole("radio", { name: /^Standard/ }).check();
  await page.getByRole("radio", { name: /^7 dni/ }).check();
  await expect(page.getByTestId("featuring-summary")).toHaveText("Za plačilo: 3,50 €");
  await page.getByRole("button", { name: "Na plačilo" }).click();

  // The local stand-in for the card checkout says it is a test.
  await expect(page).toHaveURL(/\/dev\/placilo\/cs_local_/);
  await hydrated(page);
  await expect(page.getByTestId("test-payment-banner")).toContainText("TESTNO PLAČILO");
  await expect(page.getByTestId("test-payment-amount")).toHaveText("3,50 €");
  await page.getByRole("button", { name: "Plačaj (test)" }).click();

  await expect(page).toHaveURL(new RegExp(`/oglasevanje/${postId}/konec\\?days=7$`));
  await expect(page.getByTestId("featuring-days")).toHaveText("Izpostavitvi ste dodali 7 dni.");
  await expect(page.getByRole("status")).toContainText("Oglas je izpostavljen do");
  // The days come from the purchase, not the address: an edited ?days= changes nothing (issue 20).
  for (const days of ["500", "abc", "0", "1"]) {
    const response = await gotoHydrated(page, `/oglasevanje/${postId}/konec?days=${days}`);
    expect(response?.status(), days).toBe(200);
    await expect(page.getByTestId("featuring-days"), days).toHaveText("Izpostavitvi ste dodali 7 dni.");
  }

  // Search filtered to its make and model: the featured card leads the list.
  const detail = (await (await page.request.get(`/internal-api/v1/postings/${postId}`)).json()) as {
    manufacturerCode: string;
    modelName: string;
  };
  const models = (await (await page.request.get(`/internal-api/v1/models/${detail.manufacturerCode}`)).json()) as {
    value: string;
    text: string;
  }[];
  const model = models.find((mo) => mo.text === detail.modelName)?.value ?? "";
  await gotoHydrated(page, `/iskanje?model=${detail.manufacturerCode}(${model})`);
  const cards = page.getByTestId("search-results").locator("article");
  const ours = cards.filter({ has: page.locator(`a[href="/oglas/${postId}"]`) });
  await expect(ours).toHaveAttribute("data-featured", "true");
  await expect(ours).toContainText("Izpostavljeno");
  // Only featured cards may come before it (another seller's featured car of the same model could).
  const position = await cards.evaluateAll(
    (list, id) => list.findIndex((a) => a.querySelector(`a[href="/oglas/${id}"]`)),
    postId,
  );
  expect(position).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= position; i++) await expect(cards.nth(i)).toHaveAttribute("data-featured", "true");
  await expect(cards.first()).toHaveAttribute("data-featured", "true");

  // Cancel: confirmed in a dialog; featured for the rest of today.
  await gotoHydrated(page, `/oglasevanje/${postId}`);
  await page.getByRole("button", { name: "Prekliči izpostavitev" }).click();
  const dialog = page.getByRole("dialog", { name: "Prekličem izpostavitev?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Da, prekliči" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preklic izpostavitve" })).toHaveText(
    "Preklic izpostavitve uspešna. Oglas bo ostal izpostavljen še tekoči dan",
  );
  await expect(page.getByTestId("featuring-state")).toContainText("Izpostavitev je preklicana");
  // The date agrees with "še tekoči dan": today in Ljubljana, not tomorrow's midnight (issue 20).
  await expect(page.getByTestId("featuring-state")).toContainText(
    `Oglas je izpostavljen do ${ljubljanaToday()} (še 1 dan).`,
  );
  await expect(page.getByRole("button", { name: "Prekliči izpostavitev" })).toHaveCount(0);
  await gotoHydrated(page, `/oglasevanje/${postId}`);
  await expect(page.getByTestId("featuring-state")).toContainText(
    `Oglas je izpostavljen do ${ljubljanaToday()} (še 1 dan).`,
  );
});

/** Today as the pages write it ("25. 11. 2026"), in Ljubljana. */
function ljubljanaToday() {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Ljubljana",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("day")}. ${get("month")}. ${get("year")}`;
}

test("the success page of a posting without a purchase says so without a number, whatever ?days= claims", async ({
  page,
}) => {
  // Peter's sold posting: nobody features it.
  await signInByEmail(page, "prodajalec@primer.si", "/oglasevanje/4/konec?days=500");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Izpostavitev oglasa");
  await expect(page.getByTestId("featuring-days")).toHaveText("Stanje izpostavitve vašega oglasa je zapisano spodaj.");
  await expect(page.getByRole("status")).toHaveText("Oglas trenutno ni izpostavljen.");
  await expect(page.getByTestId("featuring-success")).not.toContainText("500");
});

test("an open checkout blocks a second one; cancelled, it says so without an error and is back on the packages with the choice kept", async ({
  page,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "one cancelled checkout is enough; the seller's postings are shared");
  await signInByEmail(page, "prodajalec@primer.si", "/oglasevanje/1");
  await page.getByRole("radio", { name: /^Izpostavljeno(?! \()/ }).check();
  await page.getByRole("radio", { name: /^30 dni/ }).check();
  await expect(page.getByTestId("featuring-summary")).toHaveText("Za plačilo: 36 €");
  await page.getByRole("button", { name: "Na plačilo" }).click();
  await expect(page).toHaveURL(/\/dev\/placilo\//);
  const checkout = page.url();

  // Decision 038: while this checkout is open, no second one opens for the posting, and the page says why.
  await gotoHydrated(page, "/oglasevanje/1");
  await expect(page.getByTestId("checkout-open")).toHaveText(
    "Za ta oglas je plačilo že odprto. Dokončajte ga ali ga prekličite (neplačano poteče v 35 minutah), nato poskusite znova.",
  );
  await page.getByRole("radio", { name: /^Izpostavljeno(?! \()/ }).check();
  await page.getByRole("radio", { name: /^30 dni/ }).check();
  await page.getByRole("button", { name: "Na plačilo" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Za ta oglas je plačilo že odprto. Dokončajte ga ali ga prekličite (neplačano poteče v 35 minutah), nato poskusite znova.",
  );

  // Decision 062: a cancel at the checkout is no error: nothing charged, back on the packages, the choice kept.
  await gotoHydrated(page, checkout);
  await page.getByRole("button", { name: "Prekliči", exact: true }).click();
  await expect(page).toHaveURL(/\/oglasevanje\/1\?placilo=preklicano&paket=EXPOSED&dni=30$/);
  await hydrated(page);
  await expect(page.getByTestId("payment-cancelled")).toHaveText(
    "Plačilo je preklicano. Ničesar vam nismo zaračunali. Vaša izbira je ostala: plačilo lahko začnete znova ali izberete drug paket.",
  );
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Izpostavite oglas" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Izpostavljeno(?! \()/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^30 dni/ })).toBeChecked();
  await expect(page.getByTestId("featuring-summary")).toHaveText("Za plačilo: 36 €");
  await expect(page.getByTestId("checkout-open")).toHaveCount(0);

  // A purchase that really failed keeps the payment-error page with the spec's message.
  await gotoHydrated(page, "/oglasevanje/1/napaka");
  await expect(page.getByRole("alert")).toHaveText(
    "Prišlo je do napake pri plačilu. Prosimo poskusite ponovno kasneje.",
  );
});
