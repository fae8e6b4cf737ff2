import { describe, expect, it } from "vitest";
import { parseProviderApiUrl, providerUrl, readProxyMode } from "./provider-api";

const secret = "s".repeat(32);

describe("INTERNAL_API_URL: the provider's API base, one form", () => {
  it.each([
    ["https://api.avtotrg.si/internal-api/v1", "https://api.avtotrg.si"],
    ["https://api.avtotrg.si/internal-api/v1/", "https://api.avtotrg.si"],
    ["http://localhost:8801/internal-api/v1", "http://localhost:8801"],
    [" http://127.0.0.1:8801/internal-api/v1// ", "http://127.0.0.1:8801"],
  ])("accepts %s", (value, origin) => {
    expect(parseProviderApiUrl(value)).toEqual({ api: { origin, base: `${origin}/internal-api/v1` } });
  });

  it.each([
    "http://localhost:8801",
    "http://localhost:8801/",
    "http://localhost:8801/internal-api",
    "http://localhost:8801/internal-api/v2",
    "http://localhost:8801/api/internal-api/v1",
    "http://localhost:8801/internal-api/v1?x=1",
    "http://localhost:8801/internal-api/v1?",
    "http://localhost:8801/internal-api/v1#top",
    "http://user:pass@localhost:8801/internal-api/v1",
    "ftp://localhost/internal-api/v1",
    "localhost:8801/internal-api/v1",
    "http://api.avtotrg.si/internal-api/v1",
    "",
  ])("refuses %j, naming the variable and the expected form", (value) => {
    const parsed = parseProviderApiUrl(value);
    expect(parsed).toHaveProperty("error");
    expect("error" in parsed && parsed.error).toMatch(
      /^INTERNAL_API_URL must be .*http\(s\):\/\/host\[:port\]\/internal-api\/v1/,
    );
  });

  it("joins paths relative to the base and absolute paths to the origin", () => {
    const api = { origin: "https://p.example", base: "https://p.example/internal-api/v1" };
    expect(providerUrl(api, "me")).toBe("https://p.example/internal-api/v1/me");
    expect(providerUrl(api, "marketplace/search?page=2")).toBe(
      "https://p.example/internal-api/v1/marketplace/search?page=2",
    );
    expect(providerUrl(api, "/is-impersonated")).toBe("https://p.example/is-impersonated");
    expect(providerUrl(api, "/internal-api/v1/me?x=1")).toBe("https://p.example/internal-api/v1/me?x=1");
    expect(providerUrl(api, "/media/a/b.jpg")).toBe("https://p.example/media/a/b.jpg");
  });
});

describe("the mode the variables select", () => {
  it("is embedded without INTERNAL_API_URL, keeping a provider's secret", () => {
    expect(readProxyMode({})).toEqual({ mode: "embedded", secret: null });
    expect(readProxyMode({ INTERNAL_API_SECRET: secret })).toEqual({ mode: "embedded", secret });
  });

  it("is proxy with a valid URL and a secret of 32 characters or more", () => {
    expect(
      readProxyMode({ INTERNAL_API_URL: "http://localhost:8801/internal-api/v1", INTERNAL_API_SECRET: secret }),
    ).toEqual({
      mode: "proxy",
      api: { origin: "http://localhost:8801", base: "http://localhost:8801/internal-api/v1" },
      secret,
    });
  });

  it("is invalid, with a message naming the variable, for a bad URL, a missing or short secret", () => {
    const url = "http://localhost:8801/internal-api/v1";
    expect(readProxyMode({ INTERNAL_API_URL: "http://localhost:8801", INTERNAL_API_SECRET: secret })).toMatchObject({
      mode: "invalid",
      message: expect.stringMatching(/^INTERNAL_API_URL/),
    });
    expect(readProxyMode({ INTERNAL_API_URL: url })).toMatchObject({
      mode: "invalid",
      message: expect.stringMatching(/^INTERNAL_API_SECRET must be set/),
    });
    expect(readProxyMode({ INTERNAL_API_URL: url, INTERNAL_API_SECRET: "kratko" })).toMatchObject({
      mode: "invalid",
      message: expect.stringMatching(/^INTERNAL_API_SECRET must be at least 32/),
    });
    expect(readProxyMode({ INTERNAL_API_SECRET: "s".repeat(31) })).toMatchObject({ mode: "invalid" });
  });

  it("never repeats the value in its message (a refused value may hold credentials)", () => {
    const mode = readProxyMode({ INTERNAL_API_URL: "https://svc:S3cr3t@api.host/internal-api/v1?key=K3y" });
    expect(mode).toMatchObject({ mode: "invalid" });
    expect(JSON.stringify(mode)).not.toMatch(/S3cr3t|K3y|api\.host/);
  });

  it("in front of a provider on another host, needs SITE_URL (https) as the origin it vouches for", () => {
    const remote = { INTERNAL_API_URL: "https://api.avtotrg.si/internal-api/v1", INTERNAL_API_SECRET: secret };
    expect(readProxyMode(remote)).toMatchObject({ mode: "invalid", message: expect.stringMatching(/^SITE_URL/) });
    expect(readProxyMode({ ...remote, SITE_URL: "http://avtotrg.si" })).toMatchObject({ mode: "invalid" });
    expect(readProxyMode({ ...remote, SITE_URL: "https://avtotrg.si" })).toMatchObject({ mode: "proxy" });
  });
});
