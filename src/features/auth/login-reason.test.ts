import { describe, expect, it } from "vitest";
import type { Me } from "~/domain/user";
import { loginReasonOf, wantedAuthDialogs } from "./login-reason";

const legacy = { impersonated: false, registrationStatus: "MISSINGEMAIL", accountsWereMerged: false } as Me;

describe("sign-in dialogs", () => {
  it("reads reason=link (a provider e-mail that has an account: sign in, then confirm the link)", () => {
    expect(loginReasonOf({ reason: "link" })).toBe("link");
    expect(loginReasonOf({ reason: "zlobno" })).toBeNull();
  });

  it("never covers the pages that confirm a sign-in link, a social link or a merge", () => {
    expect(wantedAuthDialogs(legacy, "/iskanje", {}).migrate).toBe(true);
    for (const path of ["/prijava/potrditev", "/povezava-racuna/google", "/zdruzitev-racunov"]) {
      expect(wantedAuthDialogs(legacy, path, {}).migrate).toBe(false);
      expect(wantedAuthDialogs(null, path, { success: "false" }).login).toBe(false);
    }
  });
});
