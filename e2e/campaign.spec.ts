import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

test("the campaign page finds a posting from its link and explains why a posting outside the campaign cannot carry gift cards", async ({
  page,
}) => {
  await gotoHydrated(page, "/dobropis20eur");
  await expect(
    page.getByRole("heading", { level: 1, name: "Dobropis 20 €: polovica kupcu, polovica prodajalcu" }),
  ).toBeVisible();
  await expect(page.getByText("Kampanja velja za oglase, objavljene od 22. 3. 2022 do 1. 5. 2022.")).toBeVisible();
  await page.getByRole("button", { name: "Poišči oglas" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Vpišite povezavo do oglasa/);

  // Today's postings were published long after the campaign: the claim is refused with the reason.
  await gotoHydrated(page, "/iskanje");
  const href = (await page.locator('a[href^="/oglas/"]').first().getAttribute("href")) ?? "";
  await signInByEmail(page, "kupec@primer.si", "/dobropis20eur");
  await page.getByLabel("Povezava ali šifra oglasa").fill(`https://avtotrg.si${href}`);
  await page.getByRole("button", { name: "Poišči oglas" }).click();
  await expect(page).toHaveURL(new RegExp(`/dobropis20eur/${href.split("/").pop()}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Uveljavitev dobropisa" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "Dobropis velja le za oglase, objavljene med 22. 3. 2022 in 1. 5. 2022.",
  );
  await expect(page.getByRole("button", { name: "Uveljavi dobropis" })).toHaveCount(0);
  expect((await page.goto("/dobropis20eur/NIMATEGA1"))?.status()).toBe(404);
});
