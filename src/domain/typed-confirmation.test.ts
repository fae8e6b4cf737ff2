import { describe, expect, it } from "vitest";
import { typedNameMatches } from "./typed-confirmation";

describe("typedNameMatches", () => {
  it.each([
    ["Avtocenter Golob", "Avtocenter Golob", true],
    ["  Avtocenter Golob ", "Avtocenter Golob", true],
    ["Avtocenter  Golob", "Avtocenter Golob", true],
    ["Avtocenter Golob", " Avtocenter Golob ", true],
    ["avtocenter golob", "Avtocenter Golob", false],
    ["Avtocenter Golo", "Avtocenter Golob", false],
    ["Avtocenter Golob d.o.o.", "Avtocenter Golob", false],
    ["Avtohiša Čuk", "Avtohisa Cuk", false],
    ["", "Avtocenter Golob", false],
    ["", "", false],
    ["   ", " ", false],
  ])("%j against %j: %s", (typed, name, expected) => {
    expect(typedNameMatches(typed, name)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(typedNameMatches(undefined, "Golob")).toBe(false);
    expect(typedNameMatches(null, "Golob")).toBe(false);
  });
});
