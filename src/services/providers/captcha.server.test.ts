import { describe, expect, it } from "vitest";
import { captchaProvider, localCaptcha, recaptchaV3 } from "./captcha.server";

const answering = (body: unknown, seen: URLSearchParams[] = []) =>
  (async (_url: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new URLSearchParams(String(init?.body)));
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;

describe("captcha providers", () => {
  it("reCAPTCHA v3 accepts a human's token of the inquiry action, verified with the secret", async () => {
    const seen: URLSearchParams[] = [];
    const captcha = recaptchaV3(
      { siteKey: "site", secret: "skrivnost" },
      answering({ success: true, score: 0.9, action: "inquiry", hostname: "avtotrg.si" }, seen),
    );
    expect(captcha.config).toEqual({ provider: "recaptcha", siteKey: "site", action: "inquiry" });
    expect(await captcha.verify("token", "203.0.113.9", "AVTOTRG.si")).toBe(true);
    expect(seen[0]?.get("secret")).toBe("skrivnost");
    expect(seen[0]?.get("response")).toBe("token");
    expect(seen[0]?.get("remoteip")).toBe("203.0.113.9");
  });

  it("refuses a missing token, a low score, another action's token, another site's token and an unreachable service", async () => {
    const keys = { siteKey: "site", secret: "s" };
    const human = { success: true, score: 0.9, action: "inquiry", hostname: "avtotrg.si" };
    expect(await recaptchaV3(keys, answering(human)).verify("t", "x", "avtotrg.si")).toBe(true);
    expect(
      await recaptchaV3(keys, answering({ ...human, hostname: "evil.example" })).verify("t", "x", "avtotrg.si"),
    ).toBe(false);
    expect(await recaptchaV3(keys, answering({ ...human, hostname: undefined })).verify("t", "x", "avtotrg.si")).toBe(
      false,
    );
    expect(await recaptchaV3(keys, answering(human)).verify(undefined, "x", "avtotrg.si")).toBe(false);
    expect(await recaptchaV3(keys, answering({ ...human, score: 0.1 })).verify("t", "x", "avtotrg.si")).toBe(false);
    expect(await recaptchaV3(keys, answering({ ...human, action: "login" })).verify("t", "x", "avtotrg.si")).toBe(
      false,
    );
    const down = (async () => {
      throw new Error("offline");
    }) as typeof fetch;
    expect(await recaptchaV3(keys, down).verify("t", "x", "x")).toBe(false);
  });

  it("without both keys the local adapter accepts and says it is local", async () => {
    expect(captchaProvider({ RECAPTCHA_SITE_KEY: "site" } as Env)).toBe(localCaptcha);
    expect(await localCaptcha.verify(undefined, "local", "localhost")).toBe(true);
    expect(captchaProvider({ RECAPTCHA_SITE_KEY: "a", RECAPTCHA_SECRET: "b" } as Env).config.provider).toBe(
      "recaptcha",
    );
  });
});
