import { createHash, randomBytes } from "node:crypto";
import { expect, gotoHydrated, hydrated, signInByEmail, test } from "./fixtures";

const pkce = () => {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};
const startUrl = (redirectUrl: string, challenge: string) =>
  `/internal-api/v1/oauth2/dms-demo?${new URLSearchParams({ redirectUrl, state: "xyz", code_challenge: challenge, code_challenge_method: "S256" })}`;

test.describe("partner consent (OAuth)", () => {
  test("a dealer allows the partner and lands on its redirect with a code that buys a postings token", async ({
    page,
    baseURL,
  }) => {
    const callback = `${baseURL}/dev/partner-callback`;
    // The partner's page is not ours: answer it here and read what it received.
    await page.route(`${callback}?*`, (route) =>
      route.fulfill({ status: 200, contentType: "text/plain", body: "partner callback" }),
    );
    const { verifier, challenge } = pkce();
    await signInByEmail(page, "trgovec@primer.si", "/");
    await page.goto(startUrl(callback, challenge));
    await expect(page).toHaveURL(/\/oauth\/allow\?session=/);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dostop partnerske aplikacije" })).toBeVisible();
    await expect(page.getByText("Aplikacija DMS Demo d.o.o. želi upravljati oglase trgovca")).toBeVisible();
    await expect(page.getByTestId("partner-permissions").getByRole("listitem")).toHaveCount(4);
    await page.getByRole("button", { name: "Dovoli" }).click();

    await page.waitForURL((url) => url.href.startsWith(callback));
    const landed = new URL(page.url());
    expect(landed.searchParams.get("state")).toBe("xyz");
    const code = landed.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[\w-]{43}$/);

    const token = await page.request.post("/internal-api/v1/oauth2", {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: callback,
        client_id: "dms-demo",
        client_secret: "dms-demo-local-secret",
        code_verifier: verifier,
      },
    });
    expect(token.status()).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const stock = await page.request.get("/internal-api/v1/draft?includeDealership=true", {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(stock.status()).toBe(200);
    expect(
      (
        await page.request.get("/internal-api/v1/me", { headers: { authorization: `Bearer ${access_token}` } })
      ).status(),
    ).toBe(403);

    // The grant is listed for the dealership, with a way to revoke it.
    await gotoHydrated(page, "/dms/partnerji");
    await expect(page.getByRole("heading", { level: 1, name: "Partnerske aplikacije" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Prekliči dostop aplikaciji DMS Demo d.o.o." })).toBeVisible();
  });

  test("a buyer sees that only business users can grant, with the business registration on offer", async ({
    page,
    baseURL,
  }) => {
    await signInByEmail(page, "kupec@primer.si", "/");
    await page.goto(startUrl(`${baseURL}/dev/partner-callback`, pkce().challenge));
    await expect(page).toHaveURL(/\/oauth\/allow\?session=/);
    await hydrated(page);
    const notice = page.getByTestId("partner-business-only");
    await expect(notice.getByRole("heading", { name: "Samo za poslovne uporabnike" })).toBeVisible();
    await expect(notice.getByRole("link", { name: "Registracija poslovne enote" })).toHaveAttribute(
      "href",
      "/trgovec/registracija",
    );
    await expect(page.getByRole("button", { name: "Dovoli" })).toHaveCount(0);
  });

  test("an unknown or expired request shows the expiry notice with the way home", async ({ page }) => {
    await gotoHydrated(page, `/oauth/allow?session=${"x".repeat(43)}`);
    await expect(page).toHaveURL(/\/oauth\/error$/);
    await expect(page.getByText("Zahteva je bila preklicana ali je potekla.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Na naslovnico" })).toBeVisible();
  });
});
