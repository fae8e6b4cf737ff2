import { describe, expect, it } from "vitest";
import { csvCell, csvDecimal, toCsv } from "./csv";

describe("csv", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell("Golf; 1.6")).toBe('"Golf; 1.6"');
    expect(csvCell('19" platišča')).toBe('"19"" platišča"');
    expect(csvCell("vrstica\nnova")).toBe('"vrstica\nnova"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });
  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+38641000005")).toBe("'+38641000005");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe("-5");
  });
  it("writes a UTF-8 document with a BOM, semicolons and CRLF", () => {
    expect(toCsv(["Znamka", "Cena"], [["Škoda", csvDecimal(12999.5)]])).toBe("\uFEFFZnamka;Cena\r\nŠkoda;12999,5\r\n");
  });
});
