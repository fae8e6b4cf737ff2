import { describe, expect, it } from "vitest";
import { analyticsLocation } from "./analytics-location";

describe("analyticsLocation", () => {
  it("drops the inquiry reply token and the sign-in token", () => {
    expect(analyticsLocation("https://avtotrg.si/povprasevanja/odgovor?token=abc.def")).toBe(
      "https://avtotrg.si/povprasevanja/odgovor",
    );
    expect(analyticsLocation("https://avtotrg.si/prijava/potrditev?token=xyz&preusmeritev=%2Foglas%2F1")).toBe(
      "https://avtotrg.si/prijava/potrditev?preusmeritev=%2Foglas%2F1",
    );
  });

  it("drops OAuth's code and state, e-mails and phones, in any letter case, and the fragment", () => {
    expect(analyticsLocation("https://avtotrg.si/x?Code=1&STATE=2&email=a%40b.si&phone=041&mobile=040#k")).toBe(
      "https://avtotrg.si/x",
    );
  });

  it("keeps the search's filters and campaign parameters", () => {
    const href = "https://avtotrg.si/iskanje?model=skoda&cenaDo=15000&utm_source=novice";
    expect(analyticsLocation(href)).toBe(href);
  });
});
