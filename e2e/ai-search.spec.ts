import type { Page } from "@playwright/test";
import { expect, gotoHydrated, hydrated, test } from "./fixtures";
import { throttlePhone } from "./phone-profile";

// Issue 24: a buyer searches on /iskanje by the AI box and by the filter drawer, on a throttled phone at
// 390 px and on desktop; a search that finds nothing says which one filter to drop and what that gives.

const countOf = async (text: Promise<string | null>) => Number(((await text) ?? "").replace(/\D/g, ""));
const resultCount = (page: Page) => countOf(page.getByTestId("result-count").textContent());
const cardTitles = (page: Page) =>
  page.getByTestId("search-results").locator("article").getByRole("heading").allTextContents();

test.describe("on a throttled phone and on desktop", () => {
  test.beforeEach(async ({ page, isMobileProject }) => {
    if (isMobileProject) await throttlePhone(page);
    // Four throttled page loads per journey.
    test.setTimeout(90_000);
  });

  test("the AI box on /iskanje: chips of what it understood, the words it did not, results that match", async ({
    page,
  }) => {
    await gotoHydrated(page, "/iskanje");
    const phrase = "rabim fajn octavio kombi dizl al novejšo od 2016 do 15 jurjev";
    const box = page.getByRole("search", { name: "Iskanje z opisom" });
    await box.getByRole("searchbox").fill(phrase);
    await box.getByRole("button", { name: "Poišči z AI" }).click();
    await expect(page).toHaveURL(/searchSource=ai/);
    const url = new URL(page.url());
    expect(url.searchParams.getAll("model")).toEqual(["skoda(octavia)"]);
    expect(url.searchParams.get("body")).toBe("STATION_WAGON");
    expect(url.searchParams.get("fuel")).toBe("DIESEL");
    expect(url.searchParams.get("year")).toBe("2016..");
    expect(url.searchParams.get("price")).toBe("..15000");

    const understood = page.getByTestId("ai-understood");
    await expect(understood.getByText("Iz opisa smo razbrali:")).toBeVisible();
    for (const chip of ["Škoda Octavia", "Karavan", "Dizel", "Letnik: od 2016", "Cena (€): do 15.000"])
      await expect(understood.getByRole("link", { name: `Odstrani filter: ${chip}` })).toBeVisible();
    await expect(understood.getByTestId("ai-ignored")).toHaveText("Nismo razumeli: fajn");
    // The box keeps the phrase, to be refined rather than retyped.
    await expect(box.getByRole("searchbox")).toHaveValue(phrase);

    const found = await resultCount(page);
    if (found === 0)
      await expect(page.getByRole("heading", { name: "Ni vozil, ki bi ustrezala iskanju" })).toBeVisible();
    else for (const title of await cardTitles(page)) expect(title).toContain("Škoda Octavia");

    // A chip removes what it names, and the search widens.
    await understood.getByRole("link", { name: "Odstrani filter: Letnik: od 2016" }).click();
    await expect(page).not.toHaveURL(/year=/);
    await expect.poll(() => resultCount(page)).toBeGreaterThanOrEqual(found);
  });

  test("a phrase sent before the page has hydrated still searches", async ({ page }) => {
    await page.goto("/iskanje", { waitUntil: "commit" });
    const box = page.getByRole("search", { name: "Iskanje z opisom" });
    await box.getByRole("searchbox").fill("bmw x5 dizl avtomatik");
    await box.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/searchSource=ai/);
    await expect(page).toHaveURL(/model=bmw%28x5%29/);
    await hydrated(page);
    await expect(
      page.getByTestId("ai-understood").getByRole("link", { name: "Odstrani filter: BMW X5" }),
    ).toBeVisible();
  });

  test("nothing found: which one filter to drop, with its count, and following it gives that many", async ({
    page,
  }) => {
    await gotoHydrated(page, "/iskanje?model=skoda&year=2010..&price=..1");
    await expect(page.getByRole("heading", { name: "Ni vozil, ki bi ustrezala iskanju" })).toBeVisible();
    const help = page.getByTestId("drop-one-help");
    await expect(help.getByRole("heading", { name: "Z enim filtrom manj bi našli:" })).toBeVisible();
    const drop = help.getByRole("link", { name: /^brez »Cena \(€\): do 1«: [\d.]+ vozil(o|i|a)?$/ });
    await expect(drop).toBeVisible();
    // Dropping the year or the make still finds nothing under 1 €: those are not offered.
    await expect(help.getByRole("link")).toHaveCount(1);
    const promised = await countOf(drop.textContent().then((t) => t?.split(":").at(-1) ?? ""));
    expect(promised).toBeGreaterThan(0);
    await drop.click();
    await expect(page).not.toHaveURL(/price=/);
    await expect(page).toHaveURL(/year=2010\.\./);
    await expect.poll(() => resultCount(page)).toBe(promised);
    await expect(page.getByRole("link", { name: "Odstrani vse filtre" })).toHaveCount(0);
  });

  test("search by filters in the phone's drawer", async ({ page, isMobileProject }) => {
    test.skip(!isMobileProject, "the filter drawer is the phone layout");
    await gotoHydrated(page, "/iskanje");
    await page.getByRole("button", { name: /^Filtri/ }).click();
    const drawer = page.getByRole("dialog", { name: "Filtri" });
    await drawer.getByLabel("Znamka").selectOption({ value: "skoda" });
    await drawer.getByRole("checkbox", { name: /Dizel/ }).check();
    const apply = drawer.getByTestId("apply-filters");
    await expect(apply).toHaveAttribute("aria-busy", "false");
    const promised = await countOf(apply.textContent());
    await apply.click();
    await expect(page).toHaveURL(/model=skoda/);
    await expect(page).toHaveURL(/fuel=DIESEL/);
    await expect.poll(() => resultCount(page)).toBe(promised);
    for (const title of await cardTitles(page)) expect(title).toContain("Škoda");
    await expect(page.getByRole("link", { name: "Odstrani filter: Dizel" })).toBeVisible();
  });
});
