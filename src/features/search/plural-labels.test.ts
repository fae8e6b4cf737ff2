import { describe, expect, it } from "vitest";
import { showVehiclesLabel, vehiclesLabel } from "./plural-labels";

describe("live count labels", () => {
  it.each([
    [1, "Prikaži 1 vozilo"],
    [2, "Prikaži 2 vozili"],
    [3, "Prikaži 3 vozila"],
    [4, "Prikaži 4 vozila"],
    [5, "Prikaži 5 vozil"],
    [101, "Prikaži 101 vozilo"],
    [1204, "Prikaži 1.204 vozila"],
  ])("%i → %s", (n, text) => expect(showVehiclesLabel(n)).toBe(text));
  it("counts results with the same rule", () =>
    expect([0, 1, 2, 3, 11].map(vehiclesLabel)).toEqual(["0 vozil", "1 vozilo", "2 vozili", "3 vozila", "11 vozil"]));
});
