import { describe, expect, it } from "vitest";
import { documentLabel, formatDay } from "./document-label";

describe("document label", () => {
  it("names a document by its type and date, never its file name", () => {
    expect(documentLabel({ fileType: "INVOICE", documentType: "INVOICE", documentDate: "2025-03-12" })).toBe(
      "Račun · 12. 3. 2025",
    );
    expect(
      documentLabel({ fileType: "VEHICLE_INSPECTION_REPORT", documentType: "REPORT", documentDate: "2024-11-05" }),
    ).toBe("Poročilo o pregledu · 5. 11. 2024");
  });

  it("takes the section's type when a document has none, and leaves out a missing date", () => {
    expect(documentLabel({ fileType: "INVOICE", documentType: null, documentDate: null })).toBe("Servisna knjiga");
    expect(documentLabel({ fileType: "VEHICLE_INSPECTION_REPORT", documentType: "BOGUS", documentDate: "x" })).toBe(
      "Poročilo o pregledu",
    );
  });

  it("formats a day the Slovenian way", () => {
    expect(formatDay("2025-01-09")).toBe("9. 1. 2025");
    expect(formatDay("09.01.2025")).toBe("");
  });
});
