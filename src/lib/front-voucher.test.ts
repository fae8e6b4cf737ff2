import { describe, expect, it } from "vitest";
import { type FrontClaim, signFrontClaim, verifyFrontClaim } from "./front-voucher";

const secret = "a-shared-secret-of-at-least-32-characters";
const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const claim: FrontClaim = {
  origin: "https://avtotrg.si",
  client: "203.0.113.7",
  ssr: false,
  method: "POST",
  path: "/internal-api/v1/favorites?x=1",
  t: now / 1000,
};
const request = { method: "POST", url: "http://provider:8801/internal-api/v1/favorites?x=1" };

describe("the front's signed header", () => {
  it("verifies what was signed, for that method, path and query, within 60 seconds", async () => {
    const header = await signFrontClaim(secret, claim);
    expect(await verifyFrontClaim(secret, header, request, now)).toEqual(claim);
    expect(await verifyFrontClaim(secret, header, request, now + 59_000)).toEqual(claim);
    expect(await verifyFrontClaim(secret, header, request, now - 59_000)).toEqual(claim);
  });

  it("refuses another secret, a stale or future time, another method, path or query", async () => {
    const header = await signFrontClaim(secret, claim);
    expect(await verifyFrontClaim(`${secret}x`, header, request, now)).toBeNull();
    expect(await verifyFrontClaim(secret, header, request, now + 61_000)).toBeNull();
    expect(await verifyFrontClaim(secret, header, request, now - 61_000)).toBeNull();
    expect(await verifyFrontClaim(secret, header, { ...request, method: "DELETE" }, now)).toBeNull();
    expect(
      await verifyFrontClaim(secret, header, { ...request, url: "http://provider:8801/internal-api/v1/me" }, now),
    ).toBeNull();
    expect(
      await verifyFrontClaim(
        secret,
        header,
        { ...request, url: "http://provider:8801/internal-api/v1/favorites?x=2" },
        now,
      ),
    ).toBeNull();
  });

  it("refuses a changed claim under the old signature, and malformed headers", async () => {
    const header = await signFrontClaim(secret, claim);
    const [, mac] = header.split(".");
    const forged = btoa(JSON.stringify({ ...claim, client: "1.1.1.1" })).replace(/=+$/, "");
    expect(await verifyFrontClaim(secret, `${forged}.${mac}`, request, now)).toBeNull();
    for (const bad of ["", ".", "abc", `${header}.x`, "a.b", "!!!.???", `${header.split(".")[0]}.`])
      expect(await verifyFrontClaim(secret, bad, request, now)).toBeNull();
  });

  it("refuses a signed claim whose origin is not a bare http(s) origin", async () => {
    for (const origin of ["javascript:alert(1)", "https://avtotrg.si/pot", "avtotrg.si"]) {
      const header = await signFrontClaim(secret, { ...claim, origin });
      expect(await verifyFrontClaim(secret, header, request, now)).toBeNull();
    }
  });
});
