import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { parseConsent } from "~/domain/consent";
import { call } from "./fixtures";

/**
 * Issue 24, decision 064: the cookie bar's "Sprejmi vse" / "Zavrni neobvezne" and the terms notice's close are
 * plain form posts that work before hydration. Each sets exactly the browser's cookie and answers 303 back to a
 * same-site path only. The attacks come first: a way off the site, a forged choice, a post from another site.
 */

const origin = "http://localhost";
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`/internal-api/v1/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const cookiesOf = (res: Response) => res.headers.getSetCookie();
const cookieNamed = (res: Response, name: string) => cookiesOf(res).find((c) => c.startsWith(`${name}=`)) ?? null;
const cookieValueOf = (setCookie: string | null) =>
  decodeURIComponent(setCookie?.split(";")[0]?.split("=").slice(1).join("=") ?? "");

const offSite = [
  "//evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\u0000x",
  " //evil.example",
  "",
];

describe("POST consent: the cookie bar without JavaScript", () => {
  for (const returnTo of offSite) {
    it(`never leaves the site: returnTo ${JSON.stringify(returnTo)} comes back home`, async () => {
      for (const [path, fields] of [
        ["consent", { choice: "necessary", returnTo }],
        ["terms-notice", { returnTo }],
      ] as const) {
        const res = await post(path, fields);
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/");
      }
    });
  }

  it("refuses a post from another site (403) and sets nothing", async () => {
    const attacks: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: "https://evil.example" },
    ];
    for (const headers of attacks) {
      for (const [path, fields] of [
        ["consent", { choice: "all", returnTo: "/iskanje" }],
        ["terms-notice", { returnTo: "/iskanje" }],
      ] as const) {
        const res = await post(path, fields, headers);
        expect(res.status).toBe(403);
        expect(cookiesOf(res)).toEqual([]);
      }
    }
  });

  it("a forged or missing choice is a 400 with a Slovenian field error, and no cookie", async () => {
    for (const choice of ["everything", "ALL", "", "necessary,all"]) {
      const res = await post("consent", { choice, returnTo: "/" });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fieldErrors: { field: string; message: string }[] };
      expect(body.fieldErrors.find((e) => e.field === "choice")?.message).toMatch(/Sprejmi vse/);
      expect(cookiesOf(res)).toEqual([]);
    }
    const long = await post("consent", { choice: "all", returnTo: `/${"a".repeat(2100)}` });
    expect(long.status).toBe(400);
  });

  it("'Zavrni neobvezne' stores the refusal the browser code stores and comes back to the same page and query", async () => {
    const res = await post(
      "consent",
      { choice: "necessary", returnTo: "/iskanje?fuel=PETROL&model=bmw(x5)" },
      { cookie: "_ga=GA1.1.1; _gid=GA1.1.2; other=1" },
    );
    expect(res.status).toBe(303);
    // The same query (the codec reads "(" and "%28" alike), normalised as the sign-in's return path is.
    expect(res.headers.get("location")).toBe("/iskanje?fuel=PETROL&model=bmw%28x5%29");
    const set = cookieNamed(res, appConfig.consent.cookieName);
    expect(set).toMatch(/Max-Age=15724800/);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toMatch(/HttpOnly/); // the browser code reads it
    expect(set).not.toMatch(/Secure/); // plain local http, as the browser code does
    expect(parseConsent(cookieValueOf(set))).toMatchObject({ analytics: false, marketing: false });
    // The analytics cookies go, as the browser code removes them; others stay.
    expect(cookiesOf(res).filter((c) => /^_g(a|id)=;/.test(c) && /Max-Age=0/.test(c))).toHaveLength(4);
    expect(cookieNamed(res, "other")).toBeNull();
  });

  it("a browser carrying oddly named analytics-looking cookies (set by other scripts) can still refuse: 303, not 500", async () => {
    for (const cookie of ["_ga(1)=x", "_ga[0]=x", '_gid"=x', "_ga/x=1", "_ga@x=1", "_ga x=1; _ga_ok=1"]) {
      const res = await post("consent", { choice: "necessary", returnTo: "/iskanje" }, { cookie });
      expect(res.status, cookie).toBe(303);
      expect(cookieNamed(res, appConfig.consent.cookieName), cookie).not.toBeNull();
    }
  });

  it("'Sprejmi vse' allows both categories; over HTTPS the cookie is Secure", async () => {
    const res = await app.request(
      "https://www.avtotrg.si/internal-api/v1/consent",
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://www.avtotrg.si",
          "cf-connecting-ip": "203.0.113.9",
        },
        body: "choice=all&returnTo=%2Foglas%2F1",
        redirect: "manual",
      },
      env,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/oglas/1");
    const set = cookieNamed(res, appConfig.consent.cookieName);
    expect(set).toMatch(/Secure/);
    expect(parseConsent(cookieValueOf(set))).toMatchObject({ analytics: true, marketing: true });
  });
});

describe("POST terms-notice: closing the provider-change notice without JavaScript", () => {
  it("sets new-terms-notification for a year and comes back", async () => {
    const res = await post("terms-notice", { returnTo: "/oglas/1#galerija" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/oglas/1#galerija");
    const set = cookieNamed(res, "new-terms-notification");
    expect(cookieValueOf(set)).toBe("1");
    expect(set).toMatch(/Max-Age=31536000/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(cookiesOf(res)).toHaveLength(1);
  });

  it("without a return path goes home", async () => {
    const res = await post("terms-notice", {});
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
  });
});
