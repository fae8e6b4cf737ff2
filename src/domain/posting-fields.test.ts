import { describe, expect, it } from "vitest";
import { countryFieldSchema, countryName, parseCountryCode, parseEuroStandard } from "./posting-fields";

describe("posting enumerations", () => {
  it("emission standard: the list's codes and labels, stored as the code; anything else is none", () => {
    expect(parseEuroStandard("6d")).toBe("6d");
    expect(parseEuroStandard("Euro 6d-Temp")).toBe("6d-Temp");
    expect(parseEuroStandard("EURO 0")).toBe("0");
    expect(parseEuroStandard("Euro 7")).toBeNull();
    expect(parseEuroStandard("<b>")).toBeNull();
  });
  it("country: ISO 3166-1 alpha-2 only", () => {
    expect(parseCountryCode("si")).toBe("SI");
    expect(parseCountryCode("XX")).toBeNull();
    expect(parseCountryCode("Slovenija")).toBeNull();
    expect(countryFieldSchema.safeParse("ZZ").success).toBe(false);
    expect(countryName("SI")).toBe("Slovenija");
  });
});
