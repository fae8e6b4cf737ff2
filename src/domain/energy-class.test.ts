import { describe, expect, it } from "vitest";
import { energyClassColor, energyClassFromCo2 } from "./energy-class";
import { energyClasses } from "./enums/vehicle";

describe("energyClassFromCo2", () => {
  it.each([
    [0, "A+"],
    [0.5, "A"],
    [95, "A"],
    [100, "A"],
    [100.1, "B"],
    [120, "B"],
    [121, "C"],
    [140, "C"],
    [141, "D"],
    [160, "D"],
    [161, "E"],
    [200, "E"],
    [201, "F"],
    [250, "F"],
    [251, "G"],
    [420, "G"],
  ])("%f g/km → %s", (co2, cls) => {
    expect(energyClassFromCo2(co2)).toBe(cls);
  });

  it.each([null, -1, Number.NaN, Number.POSITIVE_INFINITY])("%s → null", (co2) => {
    expect(energyClassFromCo2(co2)).toBeNull();
  });
});

describe("energyClassColor", () => {
  it("gives a distinct hex colour for every class", () => {
    const colors = energyClasses.map(energyClassColor);
    for (const c of colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(colors).size).toBe(energyClasses.length);
  });

  it("runs from dark green (A+) through yellow to red (G)", () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    /** Hue in degrees, -180..180, so red sits just below or at 0 and green near 120..150. */
    const hue = (hex: string) => {
      const [r = 0, g = 0, b = 0] = rgb(hex);
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      const h = max === r ? ((g - b) / d) * 60 : max === g ? ((b - r) / d) * 60 + 120 : ((r - g) / d) * 60 + 240;
      return h > 180 ? h - 360 : h;
    };
    const hues = energyClasses.map((c) => hue(energyClassColor(c)));
    for (let i = 1; i < hues.length; i++) expect(hues[i]).toBeLessThan(hues[i - 1] ?? 0);
    expect(hue(energyClassColor("A+"))).toBeGreaterThan(100);
    expect(Math.abs(hue(energyClassColor("G")))).toBeLessThan(10);
    // A+ is the darkest green.
    const [, gPlus = 0] = rgb(energyClassColor("A+"));
    const [, gA = 0] = rgb(energyClassColor("A"));
    expect(gPlus).toBeLessThan(gA);
  });
});
