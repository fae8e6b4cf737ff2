import { describe, expect, it } from "vitest";
import { clashingDescriptor, pickDescriptor } from "./equipment-descriptor";

const general = { id: 5, equipmentCode: "INNER_HUD", limitedToMakes: [] };
const bmw = { id: 9, equipmentCode: "INNER_HUD", limitedToMakes: ["bmw", "mini"] };
const abs = { id: 1, equipmentCode: "SAFETY_ABS", limitedToMakes: [] };

describe("equipment descriptors", () => {
  it("shows the make's own descriptor before the general one", () => {
    expect(pickDescriptor([general, bmw, abs], "INNER_HUD", "bmw")).toBe(bmw);
    expect(pickDescriptor([bmw, general, abs], "INNER_HUD", "audi")).toBe(general);
    expect(pickDescriptor([bmw, general], "INNER_HUD", null)).toBe(general);
    expect(pickDescriptor([bmw], "INNER_HUD", "audi")).toBeNull();
    expect(pickDescriptor([general, bmw, abs], "SAFETY_ABS", "bmw")).toBe(abs);
  });
  it("takes the oldest of equals", () => {
    expect(pickDescriptor([{ ...general, id: 7 }, general], "INNER_HUD", "audi")).toEqual(general);
  });
  it("finds a clash: two general ones, or two sharing a make; never itself", () => {
    expect(clashingDescriptor([general, bmw], { equipmentCode: "INNER_HUD", limitedToMakes: [] })).toBe(general);
    expect(clashingDescriptor([general, bmw], { equipmentCode: "INNER_HUD", limitedToMakes: ["mini"] })).toBe(bmw);
    expect(clashingDescriptor([general, bmw], { equipmentCode: "INNER_HUD", limitedToMakes: ["audi"] })).toBeNull();
    expect(clashingDescriptor([general, bmw], { id: 5, equipmentCode: "INNER_HUD", limitedToMakes: [] })).toBeNull();
    expect(clashingDescriptor([general, bmw], { equipmentCode: "SAFETY_ABS", limitedToMakes: [] })).toBeNull();
  });
});
