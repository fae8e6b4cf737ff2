import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sheetFontFiles, subsetSheetFonts } from "./subset-fonts.mjs";

describe("the committed sheet fonts", () => {
  it("are what scripts/subset-fonts.mjs makes of the DejaVu sources (run it after changing its ranges)", async () => {
    const made = await subsetSheetFonts();
    for (const file of sheetFontFiles) {
      const committed = new Uint8Array(readFileSync(new URL(`../src/services/pdf/fonts/${file}`, import.meta.url)));
      expect(Buffer.from(committed).equals(Buffer.from(made.get(file) ?? []))).toBe(true);
    }
  });
});
