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

describe("countries of first registration (decision 051)", () => {
  it("lists Slovenia, then the usual import countries, then the rest by Slovenian collation; names, not codes", async () => {
    const { countries, commonCountryCount } = await import("./countries");
    expect(countries.slice(0, 9).map(([, name]) => name)).toEqual([
      "Slovenija",
      "Nemčija",
      "Avstrija",
      "Italija",
      "Hrvaška",
      "Francija",
      "Belgija",
      "Nizozemska",
      "Švica",
    ]);
    const rest = countries.slice(commonCountryCount).map(([, name]) => name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator("sl").compare));
    expect(new Set(countries.map(([code]) => code)).size).toBe(countries.length);
    expect(countryName("CH")).toBe("Švica");
    expect(countryName("HR")).toBe("Hrvaška");
  });
});
