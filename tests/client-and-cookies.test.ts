import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { postings } from "~/db/schema/postings";
import { call, db, json, linkToken, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

/**
 * Issue 19, rules 13 and 14 (decision 037): client addresses are trusted only behind Cloudflare,
 * views count once per visitor per posting per day, every user-supplied URL is http(s), and the
 * session cookie is `__Host-` over HTTPS.
 */

// A local run as `npm start` or the e2e suite has it: the development mailbox on, no test override.
const localEnv = { ...env, TRUST_CF_CONNECTING_IP: undefined } as Env;
// Production: reached through Cloudflare's edge at the public host, no development mailbox.
const productionEnv = { ...env, TRUST_CF_CONNECTING_IP: undefined, DEV_OUTBOX: undefined } as Env;
const site = "https://www.avtotrg.si";

const local = (path: string, init: RequestInit = {}) =>
  app.request(`http://localhost/internal-api/v1${path}`, init, localEnv);
const production = (path: string, init: RequestInit = {}) =>
  app.request(`${site}/internal-api/v1${path}`, init, productionEnv);
const viewsOf = async (id: number) =>
  (await db().select({ v: postings.viewsTotal }).from(postings).where(eq(postings.id, id)).get())?.v;

let n = 0;
const forged = () => ({
  "cf-connecting-ip": `203.0.113.${(n++ % 250) + 1}`,
  "x-forwarded-for": `198.51.100.${n % 250}`,
  "x-real-ip": `192.0.2.${n % 250}`,
  "true-client-ip": `192.0.2.${(n + 7) % 250}`,
});

describe("rule 13: views count once per visitor per posting per day; forged addresses count for nothing", () => {
  it("on a local run, forged CF-Connecting-IP and X-Forwarded-For headers all count as the one local client", async () => {
    const { maker } = await makeAndModel();
    const posting = await publishedPosting({ manufacturerId: maker.id, viewsTotal: 0 });
    for (let i = 0; i < 10; i++)
      expect((await local(`/postings/${posting.code}`, { headers: forged() })).status).toBe(200);
    expect(await viewsOf(posting.id)).toBe(1);
  });

  it("behind Cloudflare, CF-Connecting-IP is the visitor: ten reloads count once, X-Forwarded-For changes nothing, a second visitor counts", async () => {
    const { maker } = await makeAndModel();
    const posting = await publishedPosting({ manufacturerId: maker.id, viewsTotal: 0 });
    const get = (headers: Record<string, string>) => production(`/postings/${posting.code}`, { headers });
    const reloads = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        get({ "cf-connecting-ip": "203.0.113.77", "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `192.0.2.${i}` }),
      ),
    );
    expect(reloads.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await viewsOf(posting.id)).toBe(1);
    await get({ "cf-connecting-ip": "2001:db8::1" });
    await get({ "cf-connecting-ip": "2001:DB8::1" });
    expect(await viewsOf(posting.id)).toBe(2);
    // A signed-in visitor is one visitor whatever address they come from.
    const buyer = await signedInUser();
    const cookie = `__Host-${appConfig.session.cookieName}=${buyer.token}`;
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) await get({ "cf-connecting-ip": ip, cookie });
    expect(await viewsOf(posting.id)).toBe(3);
  });

  it("rate limits follow the trusted address: forged X-Forwarded-For and friends do not buy a stranger fresh per-client budgets", async () => {
    // Behind Cloudflare the per-client limit of sign-in e-mails (decision 036) binds one CF-Connecting-IP, whatever else it claims.
    const ip = `203.0.113.${200 + (n++ % 50)}`;
    const statuses: number[] = [];
    for (let i = 0; i < appConfig.limits.signInEmailsPerClientPerHour + 1; i++) {
      const { "cf-connecting-ip": _ignored, ...rest } = forged();
      statuses.push(
        (
          await production("/login/email", {
            ...json({ email: `tuj-${Date.now()}-${i}@primer.si` }),
            headers: { "content-type": "application/json", ...rest, "cf-connecting-ip": ip },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("on a local run every request is the one client, whatever address it claims", async () => {
    const { clientAddress } = await import("~/lib/client-address");
    const request = (url: string, headers: Record<string, string>) => new Request(url, { headers });
    expect(clientAddress(request("http://localhost/x", forged()), localEnv)).toBe("local");
    expect(clientAddress(request("http://127.0.0.1:4203/x", forged()), { DEV_OUTBOX: undefined })).toBe("local");
    expect(clientAddress(request("https://www.avtotrg.si/x", forged()), localEnv)).toBe("local");
    expect(
      clientAddress(
        request("https://www.avtotrg.si/x", { "cf-connecting-ip": "203.0.113.9", "x-forwarded-for": "1.2.3.4" }),
        productionEnv,
      ),
    ).toBe("203.0.113.9");
    expect(
      clientAddress(
        request("https://www.avtotrg.si/x", {
          "x-forwarded-for": "1.2.3.4",
          "x-real-ip": "1.2.3.4",
          "true-client-ip": "1.2.3.4",
        }),
        productionEnv,
      ),
    ).toBe("unknown");
    expect(clientAddress(request("https://www.avtotrg.si/x", { "cf-connecting-ip": "<script>" }), productionEnv)).toBe(
      "unknown",
    );
  });
});

describe("rule 14: user-supplied URLs are http(s) only", () => {
  const seller = () => signedInUser();
  const hostile = [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://primer.si/x",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
  ];

  it("a posting's 360 view refuses every other scheme with a Slovenian field error, and keeps a real https address", async () => {
    const { cookie } = await seller();
    const send = (path: string, body: unknown) => call(`/internal-api/v1${path}`, { ...json(body, cookie) });
    const created = await send("/draft", {
      vin: `TMBJJ7NE8J${String(1_000_000 + n++).slice(-7)}`,
      hiddenVin: false,
      isPartialVin: false,
    });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };
    for (const url of hostile) {
      const res = await send(`/draft/${code}`, { view360Url: url });
      expect(res.status, url).toBe(400);
      const body = (await res.json()) as { fieldErrors: { field: string; message: string }[] };
      expect(body.fieldErrors, url).toContainEqual(
        expect.objectContaining({
          field: "view360Url",
          message: "Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
        }),
      );
    }
    expect((await send(`/draft/${code}`, { view360Url: "https://360.primer.si/avto/1" })).status).toBe(200);
    const draft = (await (await call(`/internal-api/v1/draft/${code}`, { headers: { cookie } })).json()) as {
      view360Url: string | null;
    };
    expect(draft.view360Url).toBe("https://360.primer.si/avto/1");
  });
});

describe("rule 14: the session cookie is __Host- over HTTPS", () => {
  it("signing in over HTTPS sets __Host-avtotrg_session: Secure, Path=/, no Domain", async () => {
    const address = `host-cookie-${Date.now()}@primer.si`;
    expect((await production("/login/email", json({ email: address }))).status).toBe(202);
    const messages = (await (await call("/internal-api/v1/dev/outbox")).json()) as {
      to: string;
      link: string | null;
    }[];
    const link = messages.find((m) => m.to === address)?.link ?? "";
    // The confirmation page's "Nadaljuj kot …" button: a same-origin POST of the link's token (decision 030).
    const open = await app.request(
      `${site}/internal-api/v1/login/email/verify`,
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: site },
        body: JSON.stringify({ token: linkToken(link) }),
      },
      productionEnv,
    );
    expect(open.status).toBe(200);
    const setCookie = open.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__Host-avtotrg_session=[\w-]{20,};/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const me = await production("/me", { headers: { cookie: setCookie.split(";")[0] ?? "" } });
    expect(me.status).toBe(200);
  });

  it("asking for a sign-in code over HTTPS sets __Host-avtotrg_pin: HttpOnly, Secure, SameSite=Lax, Path=/, for the code's 5 minutes", async () => {
    // An unknown number (no SMS leaves in production): the answer and the cookie are the same as for a known one.
    const number = `070 8${String(Date.now() % 100_000)
      .padStart(5, "0")
      .slice(0, 2)} ${String(Date.now() % 1000).padStart(3, "0")}`;
    const res = await production(`/login?number=${encodeURIComponent(number)}`, {
      headers: { "cf-connecting-ip": `203.0.113.${(n++ % 250) + 1}` },
    });
    expect(res.status).toBe(202);
    const pinCookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-avtotrg_pin=")) ?? "";
    expect(pinCookie).toMatch(/^__Host-avtotrg_pin=[\w-]{40,};/);
    expect(pinCookie).toMatch(/Max-Age=300/);
    expect(pinCookie).toMatch(/Path=\//);
    expect(pinCookie).toMatch(/Secure/);
    expect(pinCookie).toMatch(/HttpOnly/);
    expect(pinCookie).toMatch(/SameSite=Lax/);
    expect(pinCookie).not.toMatch(/Domain=/i);
  });

  it("over HTTPS a plain-named cookie (one a sibling subdomain could have planted) signs nobody in", async () => {
    const victim = await signedInUser();
    const tossed = await production("/me", { headers: { cookie: `${appConfig.session.cookieName}=${victim.token}` } });
    expect(tossed.status).toBe(401);
    expect(
      (await production("/me", { headers: { cookie: `__Host-${appConfig.session.cookieName}=${victim.token}` } }))
        .status,
    ).toBe(200);
  });

  it("signing out over HTTPS clears the __Host- cookie with Secure and Path=/ (else the browser ignores it)", async () => {
    const user = await signedInUser();
    const out = await production("/logout", {
      method: "POST",
      headers: { cookie: `__Host-${appConfig.session.cookieName}=${user.token}` },
    });
    const setCookie = out.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__Host-avtotrg_session=;/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/Path=\//);
  });

  it("local http keeps the plain name (tests and e2e on http://localhost)", async () => {
    const user = await signedInUser();
    expect((await local("/me", { headers: { cookie: `${appConfig.session.cookieName}=${user.token}` } })).status).toBe(
      200,
    );
    expect(
      (await local("/me", { headers: { cookie: `__Host-${appConfig.session.cookieName}=${user.token}` } })).status,
    ).toBe(401);
  });
});
