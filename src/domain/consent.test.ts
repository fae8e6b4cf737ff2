import { describe, expect, it } from "vitest";
import {
  acceptAllChoice,
  allows,
  necessaryOnlyChoice,
  parseConsent,
  serializeConsent,
  withdrawsConsent,
} from "./consent";

const day = new Date("2025-08-01T10:00:00Z");

describe("consent cookie value", () => {
  it("records the day of the choice in Slovenia, not in UTC", () => {
    // 23:30 UTC on 1 August is 01:30 on 2 August in Ljubljana.
    expect(parseConsent(serializeConsent(acceptAllChoice, new Date("2025-08-01T23:30:00Z")))?.decidedOn).toBe(
      "2025-08-02",
    );
  });

  it("round-trips every combination with the day of the choice", () => {
    for (const analytics of [true, false]) {
      for (const marketing of [true, false]) {
        expect(parseConsent(serializeConsent({ analytics, marketing }, day))).toEqual({
          analytics,
          marketing,
          decidedOn: "2025-08-01",
        });
      }
    }
  });

  it("is short and cookie-safe once URI-encoded", () => {
    const raw = serializeConsent(acceptAllChoice, day);
    expect(raw).toBe("v=1&a=1&m=1&t=2025-08-01");
    expect(encodeURIComponent(raw)).not.toMatch(/[;, ]/);
  });

  it("asks again when the value is missing, malformed or of another version", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent("yes")).toBeNull();
    expect(parseConsent("v=2&a=1&m=1&t=2025-08-01")).toBeNull();
    expect(parseConsent("v=1&a=true&m=1&t=2025-08-01")).toBeNull();
    expect(parseConsent("v=1&a=1&t=2025-08-01")).toBeNull();
    expect(parseConsent("v=1&a=1&m=0&t=yesterday")).toBeNull();
  });

  it("treats no choice as refusal of every optional category", () => {
    expect(allows(null, "analytics")).toBe(false);
    expect(allows(null, "marketing")).toBe(false);
    expect(allows(necessaryOnlyChoice, "analytics")).toBe(false);
    expect(allows(acceptAllChoice, "marketing")).toBe(true);
  });

  it("knows when a change withdraws a category that was allowed", () => {
    expect(withdrawsConsent(acceptAllChoice, necessaryOnlyChoice)).toBe(true);
    expect(withdrawsConsent(acceptAllChoice, { analytics: true, marketing: false })).toBe(true);
    expect(withdrawsConsent(necessaryOnlyChoice, acceptAllChoice)).toBe(false);
    expect(withdrawsConsent(null, necessaryOnlyChoice)).toBe(false);
  });
});
