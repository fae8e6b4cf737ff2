import { describe, it, expect } from "vitest";
import { dayForms, minuteForms, plural, pluralCategory } from "./plural";

const vozilo = { one: "{n} vozilo", two: "{n} vozili", few: "{n} vozila", other: "{n} vozil" };

describe("pluralCategory", () => {
  it.each([
    [0, "other"],
    [1, "one"],
    [2, "two"],
    [3, "few"],
    [4, "few"],
    [5, "other"],
    [11, "other"],
    [12, "other"],
    [21, "other"],
    [100, "other"],
    [101, "one"],
    [102, "two"],
    [103, "few"],
    [104, "few"],
    [111, "other"],
    [1001, "one"],
  ] as const)("%d → %s", (n, expected) => {
    expect(pluralCategory(n)).toBe(expected);
  });

  it("uses the absolute value, and the few form for any number shown with decimals (CLDR sl)", () => {
    expect(pluralCategory(-1)).toBe("one");
    expect(pluralCategory(-102)).toBe("two");
    expect(pluralCategory(1.7)).toBe("few");
    expect(pluralCategory(2.5)).toBe("few");
    expect(pluralCategory(0.5)).toBe("few");
    expect(pluralCategory(5.25)).toBe("few");
  });

  it("agrees with Intl.PluralRules('sl') for every whole number up to 10 000", () => {
    const sl = new Intl.PluralRules("sl");
    for (let n = 0; n <= 10_000; n++) expect(pluralCategory(n), String(n)).toBe(sl.select(n));
  });

  it("treats non-finite numbers as other", () => {
    expect(pluralCategory(Number.NaN)).toBe("other");
    expect(pluralCategory(Number.POSITIVE_INFINITY)).toBe("other");
  });
});

describe("plural", () => {
  it.each([
    [0, "0 vozil"],
    [1, "1 vozilo"],
    [2, "2 vozili"],
    [3, "3 vozila"],
    [4, "4 vozila"],
    [5, "5 vozil"],
    [21, "21 vozil"],
    [22, "22 vozil"],
    [23, "23 vozil"],
    [25, "25 vozil"],
    [100, "100 vozil"],
    [101, "101 vozilo"],
    [102, "102 vozili"],
    [111, "111 vozil"],
    [1001, "1.001 vozilo"],
    [1234, "1.234 vozil"],
    [1203, "1.203 vozila"],
    [1000000, "1.000.000 vozil"],
  ] as const)("%d → %s", (n, expected) => {
    expect(plural(n, vozilo)).toBe(expected);
  });

  it("replaces {count} as well as {n}, everywhere", () => {
    const forms = { one: "{count} oglas", two: "{count} oglasa", few: "{count} oglasi", other: "{n}/{count} oglasov" };
    expect(plural(2, forms)).toBe("2 oglasa");
    expect(plural(1500, forms)).toBe("1.500/1.500 oglasov");
  });

  it("leaves forms without placeholders untouched", () => {
    expect(plural(3, { one: "dan", two: "dneva", few: "dnevi", other: "dni" })).toBe("dnevi");
  });

  it("formats decimals with a comma and uses the form for fractions", () => {
    expect(plural(1.5, vozilo)).toBe("1,5 vozila");
    expect(plural(2.25, vozilo)).toBe("2,25 vozila");
    expect(plural(0.5, { one: "{n} dan", two: "{n} dneva", few: "{n} dneva", other: "{n} dni" })).toBe("0,5 dneva");
  });
});

describe("shared forms", () => {
  it.each([
    [1, "1 dan", "1 minuto"],
    [2, "2 dneva", "2 minuti"],
    [3, "3 dni", "3 minute"],
    [15, "15 dni", "15 minut"],
    [101, "101 dan", "101 minuto"],
  ] as const)("%d → %s / %s", (n, day, minute) => {
    expect(plural(n, dayForms)).toBe(day);
    expect(plural(n, minuteForms)).toBe(minute);
  });
});
