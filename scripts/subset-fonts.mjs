// The PDF sheet's fonts, cut at build time (decision 079): DejaVu Sans regular and bold from scripts/data/fonts,
// subset with HarfBuzz to the characters a Slovenian sheet prints (Latin, Latin-1, Latin Extended-A and -B, € and
// typographic punctuation), without hinting or OpenType layout (the sheet never shapes: font-embedding.server.ts).
// Writes src/services/pdf/fonts/*.ttf when they differ; `--check` only compares and fails when they are stale.
// The subsets are committed so tests, `npm run dev` and a fresh clone work without running this first;
// `npm run build` runs it and scripts/subset-fonts.test.ts checks the committed files are its output.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const sourceDir = new URL("./data/fonts/", import.meta.url);
const outDir = new URL("../src/services/pdf/fonts/", import.meta.url);
export const sheetFontFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"];

/** Inclusive code point ranges kept in the subset. */
export const sheetFontRanges = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement: « » ° ² · × é ü …
  [0x100, 0x17f], // Latin Extended-A: č š ž ć đ and the neighbours' letters
  [0x180, 0x24f], // Latin Extended-B: ș ț (Romanian), ǆ …
  [0x2000, 0x200a], // spaces of typographic widths
  [0x2010, 0x2027], // ‐ – — ‘ ’ ‚ “ ” „ † • … ·
  [0x202f, 0x202f], // narrow no-break space (Intl number formats)
  [0x2030, 0x203a], // ‰ ′ ″ ‹ ›
  [0x2044, 0x2044], // ⁄
  [0x20ac, 0x20ac], // €
  [0x2116, 0x2116], // №
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
];

const subsetText = () =>
  sheetFontRanges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");

/** The subsets as the script makes them, by file name. */
export async function subsetSheetFonts() {
  const text = subsetText();
  const out = new Map();
  for (const file of sheetFontFiles) {
    const source = readFileSync(new URL(file, sourceDir));
    const bytes = await subsetFont(source, text, { targetFormat: "truetype", noHinting: true, keepFeatures: [] });
    out.set(file, new Uint8Array(bytes));
  }
  return out;
}

const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

async function main() {
  const check = process.argv.includes("--check");
  let stale = false;
  for (const [file, bytes] of await subsetSheetFonts()) {
    const target = new URL(file, outDir);
    let current = new Uint8Array(0);
    try {
      current = new Uint8Array(readFileSync(target));
    } catch {}
    const fresh = sameBytes(current, bytes);
    const sourceKb = readFileSync(new URL(file, sourceDir)).length / 1024;
    console.log(
      `sheet font ${file}: ${sourceKb.toFixed(0)} KB → ${(bytes.length / 1024).toFixed(1)} KB${fresh ? "" : check ? " (STALE)" : " (written)"}`,
    );
    if (fresh) continue;
    if (check) stale = true;
    else writeFileSync(target, bytes);
  }
  if (stale) {
    console.error("The committed sheet fonts are not this script's output: run `node scripts/subset-fonts.mjs`.");
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
