import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./cross-site";
import { PageCookies } from "./page-cookies";

const answer = (...setCookies: string[]) => {
  const r = new Response(null);
  for (const line of setCookies) r.headers.append("set-cookie", line);
  return r;
};

describe("a page's cookies through the provider's answers", () => {
  it("sends the browser's cookies, then what the provider set, dropping what it cleared", () => {
    const jar = new PageCookies("a=1; avtotrg_session=old; b=2");
    expect(jar.header()).toBe("a=1; avtotrg_session=old; b=2");
    jar.take(answer("avtotrg_session=new; Path=/; HttpOnly; Max-Age=100", "b=; Path=/; Max-Age=0"));
    jar.take(answer("a=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT", "c=3; Path=/"));
    expect(jar.header()).toBe("avtotrg_session=new; c=3");
    expect(jar.setCookies).toEqual([
      "avtotrg_session=new; Path=/; HttpOnly; Max-Age=100",
      "b=; Path=/; Max-Age=0",
      "a=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
      "c=3; Path=/",
    ]);
  });

  it("gives the page's response the last Set-Cookie of each name, as the browser would keep it", () => {
    const jar = new PageCookies("avtotrg_session=old");
    jar.take(answer("avtotrg_session=first; Path=/", "a=1; Path=/"));
    jar.take(answer("avtotrg_session=second; Path=/"));
    expect(jar.finalSetCookies()).toEqual(["avtotrg_session=second; Path=/", "a=1; Path=/"]);
  });

  it("has no Cookie header without cookies", () => {
    expect(new PageCookies(null).header()).toBeUndefined();
    expect(new PageCookies("").header()).toBeUndefined();
  });
});

describe("the cross-site write rule", () => {
  const own = ["https://avtotrg.si"];
  const h = (init: Record<string, string>) => new Headers(init);
  it("refuses another site's Origin, an opaque one and Sec-Fetch-Site cross-site on writes", () => {
    expect(isCrossSiteWrite("POST", "/internal-api/v1/favorites", h({ origin: "https://zlobni.example" }), own)).toBe(
      true,
    );
    expect(isCrossSiteWrite("DELETE", "/x", h({ origin: "null" }), own)).toBe(true);
    expect(isCrossSiteWrite("PUT", "/x", h({ "sec-fetch-site": "cross-site" }), own)).toBe(true);
  });
  it("lets reads, our own Origin, server-side callers and the signed callbacks pass", () => {
    expect(isCrossSiteWrite("GET", "/x", h({ origin: "https://zlobni.example" }), own)).toBe(false);
    expect(isCrossSiteWrite("POST", "/x", h({ origin: "https://avtotrg.si" }), own)).toBe(false);
    expect(isCrossSiteWrite("POST", "/x", h({}), own)).toBe(false);
    expect(
      isCrossSiteWrite("POST", "/internal-api/v1/payments/webhook", h({ origin: "https://stripe.example" }), own),
    ).toBe(false);
  });
});
