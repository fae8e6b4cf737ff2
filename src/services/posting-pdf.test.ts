import { beforeAll, describe, expect, it } from "vitest";
import { keyFacts } from "~/domain/key-facts";
import type { PostingDetail } from "~/domain/posting-detail";
import { specGroups } from "~/domain/spec-rows";
import { full } from "~/domain/spec-rows.fixtures";
import { loadSheetFonts, type SheetFonts } from "./pdf/fonts.server";
import { inspect } from "./pdf/pdf-inspect.testing";
import { renderPostingSheet } from "./pdf/posting-sheet.server";
import { sheetOf } from "./posting-pdf.server";

// A private seller's diesel with every basic, engine and body row filled (the spec-rows fixture).
const posting = {
  ...full,
  postId: 4711,
  code: "PDF4711",
  priceType: "NORMAL",
  price: 2_499_000,
  specialPrice: null,
  rentalPrices: [],
  financingOffers: [],
  equipment: Array.from({ length: 40 }, (_, i) => ({ code: `X${i}`, descriptor: { name: `Oprema ${i + 1}` } })),
  seller: {
    type: "person",
    dealer: null,
    region: "LJUBLJANA",
    place: "Kranj",
    salesperson: null,
    contacts: [],
    contact: { name: "Ana Novak", phone: "+38641555666", email: "ana.novak@primer.si" },
  },
} as unknown as PostingDetail;

let fonts: SheetFonts;
beforeAll(async () => {
  fonts = await loadSheetFonts();
});

describe('the sheet\'s "Ključni podatki" (issue 24)', () => {
  it("starts with first registration, mileage, fuel, power, gearbox and body (the page's facts row)", () => {
    const facts = sheetOf(posting, "http://avto.test:8123", new Date(), []).facts;
    expect(facts.slice(0, 6)).toEqual(keyFacts(posting).map((f) => [f.label, f.value]));
    expect(facts.slice(0, 6).map(([label]) => label)).toEqual([
      "Prva registracija",
      "Prevoženi kilometri",
      "Gorivo",
      "Moč",
      "Menjalnik",
      "Oblika karoserije",
    ]);
  });

  it("prints every basic, engine and body row on the one page, with 40 equipment items beside them", async () => {
    const sheet = sheetOf(posting, "http://avto.test:8123", new Date(), []);
    const { pages, texts } = await inspect(await renderPostingSheet(sheet, fonts));
    expect(pages).toBe(1);
    const rows = specGroups(posting)
      .filter((g) => ["basic", "engine", "body"].includes(g.key))
      .flatMap((g) => g.rows);
    expect(rows.length).toBeGreaterThan(25);
    expect(sheet.facts).toHaveLength(rows.length);
    // Wrapped labels come out in pieces: compare the page's text, spaces removed.
    const page = texts.join("").replace(/\s+/g, "");
    for (const [label, value] of rows) {
      expect(page).toContain(label.replace(/\s+/g, ""));
      expect(page).toContain(value.replace(/\s+/g, ""));
    }
    expect(texts).not.toContain("…");
    expect(texts).toContain("Ključni podatki");
    expect(texts).toContain("http://avto.test:8123/oglas/4711");
  });

  it("never prints a private seller's e-mail address", () => {
    const sheet = sheetOf(posting, "http://avto.test:8123", new Date(), []);
    expect(sheet.seller.lines.join(" ")).not.toContain("@");
    expect(sheet.seller.lines).toContain("+38641555666");
  });
});
