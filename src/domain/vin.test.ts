import { describe, expect, it } from "vitest";
import * as validators from "./validators";
import {
  isPartialVinValid,
  isValidVin,
  noVinResultsMessage,
  normalizeVin,
  parseVin,
  vinInvalidMessage,
  vinModelYear,
  vinWmi,
} from "./vin";

const in2026 = new Date("2026-06-15T12:00:00Z");

describe("VIN helpers shared with validators.ts", () => {
  it("re-exports the one normalisation and validity rule instead of duplicating it", () => {
    expect(normalizeVin).toBe(validators.normalizeVin);
    expect(isValidVin).toBe(validators.isValidVin);
    expect(vinInvalidMessage).toBe("Številka šasije ni veljavna.");
    expect(noVinResultsMessage).toBe("Številke šasije ni v sistemu. Nadaljujte z ročnim vnosom.");
  });

  it("normalises spaces, dashes and case and validates the result", () => {
    expect(normalizeVin(" wvw-zzz 1kz8w123456 ")).toBe("WVWZZZ1KZ8W123456");
    expect(isValidVin("wvw-zzz 1kz8w123456")).toBe(true);
    expect(isValidVin("WVWZZZ1KZ8W12345")).toBe(false); // 16 characters
    expect(isValidVin("WVWZZZ1KZ8W1234567")).toBe(false); // 18 characters
    expect(isValidVin("WVWZZZ1KZ8W12345O")).toBe(false); // O is not a VIN character
    expect(isValidVin("WVWZZZ1KZ8W12345I")).toBe(false);
    expect(isValidVin("WVWZZZ1KZ8W12345Q")).toBe(false);
  });
});

describe("vinWmi", () => {
  it("is the first three characters of the normalised VIN", () => {
    expect(vinWmi("WVWZZZ1KZ8W123456")).toBe("WVW");
    expect(vinWmi("tmb-jj7ne8j0123456")).toBe("TMB");
    expect(vinWmi("WBA8E9C50GK123456")).toBe("WBA");
    expect(vinWmi("w0")).toBe("W0");
  });
});

describe("vinModelYear", () => {
  it("decodes real VINs: VW Golf V 2008, Škoda Octavia III 2018, BMW 3 (F30) 2016", () => {
    expect(vinModelYear("WVWZZZ1KZ8W123456", in2026)).toBe(2008);
    expect(vinModelYear("TMBJJ7NE8J0123456", in2026)).toBe(2018);
    expect(vinModelYear("WBA8E9C50GK123456", in2026)).toBe(2016);
    expect(vinModelYear("WBA3A5C55DF123456", in2026)).toBe(2013);
  });

  it("normalises before reading the 10th character", () => {
    expect(vinModelYear("wvw zzz 1kz-8w123456", in2026)).toBe(2008);
  });

  it("maps the whole first cycle A=1980 … Y=2000, 1=2001 … 9=2009 when now is 2009", () => {
    const in2008 = new Date("2008-01-01T00:00:00Z");
    const codes = "ABCDEFGHJKLMNPRSTVWXY123456789";
    const years = [...codes].map((c) => vinModelYear(`WVWZZZ1KZ${c}W123456`, in2008));
    expect(years).toEqual(Array.from({ length: 30 }, (_, i) => 1980 + i));
  });

  it("maps the second cycle A=2010 … Y=2030, 1=2031 … 9=2039 when now is 2038", () => {
    const in2038 = new Date("2038-07-01T00:00:00Z");
    expect(vinModelYear("XXXXXXXXXA0000000", in2038)).toBe(2010);
    expect(vinModelYear("XXXXXXXXXY0000000", in2038)).toBe(2030);
    expect(vinModelYear("XXXXXXXXX10000000", in2038)).toBe(2031);
    expect(vinModelYear("XXXXXXXXX90000000", in2038)).toBe(2039);
  });

  it("allows next year's model but nothing later (then the previous cycle)", () => {
    // In 2026: T = 1996/2026, V = 1997/2027, W = 1998/2028.
    expect(vinModelYear("XXXXXXXXXT0000000", in2026)).toBe(2026);
    expect(vinModelYear("XXXXXXXXXV0000000", in2026)).toBe(2027);
    expect(vinModelYear("XXXXXXXXXW0000000", in2026)).toBe(1998);
    // On the last day of the year the limit is still next year.
    expect(vinModelYear("XXXXXXXXXV0000000", new Date(Date.UTC(2026, 11, 31)))).toBe(2027);
    expect(vinModelYear("XXXXXXXXXW0000000", new Date(Date.UTC(2027, 0, 1)))).toBe(2028);
  });

  it("answers null for characters never used for the year", () => {
    for (const c of ["I", "O", "Q", "U", "Z", "0"]) {
      expect(vinModelYear(`WVWZZZ1KZ${c}W123456`, in2026)).toBeNull();
    }
  });

  it("answers null for a VIN too short to have a 10th character", () => {
    expect(vinModelYear("WVWZZZ1KZ", in2026)).toBeNull();
    expect(vinModelYear("", in2026)).toBeNull();
  });

  it("answers null when even the first cycle's year would be in the future", () => {
    expect(vinModelYear("XXXXXXXXX90000000", new Date(Date.UTC(2000, 5, 1)))).toBeNull(); // 2009 > 2001
    expect(vinModelYear("XXXXXXXXX10000000", new Date(Date.UTC(2000, 5, 1)))).toBe(2001);
  });
});

describe("isPartialVinValid", () => {
  it("accepts 11 to 17 allowed characters after normalisation", () => {
    expect(isPartialVinValid("WVWZZZ1KZ8W")).toBe(true);
    expect(isPartialVinValid("wvw-zzz 1kz8w")).toBe(true);
    expect(isPartialVinValid("TMBJJ7NE8J012")).toBe(true);
    expect(isPartialVinValid("WVWZZZ1KZ8W123456")).toBe(true);
  });

  it("rejects fewer than 11 characters, more than 17 and forbidden characters", () => {
    expect(isPartialVinValid("WVWZZZ1KZ8")).toBe(false);
    expect(isPartialVinValid("")).toBe(false);
    expect(isPartialVinValid("WVWZZZ1KZ8W1234567")).toBe(false);
    expect(isPartialVinValid("WVWZZZ1KZOW")).toBe(false);
    expect(isPartialVinValid("WVWZZZ1KZIW")).toBe(false);
    expect(isPartialVinValid("WVWZZZ1KZQW")).toBe(false);
    expect(isPartialVinValid("WVWZZZ1KZ8W/")).toBe(false);
    expect(isPartialVinValid("WVWŽZZ1KZ8W")).toBe(false);
  });
});

describe("parseVin (the one rule of every write path)", () => {
  it("normalises and accepts a whole VIN, also when it is sent as partial", () => {
    expect(parseVin(" wvw-zzz 1kz8w123456 ")).toEqual({ ok: true, vin: "WVWZZZ1KZ8W123456", isPartialVin: false });
    expect(parseVin("WVWZZZ1KZ8W123456", true)).toEqual({ ok: true, vin: "WVWZZZ1KZ8W123456", isPartialVin: false });
  });
  it("accepts a partial VIN only when flagged and shorter than 17", () => {
    expect(parseVin("WVWZZZ1KZ8W12", true)).toEqual({ ok: true, vin: "WVWZZZ1KZ8W12", isPartialVin: true });
    expect(parseVin("WVWZZZ1KZ8W12")).toEqual({ ok: false, message: "Številka šasije ni veljavna." });
    expect(parseVin("WVWZZZ1KZ", true).ok).toBe(false); // fewer than 11
  });
  it("refuses I, O, Q and wrong lengths with the spec message; empty is no VIN", () => {
    for (const bad of [
      "WVWZZZ1KZ8W12345O",
      "WVWZZZ1KZ8W12345I",
      "WVWZZZ1KZ8W12345Q",
      "WVWZZZ1KZ8W1234567",
      "WVWZZZ1KZ8W1234O",
      "<script>",
    ]) {
      expect(parseVin(bad, true)).toEqual({ ok: false, message: "Številka šasije ni veljavna." });
    }
    expect(parseVin("")).toEqual({ ok: true, vin: null, isPartialVin: false });
    expect(parseVin(null)).toEqual({ ok: true, vin: null, isPartialVin: false });
  });
});
