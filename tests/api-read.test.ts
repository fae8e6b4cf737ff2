import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { eq } from "drizzle-orm";
import { dealerships } from "~/db/schema/dealerships";
import { favorites } from "~/db/schema/engagement";
import { sessions } from "~/db/schema/users";
import type { SearchResponse } from "~/domain/posting-card";
import type { Me } from "~/domain/user";
import { createApiClient as createClient, data } from "~/client/api-client";
import type { ApiTransport } from "~/client/api-url";
import { createInProcessTransport } from "~/client/server-transports";
import { PageSessionMemo } from "~/lib/in-process";
import { appConfig } from "~/app.config";
import { call, db, freshClientIp, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

describe("GET me", () => {
  it("answers the signed-in profile with liked postings, dealership and registration status", async () => {
    const [dealer] = await db()
      .insert(dealerships)
      .values({ name: "Avto Test d.o.o.", publicName: "Avto Test", code: "avto-test" })
      .returning();
    const { cookie, user } = await signedInUser({
      dealershipId: dealer?.id,
      dealershipRole: "HEAD",
      phoneNumber: null,
    });
    const liked = await publishedPosting();
    await db().insert(favorites).values({ userId: user.id, postingId: liked.id });
    const me = (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me;
    expect(me).toMatchObject({
      id: user.id,
      likedPostings: [liked.id],
      dealership: { code: "avto-test", publicName: "Avto Test", role: "HEAD" },
      registrationStatus: "MISSINGPHONE",
      impersonated: false,
      amzsAdmin: false,
    });
  });

  it("treats a revoked session as signed out after logout", async () => {
    const { cookie } = await signedInUser();
    expect((await call("/internal-api/v1/me", { headers: { cookie } })).status).toBe(200);
    const out = await call("/internal-api/v1/logout", { method: "POST", headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/avtotrg_session=;.*Max-Age=0/);
    expect((await call("/internal-api/v1/me", { headers: { cookie } })).status).toBe(401);
  });

  it("answers is-impersonated outside the API prefix", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/is-impersonated", { method: "POST", headers: { cookie } });
    expect(await res.json()).toEqual({ impersonated: false });
  });
});

describe("GET marketplace/search", () => {
  it("ranks featured postings first, pages with offset = page × size and counts the total", async () => {
    const { maker, model } = await makeAndModel("Iskalna");
    const base = { manufacturerId: maker.id, baseModelId: model.id };
    const day = (d: number) => new Date(Date.UTC(2026, 0, d)).toISOString();
    const old = await publishedPosting({ ...base, publishedAt: day(1) });
    const newest = await publishedPosting({ ...base, publishedAt: day(5) });
    const featured = await publishedPosting({
      ...base,
      publishedAt: day(2),
      featuredUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await publishedPosting({ ...base, status: "SOLD" });
    await publishedPosting({ ...base, hidePosting: true });

    // Scoped to this test's make: other test files share the database.
    const all = (await (
      await call(`/internal-api/v1/marketplace/search?size=96&model=${maker.code}`)
    ).json()) as SearchResponse;
    const mine = all.results.map((r) => r.postId);
    expect(mine).toEqual([featured.id, newest.id, old.id]);
    expect(all.results.find((r) => r.postId === featured.id)?.featured).toBe(true);

    const page1 = (await (
      await call(`/internal-api/v1/marketplace/search?size=1&page=1&model=${maker.code}`)
    ).json()) as SearchResponse;
    expect(page1.total).toBe(all.total);
    expect(page1.results).toHaveLength(1);
    expect(page1.results[0]?.postId).toBe(all.results[1]?.postId);
  });

  it("maps a stored row to the card the spec describes (euros, badges, media URL)", async () => {
    const { maker, model } = await makeAndModel("Kartica");
    const p = await publishedPosting(
      {
        manufacturerId: maker.id,
        baseModelId: model.id,
        priceType: "SPECIAL_OFFER",
        price: 1_500_000,
        specialPrice: 1_390_050,
        badgeVerified: true,
        badgeFinancing: true,
        rentalPrices: [{ price: 4900, interval: "DAILY" }],
        fuel: "DIESEL",
        powerKw: 110,
        contactRegion: "KRANJ",
      },
      "seed/test/kartica.svg",
    );
    const res = (await (
      await call(`/internal-api/v1/marketplace/search?size=96&model=${maker.code}`)
    ).json()) as SearchResponse;
    const card = res.results.find((r) => r.postId === p.id);
    expect(card).toMatchObject({
      code: p.code,
      imageUrl: "/media/seed/test/kartica.svg",
      manufacturer: maker.code,
      manufacturerName: "Kartica",
      modelName: "Model",
      priceType: "SPECIAL_OFFER",
      // Cents, as stored (decision 050).
      price: 1_500_000,
      specialPrice: 1_390_050,
      rentalPrices: [{ price: 4900, interval: "DAILY" }],
      badge: "VERIFIED",
      badges: ["VERIFIED", "FINANCING"],
      fuel: "DIESEL",
      powerKw: 110,
      region: "KRANJ",
      sellerType: "person",
    });
  });

  it("never fails on garbage paging: page clamps to 0, size to its bounds, unknown sort to newest", async () => {
    const res = await call("/internal-api/v1/marketplace/search?page=-3&size=abc&sort=nekaj");
    expect(res.status).toBe(200);
    const huge = await call("/internal-api/v1/marketplace/search?size=100000&page=1e9");
    expect(huge.status).toBe(200);
    expect(((await huge.json()) as SearchResponse).results.length).toBeLessThanOrEqual(96);
  });
});

describe("catalog", () => {
  it("lists manufacturers as value/text options and models per manufacturer", async () => {
    const { maker } = await makeAndModel("Katalog");
    const makes = (await (await call("/internal-api/v1/manufacturer")).json()) as { value: string; text: string }[];
    expect(makes).toContainEqual({ value: maker.code, text: "Katalog", popular: true });
    const models = await (await call(`/internal-api/v1/models/${maker.code}`)).json();
    expect(models).toEqual([{ value: "model", text: "Model" }]);
  });
});

describe("media route", () => {
  it("serves an R2 object with a long cache header and answers a matching ETag with 304", async () => {
    await env.MEDIA.put("seed/test/slika.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const res = await call("/media/seed/test/slika.svg?w=512");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(await res.text()).toContain("<svg");
    const again = await call("/media/seed/test/slika.svg?w=512", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("refuses path traversal and missing objects with a 404", async () => {
    expect((await call("/media/seed/../secret")).status).toBe(404);
    expect((await call("/media/%2e%2e/secret")).status).toBe(404);
    expect((await call("/media/seed/ne-obstaja.png")).status).toBe(404);
  });

  it("ignores a width that is not a preset instead of failing", async () => {
    await env.MEDIA.put("seed/test/sirina.svg", "<svg/>", { httpMetadata: { contentType: "image/svg+xml" } });
    expect((await call("/media/seed/test/sirina.svg?w=99999")).status).toBe(200);
  });
});

/** The page's calls as the SSR code makes them (src/client), over one transport. */
function createApiClient(transport: ApiTransport) {
  const api = createClient(transport)["internal-api"].v1;
  return {
    getMe: () => data(api.me.$get()),
    favorites: () => data(api.favorites.$get()),
    logout: () => data(api.logout.$post()),
    updateMe: (json: Parameters<typeof api.me.$post>[0]["json"]) => data(api.me.$post({ json })),
    requestEmailLogin: (json: Parameters<typeof api.login.email.$post>[0]["json"]) =>
      data(api.login.email.$post({ json })),
  };
}

describe("in-process transport", () => {
  it("lets server code call the API without a network hop, with the page's cookie", async () => {
    const { cookie, user } = await signedInUser();
    const api = createApiClient(createInProcessTransport(app, env, cookie));
    expect((await api.getMe()).id).toBe(user.id);
    const anonymous = createApiClient(createInProcessTransport(app, env, undefined));
    await expect(anonymous.getMe()).rejects.toMatchObject({ statusCode: 401 });
  });

  it("one page's calls share one session lookup; a write in between forgets it, and a forged cookie never borrows it", async () => {
    const { cookie, user } = await signedInUser();
    const memo = new PageSessionMemo();
    const page = createApiClient(createInProcessTransport(app, env, cookie, false, undefined, memo));
    expect((await page.getMe()).id).toBe(user.id);
    expect((await page.getMe()).id).toBe(user.id);
    await page.favorites();
    expect(memo.lookups).toBe(1);

    // Proof that the later reads used the page's answer: the session row is gone, yet this page still
    // renders as the visitor it began as; a new page (a new memo) sees the truth.
    await db().delete(sessions).where(eq(sessions.userId, user.id));
    expect((await page.getMe()).id).toBe(user.id);
    await expect(
      createApiClient(createInProcessTransport(app, env, cookie, false, undefined, new PageSessionMemo())).getMe(),
    ).rejects.toMatchObject({ statusCode: 401 });

    // A write through the page forgets the memo before and after it runs.
    await page.logout().catch(() => undefined);
    await expect(page.getMe()).rejects.toMatchObject({ statusCode: 401 });
    expect(memo.lookups).toBeGreaterThanOrEqual(2);

    // The memo is keyed by the token: a page with another cookie on the same memo looks up its own.
    const other = await signedInUser();
    const otherPage = createApiClient(createInProcessTransport(app, env, other.cookie, false, undefined, memo));
    expect((await otherPage.getMe()).id).toBe(other.user.id);
  });

  it("a write with a JSON body (no Content-Length) still forgets the page's session: the next read sees the new name", async () => {
    const { cookie } = await signedInUser({ firstName: "Staro", lastName: "Ime" });
    const memo = new PageSessionMemo();
    const page = createApiClient(createInProcessTransport(app, env, cookie, false, undefined, memo));
    expect((await page.getMe()).firstName).toBe("Staro");
    await page.updateMe({ firstName: "Novo", lastName: "Ime", amzsMembershipNumber: null });
    expect((await page.getMe()).firstName).toBe("Novo");
  });

  it("a write with a JSON body counts against the page's own client, not one shared by every page", async () => {
    // The per-client hourly budget of sign-in e-mails: client A spends it, client B (another page) still has its own.
    const a = createApiClient(createInProcessTransport(app, env, undefined, false, freshClientIp()));
    const b = createApiClient(createInProcessTransport(app, env, undefined, false, freshClientIp()));
    const emails = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `odjemalec-${Date.now().toString(36)}-${i}-${freshClientIp().replace(/\./g, "-")}@primer.si`,
      );
    const budget = appConfig.limits.signInEmailsPerClientPerHour;
    for (const email of emails(budget)) await a.requestEmailLogin({ email, redirectUrl: "/" });
    await expect(a.requestEmailLogin({ email: emails(1)[0] ?? "", redirectUrl: "/" })).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(b.requestEmailLogin({ email: emails(1)[0] ?? "", redirectUrl: "/" })).resolves.toBeUndefined();
  });
});
