import { describe, expect, it } from "vitest";
import { formatPhone, toCanonicalPhone } from "./phone";

describe("phones: one rule, one stored form, one display form", () => {
  it("stores every typed form of a number as E.164", () => {
    for (const typed of [
      "041 123 456",
      "041-123-456",
      "+386 41 123 456",
      "00386 41 123 456",
      "+386 041 123 456",
      "386 41 123 456",
      "041/123-456",
    ]) {
      expect(toCanonicalPhone(typed), typed).toBe("+38641123456");
    }
    expect(toCanonicalPhone("01 234 56 78")).toBe("+38612345678");
    expect(toCanonicalPhone("+49 30 1234567")).toBe("+49301234567");
  });
  it("refuses what the spec's rule refuses", () => {
    for (const bad of ["", "12345", "abc", "041 12", "+386 41 123 456 789 123 4", "041--123456", "<041>"])
      expect(toCanonicalPhone(bad), bad).toBeNull();
  });
  it("shows every stored number in one readable format", () => {
    expect(formatPhone("+38641123456")).toBe("+386 41 123 456");
    expect(formatPhone("041 123 456")).toBe("+386 41 123 456");
    expect(formatPhone("+38612345678")).toBe("+386 1 234 56 78");
    expect(formatPhone("+38642013300")).toBe("+386 4 201 33 00");
    expect(formatPhone("+38668123456")).toBe("+386 68 123 456");
    expect(formatPhone("+49301234567")).toBe("+49 301 234 567");
    expect(formatPhone(null)).toBe("");
  });
});
