import { describe, expect, it } from "vitest";
import {
  isPostingsScopeCall,
  isRegisteredRedirect,
  pkceChallengeS256,
  redirectWith,
  timingSafeEqual,
} from "./partner-oauth";

describe("partner OAuth rules", () => {
  it("computes the RFC 7636 appendix B S256 challenge", async () => {
    expect(await pkceChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("matches redirect URIs exactly", () => {
    const registered = ["https://dms.example/cb"];
    expect(isRegisteredRedirect(registered, "https://dms.example/cb")).toBe(true);
    expect(isRegisteredRedirect(registered, "https://dms.example/cb/")).toBe(false);
    expect(isRegisteredRedirect(registered, "https://dms.example/cb?x=1")).toBe(false);
    expect(isRegisteredRedirect(registered, "https://DMS.example/cb")).toBe(false);
  });

  it("adds code and state to the redirect URL, keeping its own query", () => {
    expect(redirectWith("https://dms.example/cb?tenant=7", { code: "abc", state: "x y", skipped: null })).toBe(
      "https://dms.example/cb?tenant=7&code=abc&state=x+y",
    );
  });

  it("lets a postings token call only the posting lifecycle", () => {
    expect(isPostingsScopeCall("GET", "/draft")).toBe(true);
    expect(isPostingsScopeCall("post", "/draft/P12AB/publish")).toBe(true);
    expect(isPostingsScopeCall("POST", "/postings/P12AB/status")).toBe(true);
    expect(isPostingsScopeCall("DELETE", "/posting/P12AB/file")).toBe(true);
    expect(isPostingsScopeCall("GET", "/me")).toBe(false);
    expect(isPostingsScopeCall("POST", "/postings/P12AB/buy-pricing-item")).toBe(false);
    expect(isPostingsScopeCall("POST", "/dealership/avtohisa-kranjc")).toBe(false);
    expect(isPostingsScopeCall("GET", "/dealer/partner-grants")).toBe(false);
    expect(isPostingsScopeCall("PUT", "/draft")).toBe(false);
  });

  it("compares secrets by value", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "ab")).toBe(false);
  });
});
