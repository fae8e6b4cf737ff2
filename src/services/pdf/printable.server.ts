/**
 * Text the sheet's fonts can draw (decision 079): the fonts are subset to Latin, so a character they have no glyph
 * for (Cyrillic, Greek, emoji, CJK) would print as a .notdef box. Such a character is printed as its base letters
 * when it has a compatibility form the fonts hold ("ﬁ" → "fi", "ạ" → "a"), otherwise it is left out.
 */
import type { PostingSheet } from "./posting-sheet.server";

/** `s` with only characters in `chars` (code points both faces hold); whitespace it leaves doubled is collapsed. */
export function printable(s: string, chars: ReadonlySet<number>): string {
  let out = "";
  let dropped = false;
  for (const ch of s.normalize("NFC")) {
    if (chars.has(ch.codePointAt(0) ?? 0)) out += ch;
    else if (/\s/.test(ch)) out += " ";
    else {
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      const fits = base !== "" && Array.from(base).every((c) => chars.has(c.codePointAt(0) ?? 0));
      if (fits) out += base;
      else dropped = true;
    }
  }
  return dropped ? out.replace(/\s+/g, " ").trim() : out;
}

/** Every printed string of the sheet through `printable` (the pictures as they are). */
export function printableSheet(sheet: PostingSheet, chars: ReadonlySet<number>): PostingSheet {
  const p = (s: string) => printable(s, chars);
  return {
    ...sheet,
    title: p(sheet.title),
    subtitle: sheet.subtitle === null ? null : p(sheet.subtitle),
    priceLines: sheet.priceLines.map(p),
    facts: sheet.facts.map(([label, value]) => [p(label), p(value)]),
    equipment: sheet.equipment.map(p),
    seller: { name: p(sheet.seller.name), lines: sheet.seller.lines.map(p) },
    url: p(sheet.url),
    productName: p(sheet.productName),
    dateText: p(sheet.dateText),
    labels: {
      facts: p(sheet.labels.facts),
      equipment: p(sheet.labels.equipment),
      seller: p(sheet.labels.seller),
      scan: p(sheet.labels.scan),
      unprintable: p(sheet.labels.unprintable),
    },
  };
}
