import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import type { ApiEnv } from "~/api/env";
import { handleError } from "~/api/errors";
import { frontVoucher } from "~/api/middleware/front-voucher";
import { sameOriginWrites } from "~/api/middleware/guards";
import { publicOrigin } from "~/api/public-origin";
import { clientIp, sessionCookieName } from "~/api/session-cookie";
import { appConfig } from "~/app.config";
import { sessions } from "~/db/schema/users";
import { insertSession } from "~/db/users.server";
import { forwardToProvider, providerCallsOf, withPageCookies } from "~/front-proxy.server";
import { createProxyTransport } from "~/client/server-transports";
import { sha256Hex } from "~/lib/crypto";
import { type FrontClaim, frontHeader, signFrontClaim } from "~/lib/front-voucher";
import { db, freshClientIp, json, publishedPosting, signedInUser } from "./fixtures";

// Proxy mode (decision 076): a front at http://localhost:8802 (or https://avtotrg.example) over a provider
// at http://provider.test:8801, the provider being the real Hono app with the shared secret.
const secret = "test-secret-shared-by-front-and-provider";
const providerEnv = { ...env, INTERNAL_API_SECRET: secret } as Env;
const front = {
  api: { origin: "http://provider.test:8801", base: "http://provider.test:8801/internal-api/v1" },
  secret,
};
const frontEnv = { DEV_OUTBOX: "1", TRUST_CF_CONNECTING_IP: "1" };
const frontOrigin = "http://localhost:8802";

/** What reached the provider, and its answer. */
const seen: { url: string; headers: Headers }[] = [];
const provider: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push({ url: request.url, headers: request.headers });
  return app.fetch(request, providerEnv);
};

/** A browser's request to the front, forwarded by it. */
const viaFront = (path: string, init: RequestInit = {}, origin = frontOrigin) => {
  const headers = new Headers(init.headers);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", freshClientIp());
  return forwardToProvider(front, new Request(`${origin}${path}`, { ...init, headers }), frontEnv, provider);
};

/** A front's header for a GET of `path` now, from the front's origin (override any field), signed by `key`. */
const sign = (path: string, claim: Partial<FrontClaim> = {}, key = secret) =>
  signFrontClaim(key, {
    origin: frontOrigin,
    client: freshClientIp(),
    ssr: false,
    method: "GET",
    path,
    t: Math.floor(Date.now() / 1000),
    ...claim,
  });

/** A GET straight to the provider with a header signed by `key`. */
async function direct(path: string, claim: Partial<FrontClaim>, key = secret) {
  const headers = { [frontHeader]: await sign(path, claim, key) };
  return app.fetch(new Request(`http://provider.test:8801${path}`, { headers }), providerEnv);
}

const errorCode = async (res: Response) => ((await res.json()) as { message: string }).message;
const favorite = async (cookie: string, origin = frontOrigin) =>
  viaFront(`/internal-api/v1/postings/${(await publishedPosting()).code}/favorite`, {
    method: "POST",
    headers: { cookie, origin, "sec-fetch-site": "same-origin" },
  });

describe("writes through a front pass the provider's cross-site guard legitimately", () => {
  it("a browser's same-origin write through the front lands (a favourite)", async () => {
    const { cookie } = await signedInUser();
    const res = await favorite(cookie);
    expect(res.status).toBeLessThan(300);
  });

  it("the front refuses a cross-site Origin itself, with the API's 403, and never calls the provider", async () => {
    const { cookie } = await signedInUser();
    const before = seen.length;
    const res = await viaFront(`/internal-api/v1/postings/${(await publishedPosting()).code}/favorite`, {
      method: "POST",
      headers: { cookie, origin: "https://zlobni.example" },
    });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("Zahteva z druge spletne strani ni dovoljena.");
    const sneaky = await viaFront("/internal-api/v1/logout", {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(sneaky.status).toBe(403);
    expect(seen.length).toBe(before);
  });

  it("the front strips a header the browser sent and signs its own", async () => {
    const lie = { origin: "https://zlobni.example", client: "6.6.6.6", ssr: true };
    const forged = await sign("/internal-api/v1/me", lie, "not-the-secret-but-long-enough-000000");
    const res = await viaFront("/internal-api/v1/marketplace/search", { headers: { [frontHeader]: forged } });
    expect(res.status).toBe(200);
    const sent = seen.at(-1)?.headers.get(frontHeader) ?? "";
    expect(sent).not.toBe(forged);
    const claim = JSON.parse(atob((sent.split(".")[0] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as FrontClaim;
    expect(claim).toMatchObject({
      origin: frontOrigin,
      ssr: false,
      method: "GET",
      path: "/internal-api/v1/marketplace/search",
    });
    expect(claim.client).not.toBe("6.6.6.6");
  });

  it("without a voucher, the provider still refuses the front's Origin (the guard is never off)", async () => {
    const { cookie } = await signedInUser();
    const posting = await publishedPosting();
    const res = await app.fetch(
      new Request(`http://provider.test:8801/internal-api/v1/postings/${posting.code}/favorite`, {
        method: "POST",
        headers: { cookie, origin: frontOrigin },
      }),
      providerEnv,
    );
    expect(res.status).toBe(403);
  });
});

describe("the provider trusts only a valid signed header", () => {
  const path = "/internal-api/v1/marketplace/search";
  it("refuses a forged signature, another secret, an expired one and a replay onto another path or method (403)", async () => {
    const good = await direct(path, {});
    expect(good.status).toBe(200);
    const otherSecret = await direct(path, {}, "another-secret-of-at-least-32-chars!!");
    expect(otherSecret.status).toBe(403);
    expect(await errorCode(otherSecret)).toBe("Zahteva posredniškega strežnika ni veljavna.");
    expect((await direct(path, { t: Math.floor(Date.now() / 1000) - 120 })).status).toBe(403);
    expect((await direct(path, { path: "/internal-api/v1/me" })).status).toBe(403);
    expect((await direct(path, { method: "POST" })).status).toBe(403);
    const [payload] = (await sign(path)).split(".");
    const tampered = await app.fetch(
      new Request(`http://provider.test:8801${path}`, { headers: { [frontHeader]: `${payload}.AAAA` } }),
      providerEnv,
    );
    expect(tampered.status).toBe(403);
  });

  // What the provider's helpers read, behind the same middleware the app runs.
  const echo = new Hono<ApiEnv>()
    .use(frontVoucher)
    .use(sameOriginWrites)
    .all("/internal-api/v1/echo", (c) =>
      c.json({ client: clientIp(c), origin: publicOrigin(c), cookie: sessionCookieName(c) }),
    );
  echo.onError(handleError);

  it("a valid voucher makes the provider use the front's client, origin and cookie naming", async () => {
    const url = "http://provider.test:8801/internal-api/v1/echo";
    const header = await sign("/internal-api/v1/echo", { origin: "https://avtotrg.example", client: "203.0.113.9" });
    const res = await echo.request(
      url,
      { headers: { [frontHeader]: header, "cf-connecting-ip": "10.0.0.1" } },
      providerEnv,
    );
    expect(await res.json()).toEqual({
      client: "203.0.113.9",
      origin: "https://avtotrg.example",
      cookie: `__Host-${appConfig.session.cookieName}`,
    });
  });

  it("a client address claimed without a valid header is ignored; without the secret the header means nothing", async () => {
    const url = "http://localhost/internal-api/v1/echo";
    const claims = { "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.6", "true-client-ip": "6.6.6.6" };
    const plain = await echo.request(url, { headers: { ...claims, "cf-connecting-ip": "10.0.0.2" } }, providerEnv);
    expect(await plain.json()).toMatchObject({ client: "10.0.0.2", origin: "http://localhost" });
    const header = await sign("/internal-api/v1/echo", {
      origin: "https://zlobni.example",
      client: "6.6.6.6",
      method: "POST",
    });
    const withoutSecret = { ...env, INTERNAL_API_SECRET: undefined } as Env;
    const noSecret = await echo.request(
      url,
      {
        method: "POST",
        headers: { [frontHeader]: header, "cf-connecting-ip": "10.0.0.3", origin: "https://zlobni.example" },
      },
      withoutSecret,
    );
    // Not trusted: the cross-site guard refuses the other Origin as ever.
    expect(noSecret.status).toBe(403);
    const read = await echo.request(
      url,
      { headers: { [frontHeader]: header, "cf-connecting-ip": "10.0.0.3" } },
      withoutSecret,
    );
    expect(await read.json()).toMatchObject({ client: "10.0.0.3", origin: "http://localhost" });
  });
});

describe("links and cookies name the site the user used", () => {
  it("an e-mailed sign-in link points at the front; the session cookie is named and secured by its scheme", async () => {
    const address = `front-${Date.now()}@primer.si`;
    const https = "https://avtotrg.example";
    const sent = await viaFront(
      "/internal-api/v1/login/email",
      { ...json({ email: address, redirectUrl: "/" }), headers: { "content-type": "application/json", origin: https } },
      https,
    );
    expect(sent.status).toBe(202);
    const outbox = (await (await app.request("http://localhost/internal-api/v1/dev/outbox", {}, env)).json()) as {
      to: string;
      link: string | null;
    }[];
    const link = outbox.find((m) => m.to === address)?.link ?? "";
    expect(new URL(link).origin).toBe(https);
    const token = new URL(link).searchParams.get("token") ?? "";
    const open = await viaFront(
      "/internal-api/v1/login/email/verify",
      { ...json({ token }), headers: { "content-type": "application/json", origin: https } },
      https,
    );
    expect(open.status).toBe(200);
    const cookie = open.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^__Host-${appConfig.session.cookieName}=`));
    expect(cookie).toMatch(/Secure/);
  });
});

describe("a Host header a client chose never becomes the site in links (attacks first)", () => {
  const site = "https://avtotrg.example";
  /** The sign-in link mailed for a request to the front at `host`, with `frontVars` and `providerVars`. */
  async function mailedLink(
    host: string,
    frontVars: Record<string, string>,
    providerVars: Record<string, string> = {},
  ) {
    const address = `host-${crypto.randomUUID()}@primer.si`;
    const toProvider: typeof fetch = (input, init) =>
      Promise.resolve(app.fetch(new Request(input, init), { ...providerEnv, ...providerVars } as Env));
    const headers = new Headers({ "content-type": "application/json", "cf-connecting-ip": freshClientIp() });
    const body = JSON.stringify({ email: address, redirectUrl: "/" });
    const sent = await forwardToProvider(
      front,
      new Request(`${host}/internal-api/v1/login/email`, { method: "POST", headers, body }),
      { ...frontEnv, ...frontVars },
      toProvider,
    );
    expect(sent.status).toBe(202);
    const outbox = (await (await app.request("http://localhost/internal-api/v1/dev/outbox", {}, env)).json()) as {
      to: string;
      link: string | null;
    }[];
    return new URL(outbox.find((m) => m.to === address)?.link ?? "about:blank").origin;
  }

  it("a front with SITE_URL vouches for SITE_URL, whatever Host the request named", async () => {
    expect(await mailedLink("https://evil.example", { SITE_URL: site })).toBe(site);
  });

  it("a provider with SITE_URL links to its SITE_URL, whatever origin a front named", async () => {
    expect(await mailedLink("https://evil.example", {}, { SITE_URL: site })).toBe(site);
  });

  it("a request that already carries a valid voucher (a front calling itself) is refused with 508, never forwarded", async () => {
    const before = seen.length;
    const path = "/internal-api/v1/me";
    const res = await forwardToProvider(
      front,
      new Request(`${frontOrigin}${path}`, { headers: { [frontHeader]: await sign(path) } }),
      frontEnv,
      provider,
    );
    expect(res.status).toBe(508);
    expect(seen.length).toBe(before);
  });
});

describe("a session older than a day stays signed in through the front", () => {
  async function oldSession() {
    const { user, token, cookie } = await signedInUser();
    const hash = await sha256Hex(token);
    await db().delete(sessions).where(eq(sessions.id, hash));
    await insertSession(db(), {
      id: hash,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await db().update(sessions).set({ createdAt: twoDaysAgo }).where(eq(sessions.id, hash));
    return { user, cookie };
  }

  it("page calls (SSR) never rotate; the browser's own call rotates and its Set-Cookie reaches the browser", async () => {
    const { user, cookie } = await oldSession();
    for (let view = 0; view < 3; view++) {
      const page = new Request(`${frontOrigin}/moj-profil`, { headers: { cookie, "user-agent": "Telefon/1" } });
      const transport = createProxyTransport(front.api, providerCallsOf(front, page, frontEnv), provider);
      const me = await transport("me", { method: "GET" });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: number }).id).toBe(user.id);
      expect(seen.at(-1)?.headers.get("user-agent")).toBe("Telefon/1");
      expect(withPageCookies(page, new Response("ok")).headers.get("set-cookie") ?? "").not.toContain(
        `${appConfig.session.cookieName}=`,
      );
    }
    const own = await viaFront("/internal-api/v1/me", { headers: { cookie } });
    expect(own.status).toBe(200);
    const rotated = (own.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(rotated).toMatch(new RegExp(`^${appConfig.session.cookieName}=`));
    expect(rotated).not.toBe(cookie);
    const after = await viaFront("/internal-api/v1/me", { headers: { cookie: rotated } });
    expect(((await after.json()) as { id: number }).id).toBe(user.id);
  });

  it("a page's later calls send the cookie an earlier call of the same page set, and the page carries it", async () => {
    const { cookie } = await signedInUser();
    const page = new Request(`${frontOrigin}/`, { headers: { cookie } });
    const calls = providerCallsOf(front, page, frontEnv);
    const fake: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response("{}", { headers: { "set-cookie": "avtotrg_bookmark=b1; Path=/; HttpOnly" } });
    };
    const transport = createProxyTransport(front.api, calls, fake);
    await transport("me", { method: "GET" });
    await transport("favorites", { method: "GET" });
    expect(seen.at(-1)?.headers.get("cookie")).toBe(`${cookie}; avtotrg_bookmark=b1`);
    const pageResponse = withPageCookies(page, new Response("<html>", { headers: { "content-type": "text/html" } }));
    expect(pageResponse.headers.getSetCookie()).toEqual(["avtotrg_bookmark=b1; Path=/; HttpOnly"]);
  });
});

describe("/media through the front", () => {
  it("forwards GET with Accept, If-None-Match and Range, and streams the answer back as is", async () => {
    const fake: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response("bytes", {
        status: 206,
        headers: { etag: '"e1"', "cache-control": "public, max-age=31536000" },
      });
    };
    const res = await forwardToProvider(
      front,
      new Request(`${frontOrigin}/media/postings/1/a.jpg?w=512`, {
        headers: { accept: "image/avif,image/webp", "if-none-match": '"e0"', range: "bytes=0-4" },
      }),
      frontEnv,
      fake,
    );
    const sent = seen.at(-1);
    expect(sent?.url).toBe("http://provider.test:8801/media/postings/1/a.jpg?w=512");
    expect(sent?.headers.get("accept")).toBe("image/avif,image/webp");
    expect(sent?.headers.get("if-none-match")).toBe('"e0"');
    expect(sent?.headers.get("range")).toBe("bytes=0-4");
    expect(res.status).toBe(206);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000");
    expect(await res.text()).toBe("bytes");
  });
});
