import { describe, expect, it } from "vitest";
import { nearestSlot } from "./use-sortable";

describe("nearestSlot", () => {
  // A 2×2 grid of 100×60 slots with a 10 px gap.
  const slots = [
    { left: 0, top: 0, width: 100, height: 60 },
    { left: 110, top: 0, width: 100, height: 60 },
    { left: 0, top: 70, width: 100, height: 60 },
    { left: 110, top: 70, width: 100, height: 60 },
  ];

  it("takes the slot whose centre is nearest the pointer", () => {
    expect(nearestSlot(slots, 5, 5)).toBe(0);
    expect(nearestSlot(slots, 200, 10)).toBe(1);
    expect(nearestSlot(slots, 40, 120)).toBe(2);
    expect(nearestSlot(slots, 500, 500)).toBe(3);
  });
});
