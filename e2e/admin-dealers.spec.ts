import { expect, gotoHydrated, hydrated, runSerial, signInByEmail, test } from "./fixtures";

// One worker per project runs these in order, so each project signs in as the admin once (the sign-in
// link is rate limited per address).
test.describe.configure({ mode: "serial" });

const daysIn = (text: string | null) => Number((text ?? "").replace(/\./g, "").match(/(\d+)/)?.[1] ?? Number.NaN);

test("an admin adds advertising credit days to a dealership and sees them in the ledger", async ({
  page,
  isMobileProject,
}) => {
  // Each project takes its own dealership (they run at the same time; other specs use dealership 1).
  const name = isMobileProject ? "Avtohiša Kos" : "Avto Zupan";
  await signInByEmail(page, "admin@primer.si", "/administracija/poslovne-enote");
  await gotoHydrated(page, `/administracija/poslovne-enote?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Poslovne enote" })).toBeVisible();
  const row = page
    .getByTestId("dealership-list")
    .locator(":scope > li")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${name}`) }) });
  await row.getByRole("button", { name: `Dnevi oglaševanja: ${name}` }).click();

  const dialog = page.getByRole("dialog", { name: `Dnevi oglaševanja: ${name}` });
  const balance = dialog.getByText(/^Stanje: /);
  await expect(balance).toBeVisible();
  const before = daysIn(await balance.textContent());
  expect(before).toBeGreaterThanOrEqual(0);

  // Zero is refused with the spec's rule, nothing is added.
  await dialog.getByLabel("Število dni").fill("0");
  await dialog.getByRole("button", { name: "Dodaj dneve" }).click();
  await expect(dialog.getByText("Število dni mora biti število, večje od 0!")).toBeVisible();

  const amount = 11 + (runSerial() % 80);
  const reason = `E2E dodelitev ${Date.now().toString(36)}`;
  await dialog.getByLabel("Število dni").fill(String(amount));
  await dialog.getByLabel("Opomba (neobvezno)").fill(reason);
  await dialog.getByRole("button", { name: "Dodaj dneve" }).click();
  await expect(dialog.getByRole("status")).toContainText(`Dodanih ${amount} dni.`);
  const entry = dialog.getByTestId("credit-ledger").getByRole("row").filter({ hasText: reason });
  await expect(entry).toContainText(`+${amount}`);
  expect(daysIn(await balance.textContent())).toBe(before + amount);

  await dialog.getByRole("button", { name: "Zapri" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("advertising-days")).toHaveText(`Dnevi oglaševanja: ${before + amount}`);
});

test("deleting a dealership that still has postings is refused and the dealership stays", async ({ page }) => {
  const name = "Avto Vidmar";
  await signInByEmail(page, "admin@primer.si", "/administracija/poslovne-enote");
  await gotoHydrated(page, `/administracija/poslovne-enote?q=${encodeURIComponent(name)}`);
  const row = page
    .getByTestId("dealership-list")
    .locator(":scope > li")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${name}`) }) });
  await expect(row).toContainText(/Oglasi: [1-9]/);
  await row.getByRole("button", { name: `Izbriši: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Izbris poslovne enote" });
  await expect(dialog.getByTestId("delete-counts")).toContainText(/Oglasi: [1-9]/);
  await expect(dialog.getByRole("button", { name: "Izbriši" })).toBeDisabled();
  await dialog.getByLabel(`Za potrditev vpišite ime: ${name}`).fill(name);
  await dialog.getByRole("button", { name: "Izbriši" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Poslovne enote ni mogoče izbrisati, ker ima še oglase ali člane.",
  );
  await dialog.getByRole("button", { name: "Prekliči" }).click();
  await page.reload();
  await expect(row).toBeVisible();
});

test("a salesperson already registered with another dealer cannot be added to a dealership", async ({ page }) => {
  await signInByEmail(page, "admin@primer.si", "/administracija/svetovalci");
  const form = page.getByRole("region", { name: "Dodaj svetovalca" });
  await form.getByLabel("Poslovna enota").selectOption({ label: "Avto Vidmar" });
  await form.getByLabel("Mobilni telefon").fill("01 234 56 78");
  await form.getByRole("textbox", { name: "Ime", exact: true }).fill("Sara");
  await form.getByLabel("Priimek").fill("Vidmar");
  await form.getByRole("button", { name: "Dodaj svetovalca" }).click();
  await expect(form.getByText("Dovoljene so le slovenske mobilne številke.")).toBeVisible();
  // Sara Vidmar is a salesperson of Avtohiša Kranjc.
  await form.getByLabel("Mobilni telefon").fill("041 000 006");
  await form.getByRole("button", { name: "Dodaj svetovalca" }).click();
  await expect(form.getByRole("alert")).toHaveText("Ta svetovalec je že registiran pri drugem trgovcu!");
  await expect(page.locator('[data-phone="+38641000006"]')).toContainText("Avtohiša Kranjc");
});

test("an admin finds a user by phone in the user list and takes over their identity", async ({
  page,
  isMobileProject,
}) => {
  test.skip(isMobileProject, "one admin session at a time");
  await signInByEmail(page, "admin@primer.si", "/administracija/poslovne-enote");
  await page.getByRole("navigation", { name: "Administracija" }).getByRole("link", { name: "Uporabniki" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Uporabniki" })).toBeVisible();
  // The tabs are plain links: a full page load, so wait for hydration before typing.
  await hydrated(page);
  await page.getByLabel("Telefon, e-pošta, ime ali ID").fill("041 000 003");
  await page.getByRole("button", { name: "Išči" }).click();
  await expect(page).toHaveURL(/q=041/);
  const users = page.getByTestId("admin-users").locator(":scope > li");
  await expect(users).toHaveCount(1);
  await users.getByRole("button", { name: "Prevzemi identiteto: Katja Novak" }).click();
  await page
    .getByRole("dialog", { name: "Prevzem identitete" })
    .getByRole("button", { name: "Prevzemi identiteto" })
    .click();
  const bar = page.getByRole("status").filter({ hasText: "Uporabljate račun uporabnika Katja Novak." });
  await expect(bar).toBeVisible();
  await hydrated(page);
  await bar.getByRole("button", { name: "Končaj prevzem" }).click();
  // Back on the users list the impersonation started from, its search kept.
  await expect(page).toHaveURL(/\/administracija\/uporabniki\?q=041/);
  await expect(page.getByRole("heading", { level: 1, name: "Uporabniki" })).toBeVisible();
  await expect(page.getByText("Uporabljate račun uporabnika")).toHaveCount(0);
  await expect(page.getByTestId("user-initials")).toHaveText("AK");
});

test("an editor sees and edits the dealership list but gets 403 on networks", async ({ page }) => {
  await signInByEmail(page, "urednik@primer.si", "/administracija/poslovne-enote");
  await gotoHydrated(page, `/administracija/poslovne-enote?q=${encodeURIComponent("Avtohiša Bizjak")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Poslovne enote" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nova poslovna enota" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Dnevi oglaševanja/ })).toHaveCount(0);

  // The edit form checks the company name with the spec's message (nothing is saved).
  await page.getByRole("button", { name: "Uredi: Avtohiša Bizjak" }).click();
  const dialog = page.getByRole("dialog", { name: "Urejanje: Avtohiša Bizjak" });
  const companyName = dialog.getByLabel("Ime podjetja");
  await expect(companyName).not.toHaveValue("");
  await companyName.fill("");
  await dialog.getByRole("button", { name: "Shrani" }).click();
  await expect(dialog.getByText("Ime podjetja ne sme biti prazno!")).toBeVisible();
  await expect(companyName).toBeFocused();
  await dialog.getByRole("button", { name: "Prekliči" }).click();

  await page.goto("/administracija/poslovne-mreze");
  await expect(page.locator('[data-status="403"]')).toBeVisible();
  const api = await page.request.get("/internal-api/v1/dealer-network");
  expect(api.status()).toBe(403);
  expect(((await api.json()) as { message: string }).message).toBe("You are not an admin");
});
