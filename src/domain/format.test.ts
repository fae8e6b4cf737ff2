import { describe, it, expect } from "vitest";
import {
  formatConsumption,
  formatDate,
  formatDateMonthYear,
  formatDateTime,
  formatMileage,
  formatNumber,
  formatPower,
  formatPrice,
  formatYear,
  kwToHp,
} from "./format";

describe("formatNumber", () => {
  it("groups thousands with dots and uses a decimal comma", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1.000");
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatNumber(1234.5, 2)).toBe("1.234,50");
    expect(formatNumber(5.55, 1)).toBe("5,6");
    expect(formatNumber(1.005, 2)).toBe("1,01");
    expect(formatNumber(-1234)).toBe("-1.234");
    expect(formatNumber(0.4)).toBe("0");
    expect(formatNumber(999.6)).toBe("1.000");
  });

  it("never prints negative zero", () => {
    expect(formatNumber(-0)).toBe("0");
    expect(formatNumber(-0.001, 2)).toBe("0,00");
  });

  it("returns empty string for non-finite numbers", () => {
    expect(formatNumber(Number.NaN)).toBe("");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("formatPrice (cents, decision 050)", () => {
  it("formats whole euros without decimals", () => {
    expect(formatPrice(0)).toBe("0 €");
    expect(formatPrice(99_000)).toBe("990 €");
    expect(formatPrice(1_234_500)).toBe("12.345 €");
    expect(formatPrice(125_000_000)).toBe("1.250.000 €");
  });

  it("always shows two decimals when there are cents", () => {
    expect(formatPrice(1_234_550)).toBe("12.345,50 €");
    expect(formatPrice(99)).toBe("0,99 €");
    expect(formatPrice(199_999)).toBe("1.999,99 €");
    expect(formatPrice(37_277)).toBe("372,77 €");
  });

  it("rounds a fraction of a cent to the cent", () => {
    expect(formatPrice(1200.4)).toBe("12 €");
    expect(formatPrice(1299.6)).toBe("13 €");
  });

  it("prefixes negatives with a minus", () => {
    expect(formatPrice(-50_000)).toBe("-500 €");
    expect(formatPrice(-123_450)).toBe("-1.234,50 €");
  });

  it("uses a plain space, not a non-breaking one", () => {
    expect(formatPrice(10_000)).not.toMatch(/\u00a0|\u202f/);
  });
});

describe("vehicle figures", () => {
  it("formats mileage", () => {
    expect(formatMileage(123456)).toBe("123.456 km");
    expect(formatMileage(0)).toBe("0 km");
  });

  it("converts kW to KM", () => {
    expect(kwToHp(110)).toBe(150);
    expect(kwToHp(85)).toBe(116);
    expect(kwToHp(0)).toBe(0);
  });

  it("formats power", () => {
    expect(formatPower(110)).toBe("110 kW (150 KM)");
    expect(formatPower(1000)).toBe("1.000 kW (1.360 KM)");
  });

  it("formats consumption", () => {
    expect(formatConsumption(5.6)).toBe("5,6 l/100 km");
    expect(formatConsumption(5)).toBe("5,0 l/100 km");
  });
});

describe("dates (Europe/Ljubljana)", () => {
  it("formats winter dates (UTC+1)", () => {
    const d = new Date("2026-03-05T08:05:00Z");
    expect(formatDate(d)).toBe("5. 3. 2026");
    expect(formatDateTime(d)).toBe("5. 3. 2026 9.05");
    expect(formatDateMonthYear(d)).toBe("03/2026");
    expect(formatYear(d)).toBe("2026");
  });

  it("shifts a summer date near midnight UTC to the next day (UTC+2)", () => {
    const iso = "2025-06-30T22:30:00Z";
    expect(formatDate(iso)).toBe("1. 7. 2025");
    expect(formatDateTime(iso)).toBe("1. 7. 2025 0.30");
    expect(formatDateMonthYear(iso)).toBe("07/2025");
  });

  it("rolls over the year on New Year's Eve", () => {
    const iso = "2018-12-31T23:15:00Z";
    expect(formatYear(iso)).toBe("2019");
    expect(formatDateMonthYear(iso)).toBe("01/2019");
  });

  it("accepts ISO strings, epoch milliseconds and Date objects alike", () => {
    const ms = Date.UTC(2019, 2, 15, 12, 0, 0);
    expect(formatDateMonthYear(ms)).toBe("03/2019");
    expect(formatDateMonthYear(new Date(ms))).toBe("03/2019");
    expect(formatDateMonthYear("2019-03-15T12:00:00Z")).toBe("03/2019");
    expect(formatDate("2019-03-15")).toBe("15. 3. 2019");
  });

  it("pads minutes but not hours", () => {
    expect(formatDateTime("2026-01-10T22:00:00Z")).toBe("10. 1. 2026 23.00");
    expect(formatDateTime("2026-01-10T23:59:00Z")).toBe("11. 1. 2026 0.59");
  });

  it("returns empty string for invalid input", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDateTime(Number.NaN)).toBe("");
    expect(formatDateMonthYear(new Date("nope"))).toBe("");
    expect(formatYear(null)).toBe("");
    expect(formatYear(undefined)).toBe("");
  });
});
