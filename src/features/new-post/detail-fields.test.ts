import { describe, expect, it } from "vitest";
import { formatFieldValue, parseFieldValue } from "./detail-fields";

describe("wizard field values", () => {
  it("takes digits only for whole numbers (dots as thousands are fine) and commas for decimals", () => {
    expect(parseFieldValue("int", "85.000")).toBe(85000);
    // Garbage goes to the API as typed, for its Slovenian message (NaN would be sent as null and clear the field).
    expect(parseFieldValue("int", "85k")).toBe("85k");
    expect(parseFieldValue("decimal", "pet")).toBe("pet");
    expect(parseFieldValue("euros", "12.490,50")).toBe(1_249_050);
    expect(parseFieldValue("euros", "12500 €")).toBe(1_250_000);
    expect(parseFieldValue("euros", "12k")).toBe("12k");
    expect(parseFieldValue("decimal", "5,4")).toBe(5.4);
    expect(parseFieldValue("int", "")).toBeNull();
  });
  it("writes months as MM/YYYY on screen and YYYY-MM for the API", () => {
    expect(parseFieldValue("month", "3/2019")).toBe("2019-03");
    expect(formatFieldValue("month", "2019-03")).toBe("03/2019");
    expect(formatFieldValue("euros", 1_249_050)).toBe("12490,50");
  });
});
