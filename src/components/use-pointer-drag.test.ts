import { describe, expect, it } from "vitest";
import { nearestSlot } from "./use-pointer-drag";

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

  it("takes the slot under the pointer first: a tall card whose centre is far away still wins", () => {
    // A column of cards of different heights: a short one, then a tall one.
    const column = [
      { left: 0, top: 0, width: 300, height: 80 },
      { left: 0, top: 90, width: 300, height: 600 },
    ];
    expect(nearestSlot(column, 150, 120)).toBe(1);
    expect(nearestSlot(column, 150, 40)).toBe(0);
  });
});
