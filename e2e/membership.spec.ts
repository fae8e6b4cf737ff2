import { expect, gotoHydrated, signInByEmail, test } from "./fixtures";

// Decision 039: a self-declared AMZS number is unverified until an admin confirms it in the users console.
test("an admin verifies a buyer's AMZS membership; the buyer's profile says whether it is verified", async ({
  browser,
  page,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "one verification flow is enough; kupec's account is shared");
  test.setTimeout(120_000);
  await signInByEmail(page, "kupec@primer.si", "/uporabnik/profil");
  await expect(page.getByTestId("membership-state")).toHaveText(
    "Članstvo AMZS še ni preverjeno. Paket za člane bo na voljo, ko številko preverimo.",
  );

  const adminContext = await browser.newContext({ storageState: await page.context().storageState() });
  await adminContext.clearCookies({ name: /^avtotrg_session/ });
  const admin = await adminContext.newPage();
  await signInByEmail(admin, "admin@primer.si", "/administracija/uporabniki?q=kupec@primer.si");
  const row = admin.getByTestId("admin-users").locator("li").filter({ hasText: "kupec@primer.si" });
  await expect(row.getByTestId("admin-membership")).toContainText("ni preverjeno");
  await row.getByRole("button", { name: /^Potrdi članstvo AMZS/ }).click();
  await expect(admin.getByRole("status")).toHaveText("Članstvo AMZS je potrjeno.");
  await expect(row.getByTestId("admin-membership")).toContainText(": preverjeno");
  await adminContext.close();

  await gotoHydrated(page, "/uporabnik/profil");
  await expect(page.getByTestId("membership-state")).toHaveText(
    "Članstvo AMZS je preverjeno: na voljo vam je paket za člane.",
  );
});
