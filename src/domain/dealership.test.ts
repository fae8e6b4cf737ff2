import { describe, expect, it } from "vitest";
import { canEditDealership, hoursProblem } from "./dealership";

describe("opening hours", () => {
  it("accepts both empty or both valid with from before to", () => {
    expect(hoursProblem(null, null)).toBeNull();
    expect(hoursProblem("", " ")).toBeNull();
    expect(hoursProblem("08:00", "12:30")).toBeNull();
    expect(hoursProblem("00:00", "23:59")).toBeNull();
  });

  it("says which side is wrong and why, in Slovenian", () => {
    expect(hoursProblem("13:00", "09:00")).toEqual({ side: "to", message: "Ura odprtja mora biti pred uro zaprtja." });
    expect(hoursProblem("09:00", "09:00")?.message).toBe("Ura odprtja mora biti pred uro zaprtja.");
    expect(hoursProblem("09:00", null)).toEqual({ side: "to", message: "Vnesite obe uri (od in do) ali nobene." });
    expect(hoursProblem("", "12:00")?.side).toBe("from");
    expect(hoursProblem("9:00", "12:00")).toEqual({
      side: "from",
      message: "Vnesite uro v obliki HH:MM (npr. 08:00).",
    });
    expect(hoursProblem("08:00", "24:00")?.side).toBe("to");
  });
});

describe("who edits a dealership page", () => {
  it("its head and salespeople and admins, nobody else", () => {
    expect(canEditDealership({ dealershipId: 3, dealershipRole: "HEAD", amzsAdmin: false }, 3)).toBe(true);
    expect(canEditDealership({ dealershipId: 3, dealershipRole: "SALESPERSON", amzsAdmin: false }, 3)).toBe(true);
    expect(canEditDealership({ dealershipId: 4, dealershipRole: "HEAD", amzsAdmin: false }, 3)).toBe(false);
    expect(canEditDealership({ dealershipId: 3, dealershipRole: null, amzsAdmin: false }, 3)).toBe(false);
    expect(canEditDealership({ dealershipId: null, dealershipRole: null, amzsAdmin: true }, 3)).toBe(true);
    expect(canEditDealership(null, 3)).toBe(false);
  });
});
