import { describe, expect, it } from "vitest";
import { opensWithoutRegistration } from "./legal-pages";

describe("legal pages", () => {
  it("open without the registration step, terms first", () => {
    expect(opensWithoutRegistration("/splosni-pogoji")).toBe(true);
    expect(opensWithoutRegistration("/povezava-racuna/google")).toBe(true);
    expect(opensWithoutRegistration("/zdruzitev-racunov")).toBe(true);
    expect(opensWithoutRegistration("/splosni-pogoji/")).toBe(true);
    expect(opensWithoutRegistration("/politika-zasebnosti")).toBe(true);
    expect(opensWithoutRegistration("/da-manager/privacy-policy")).toBe(true);
    expect(opensWithoutRegistration("/iskanje")).toBe(false);
    expect(opensWithoutRegistration("/")).toBe(false);
  });
});
