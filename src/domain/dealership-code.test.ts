import { describe, expect, it } from "vitest";
import { dealershipCodeBase, uniqueDealershipCode } from "./dealership-code";

describe("dealershipCodeBase", () => {
  it.each([
    ["Avtohiša Kranjc d.o.o.", "avtohisa-kranjc"],
    ["AVTO ŠTAJERSKA, D.D.", "avto-stajerska"],
    ["Čebelica & Žaba s.p.", "cebelica-zaba"],
    ["Đurić avto doo", "duric-avto"],
    ["Müller Straße GmbH", "muller-strasse-gmbh"],
    ["Avto 3000 k.d.", "avto-3000"],
  ])("%j → %j", (name, code) => {
    expect(dealershipCodeBase(name)).toBe(code);
  });

  it("keeps a name that is only a legal form, and falls back for names without letters or digits", () => {
    expect(dealershipCodeBase("d.o.o.")).toBe("d-o-o");
    expect(dealershipCodeBase("***")).toBe("trgovec");
  });

  it("stays within 50 characters on whole words and matches the dealer page's code pattern", () => {
    const code = dealershipCodeBase(
      "Zelo dolgo ime podjetja za prodajo in servis osebnih ter gospodarskih vozil d.o.o.",
    );
    expect(code.length).toBeLessThanOrEqual(50);
    expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(code.endsWith("-")).toBe(false);
    expect(dealershipCodeBase("a".repeat(80))).toBe("a".repeat(50));
  });
});

describe("uniqueDealershipCode", () => {
  it("answers the base when free, else the first free numbered variant", () => {
    expect(uniqueDealershipCode("kranjc", new Set())).toBe("kranjc");
    expect(uniqueDealershipCode("kranjc", new Set(["kranjc", "kranjc-2"]))).toBe("kranjc-3");
  });
  it("never answers a reserved code (the registration page's path)", () => {
    expect(uniqueDealershipCode("registracija", new Set())).toBe("registracija-2");
  });
  it("never answers a code that an admin's dealer/{code} call could not reach", () => {
    for (const word of ["salespeople", "contacts", "statistics"])
      expect(uniqueDealershipCode(word, new Set())).toBe(`${word}-2`);
  });
});
