import { describe, expect, it } from "vitest";
import { safeReturnPath, withParam } from "./return-path";

const site = "https://www.avtotrg.si";

/** Where a browser would land after following `path` from the site, by every reading of it. */
function staysOnSite(path: string) {
  expect(path.startsWith("/")).toBe(true);
  expect(path.startsWith("//")).toBe(false);
  expect(/[\\\u0000-\u001f]/.test(path)).toBe(false);
  expect(new URL(path, site).origin).toBe(site);
  // Also once or twice decoded (a router or a proxy that decodes before redirecting).
  let decoded = path;
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
    expect(decoded.startsWith("//")).toBe(false);
    expect(decoded.includes("\\")).toBe(false);
    expect(new URL(decoded, site).origin).toBe(site);
  }
}

// Each hostile form an attacker could put into redirectUrl (sign-in, social, register, post-form redirects).
const hostile = [
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "https://evil.example",
  "HTTPS://evil.example",
  "hTtP://evil.example/path",
  "https:evil.example",
  "https:/evil.example",
  "http:\\\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "/.//evil.example",
  "/./../..//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E/%2e//evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F%252Fevil.example",
  "/%255Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "//evil.example@www.avtotrg.si",
  "https://www.avtotrg.si@evil.example",
  "/@evil.example",
  "//user:pass@evil.example",
  "%2F%2Fevil.example",
  "evil.example",
  "?next=//evil.example",
  "#//evil.example",
  "/\u0000//evil.example",
  "/..\\evil.example",
  "//%09evil.example",
  "/%E3%80%82/evil.example",
];

describe("safeReturnPath: hostile forms all end on the site", () => {
  it("has at least 30 forms", () => expect(hostile.length).toBeGreaterThanOrEqual(30));
  it.each(hostile)("%j", (input) => {
    const path = safeReturnPath(input);
    staysOnSite(path);
    staysOnSite(withParam(input, "success", "true"));
  });
  it("a form that leaves the site by any reading falls back to the home page", () => {
    for (const input of [
      "//evil.example",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/%2F%2Fevil.example",
      "/\t/evil.example",
      "https:evil.example",
      "/%5Cevil.example",
    ]) {
      expect(safeReturnPath(input)).toBe("/");
    }
  });
});

describe("safeReturnPath: ordinary paths survive", () => {
  it.each([
    ["/", "/"],
    ["/oglas/ABC123", "/oglas/ABC123"],
    ["/iskanje?znamka=skoda&cena=10", "/iskanje?znamka=skoda&cena=10"],
    ["/moji-oglasi#top", "/moji-oglasi#top"],
    ["/a/./b/../c", "/a/c"],
    ["/nov-oglas?resume=1&success=false&reason=x", "/nov-oglas?resume=1"],
    [null, "/"],
    [undefined, "/"],
  ])("%j → %j", (input, expected) => expect(safeReturnPath(input)).toBe(expected));
  it("withParam keeps earlier parameters", () => {
    expect(withParam(withParam("/relogin", "redirectUrl", "/x"), "reason", "confirm")).toBe(
      "/relogin?redirectUrl=%2Fx&reason=confirm",
    );
  });
});

describe("payment return addresses (featuring's sameSiteUrl): the same hostile forms never leave the site", () => {
  it.each(hostile)("%j", async (input) => {
    const { sameSiteUrl } = await import("./featuring");
    const url = sameSiteUrl(input, [site]);
    if (url !== null) {
      expect(new URL(url).origin).toBe(site);
      // Also when a browser resolves the path part again (a relative redirect of it).
      staysOnSite(safeReturnPath(new URL(url).pathname));
    }
  });
});
