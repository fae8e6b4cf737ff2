import { describe, expect, it } from "vitest";
import { call, signedInUser } from "./fixtures";

// Issue 27's review (session 22): a signed-in read is the user's own; no shared cache in front may keep it.
describe("signed-in reads go out private", () => {
  it("a signed-in search (favourites only too) and me are private, no-store; a visitor's search keeps its headers", async () => {
    const { cookie } = await signedInUser();
    for (const path of [
      "/internal-api/v1/marketplace/search?favorites=true",
      "/internal-api/v1/marketplace/search?model=bmw",
      "/internal-api/v1/me",
    ]) {
      const res = await call(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A partner's token (here one that is refused) is not a visitor either.
    const partner = await call("/internal-api/v1/marketplace/search?model=bmw", {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(partner.headers.get("cache-control")).toBe("private, no-store");
    // A cookie that is no session (signed out in another tab) is a visitor.
    const stale = await call("/internal-api/v1/marketplace/search?model=bmw", {
      headers: { cookie: `${cookie.split("=")[0]}=${"a".repeat(43)}` },
    });
    expect(stale.headers.get("cache-control")).toBeNull();
    const visitor = await call("/internal-api/v1/marketplace/search?model=bmw");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBeNull();
  });
});
