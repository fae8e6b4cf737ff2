import { describe, expect, it } from "vitest";
import { loginReturnPath } from "./use-login-href";

describe("loginReturnPath (issue 20: the header's sign-in link never nests /relogin in itself)", () => {
  it("an ordinary page returns to itself, without the one-off success/reason parameters", () => {
    expect(loginReturnPath("/iskanje", "/iskanje?fuel=DIESEL&success=false", {})).toBe("/iskanje?fuel=DIESEL");
  });
  it("/relogin, /register and /prijava/* keep the original redirectUrl", () => {
    expect(
      loginReturnPath("/relogin", "/relogin?redirectUrl=%2Fuporabnik%2Fmoji-oglasi", {
        redirectUrl: "/uporabnik/moji-oglasi",
      }),
    ).toBe("/uporabnik/moji-oglasi");
    expect(loginReturnPath("/register", "/register?redirectUrl=%2Fdms%2Fzaloga", { redirectUrl: "/dms/zaloga" })).toBe(
      "/dms/zaloga",
    );
    expect(loginReturnPath("/prijava/potrditev", "/prijava/potrditev?token=abc", {})).toBe("/");
  });
  it("a redirectUrl that is itself a sign-in page, or leaves the site, becomes home", () => {
    expect(
      loginReturnPath("/relogin", "/relogin?redirectUrl=%2Frelogin", { redirectUrl: "/relogin?redirectUrl=/x" }),
    ).toBe("/");
    expect(loginReturnPath("/relogin", "/relogin", { redirectUrl: "//evil.example" })).toBe("/");
    expect(loginReturnPath("/relogin", "/relogin", {})).toBe("/");
  });
});
