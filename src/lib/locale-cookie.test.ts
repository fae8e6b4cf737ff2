import { describe, expect, it } from "vitest";
import { withLocaleCookie } from "./locale-cookie";

const page = () => new Response("<!doctype html>", { headers: { "content-type": "text/html; charset=utf-8" } });

describe("withLocaleCookie (spec: i18n_redirected=si, 365 days)", () => {
  it("the first page answer sets it, on the whole site, for 365 days", () => {
    const res = withLocaleCookie(new Request("https://www.avtotrg.si/"), page());
    expect(res.headers.get("set-cookie")).toBe("i18n_redirected=si; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
  });
  it("is not set again when the browser already has it, nor on non-HTML answers", () => {
    expect(
      withLocaleCookie(
        new Request("https://www.avtotrg.si/", { headers: { cookie: "a=1; i18n_redirected=si" } }),
        page(),
      ).headers.get("set-cookie"),
    ).toBeNull();
    expect(
      withLocaleCookie(
        new Request("https://www.avtotrg.si/x.js"),
        new Response("", { headers: { "content-type": "text/javascript" } }),
      ).headers.get("set-cookie"),
    ).toBeNull();
  });
  it("keeps a cookie the page set itself", () => {
    const own = page();
    own.headers.append("set-cookie", "other=1; Path=/");
    const res = withLocaleCookie(new Request("http://localhost/"), own);
    expect(res.headers.getSetCookie()).toEqual([
      "other=1; Path=/",
      "i18n_redirected=si; Max-Age=31536000; Path=/; SameSite=Lax",
    ]);
  });
});
