import { statSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { carSvg } from "../../../scripts/lib/car-svg";
import { loadSheetFonts, type SheetFonts } from "./fonts.server";
import { type PostingSheet, qrMatrix, renderPostingSheet } from "./posting-sheet.server";
import { inspect } from "./pdf-inspect.testing";
import { decodeQr } from "./qr-decode.testing";

// 4×3 px images made with sharp (an orange gradient), small enough to inline.
const JPEG_4x3 =
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAaEAEAAQUAAAAAAAAAAAAAAAAABAECBRMk/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAaEQABBQEAAAAAAAAAAAAAAAACAAEDESIx/9oADAMBAAIRAxEAPwC2LjIemnPYAmpSHfUtKU7fTr//2Q==";
const PNG_4x3 =
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAL0lEQVR4nAXBIQIAEBAAwXvJZlmWZfmyLMuy7E37LDNhwYoNO+HAxImLcOPBi48PHz4PPXn6QCUAAAAASUVORK5CYII=";
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const utf8 = (s: string) => new TextEncoder().encode(s);

const POSTING_URL = "https://avtotrg.si/oglas/skoda-octavia-2-0-tdi-style-12345678";
const RED = "#c0392b";

const picture = (view: "side" | "front" | "rear") => ({
  bytes: utf8(carSvg({ make: "Škoda", model: "Octavia", bodyType: "STATION_WAGON", color: RED, view })),
  mimeType: "image/svg+xml",
});
// The seed's mirrored side view wraps the car in <g transform="translate(1200 0) scale(-1 1)">.
const mirrored = () => ({
  bytes: utf8(
    carSvg({ make: "Škoda", model: "Octavia", bodyType: "STATION_WAGON", color: RED, view: "side" })
      .replace(/<path /, '<g transform="translate(1200 0) scale(-1 1)"><path ')
      .replace(/<text x="1140" y="752"/, '</g><text x="1140" y="752"'),
  ),
  mimeType: "image/svg+xml",
});

function sheet(overrides: Partial<PostingSheet> = {}): PostingSheet {
  return {
    title: "Škoda Octavia",
    subtitle: "2.0 TDI Style",
    priceLines: ["18.990 €", "Cena brez DDV: 15.566 €"],
    facts: [
      ["Številka šasije", "TMBJJ7NE8J0123456"],
      ["Prevoženi kilometri", "85.000 km"],
      ["Prva registracija", "03/2019"],
      ["Gorivo", "Dizel"],
      ["Menjalnik", "Ročni, 6 prestav"],
      ["Barva", "Črna kovinska"],
    ],
    equipment: ["Ogrevani sedeži", "Žaromet LED", "Navigacija", "Čelni zračni blazini", "Parkirna kamera"],
    seller: {
      name: "Avtohiša Kranjc",
      lines: ["Ljubljanska cesta 12, 4000 Kranj", "Kontakt: Đurđa Kovačević", "04 123 45 67"],
    },
    url: POSTING_URL,
    productName: "Avtotrg",
    dateText: "22. 11. 2025",
    labels: {
      facts: "Ključni podatki",
      equipment: "Oprema",
      seller: "Prodajalec",
      scan: "Skenirajte za ogled oglasa",
      unprintable: "Slike ni mogoče natisniti",
    },
    images: [
      picture("side"),
      { bytes: fromBase64(PNG_4x3), mimeType: "image/png" },
      { bytes: fromBase64(JPEG_4x3), mimeType: "image/jpeg" },
      mirrored(),
    ],
    ...overrides,
  };
}

/** Rebuilds the drawn QR symbol from the one path made of many equal squares (`re` operators). */
function drawnQr(ops: { fn: number; args: unknown[] }[]) {
  const paths = ops
    .filter((op) => op.fn === OPS.constructPath)
    .map((op) => ({ kinds: op.args[0] as number[], coords: op.args[1] as number[] }));
  const qr = paths
    .filter((p) => p.kinds.length > 50 && p.kinds.every((k) => k === OPS.rectangle))
    .sort((a, b) => b.kinds.length - a.kinds.length)[0];
  if (!qr) throw new Error("no QR path found");
  const squares = qr.kinds.map((_, i) => qr.coords.slice(i * 4, i * 4 + 4) as [number, number, number, number]);
  const module = squares[0]![2];
  const left = Math.min(...squares.map((s) => s[0]));
  const top = Math.max(...squares.map((s) => s[1] + s[3]));
  const cells = squares.map(([x, y, w, h]) => ({
    w,
    h,
    col: Math.round((x - left) / module),
    row: Math.round((top - y - h) / module),
  }));
  const size = Math.max(...cells.map((c) => Math.max(c.col, c.row))) + 1;
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const c of cells) matrix[c.row]![c.col] = true;
  return { matrix, module, left, top, squares: cells };
}

// ------------------------------------------------------------------ a small independent QR decoder
// ------------------------------------------------------------------ tests

let fonts: SheetFonts;
beforeAll(async () => {
  fonts = await loadSheetFonts();
});

describe("sheet fonts", () => {
  it("are subset to Latin with € and typographic punctuation (decision 079)", async () => {
    const chars = new Set(fontkit.create(fonts.regular).characterSet);
    for (const ch of "AZaz09čšžćđČŠŽĆĐäöüßéłőřțș€„“‚‘’–—…•·×°²«»") expect(chars.has(ch.codePointAt(0) ?? 0)).toBe(true);
    for (const ch of "ЖΩ你🚗") expect(chars.has(ch.codePointAt(0) ?? 0)).toBe(false);
    expect(fonts.regular.length + fonts.bold.length).toBeLessThan(120_000);
  });

  it("loads both bundled DejaVu TrueType files intact through the ?inline import", async () => {
    const dir = fileURLToPath(new URL("./fonts/", import.meta.url));
    expect(fonts.regular.length).toBe(statSync(`${dir}DejaVuSans.ttf`).size);
    expect(fonts.bold.length).toBe(statSync(`${dir}DejaVuSans-Bold.ttf`).size);
    // TrueType magic (sfnt version 1.0).
    expect([...fonts.regular.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    expect([...fonts.bold.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    expect(await loadSheetFonts()).toBe(fonts); // decoded once
  });
});

describe("renderPostingSheet", () => {
  let pdf: Uint8Array;
  let result: Awaited<ReturnType<typeof inspect>>;
  beforeAll(async () => {
    pdf = await renderPostingSheet(sheet(), fonts);
    result = await inspect(pdf);
  });

  it("produces a one-page A4 PDF", async () => {
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 2);
    expect(height).toBeCloseTo(841.89, 2);
    expect(result.pages).toBe(1);
    // Fonts are subset: far smaller than the 1.4 MB of TrueType files.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it("keeps Slovenian text extractable, diacritics included", () => {
    const { texts } = result;
    for (const text of [
      "Škoda Octavia",
      "2.0 TDI Style",
      "18.990 €",
      "Številka šasije",
      "TMBJJ7NE8J0123456",
      "Prevoženi kilometri",
      "85.000 km",
      "Ročni, 6 prestav",
      "Črna kovinska",
    ]) {
      expect(texts).toContain(text);
    }
    for (const text of [
      "Ogrevani sedeži",
      "Žaromet LED",
      "Čelni zračni blazini",
      "Avtohiša Kranjc",
      "Kontakt: Đurđa Kovačević",
    ])
      expect(texts).toContain(text);
    for (const text of [
      "Ključni podatki",
      "Oprema",
      "Prodajalec",
      "Skenirajte za ogled oglasa",
      "Avtotrg",
      "22. 11. 2025",
      POSTING_URL,
    ])
      expect(texts).toContain(text);
    const all = texts.join(" ");
    for (const letter of ["č", "š", "ž", "Č", "Š", "Ž", "đ", "ć", "Đ", "€"]) expect(all).toContain(letter);
  });

  it("draws the real glyphs, not .notdef boxes (extraction alone would not show it)", () => {
    // Text widths in the PDF match DejaVu's advance widths for each letter (Š, č, ć, €, …).
    const advance = (bytes: Uint8Array, text: string, size: number) => {
      const f = fontkit.create(bytes);
      return (f.layout(text, []).glyphs.reduce((sum, g) => sum + g.advanceWidth, 0) / f.unitsPerEm) * size;
    };
    expect(result.widths.get("Škoda Octavia")).toBeCloseTo(advance(fonts.bold, "Škoda Octavia", 20), 1);
    expect(result.widths.get("Kontakt: Đurđa Kovačević")).toBeCloseTo(
      advance(fonts.regular, "Kontakt: Đurđa Kovačević", 9),
      1,
    );
    expect(result.widths.get("18.990 €")).toBeCloseTo(advance(fonts.bold, "18.990 €", 20), 1);
  });

  it("leaves out text the Latin subset has no glyph for (Cyrillic, emoji): no .notdef glyph is drawn", async () => {
    // pdf.js gives each shown glyph its CID: with pdf-lib's Identity-H subsets that is the glyph id, 0 being .notdef.
    const notdefs = (ops: { fn: number; args: unknown[] }[]) =>
      ops
        .filter((op) => op.fn === OPS.showText)
        .flatMap((op) => op.args[0] as ({ originalCharCode?: number } | number)[])
        .filter((g) => typeof g === "object" && g.originalCharCode === 0).length;
    // The check itself sees a .notdef: Cyrillic drawn straight with the subset font.
    const raw = await PDFDocument.create();
    raw.registerFontkit(fontkit);
    const font = await raw.embedFont(fonts.regular, { subset: true });
    raw.addPage().drawText("Ivan Иван", { font, size: 12, x: 50, y: 50 });
    expect(notdefs((await inspect(await raw.save())).ops)).toBeGreaterThan(0);

    const { texts, ops } = await inspect(
      await renderPostingSheet(
        sheet({
          title: "Škoda Octavia 🚗 Шкода",
          equipment: ["Ogrevani sedeži 🔥", "Кожа", "„Navigacija“ – ﬁna", "Žaromet LED"],
          seller: { name: "Иван Петров", lines: ["Kontakt: Đurđa Kovačević 👍", "04 123 45 67"] },
        }),
        fonts,
      ),
    );
    expect(notdefs(ops)).toBe(0);
    for (const text of ["Škoda Octavia", "Ogrevani sedeži", "„Navigacija“ – fina", "Kontakt: Đurđa Kovačević"])
      expect(texts).toContain(text);
    expect(texts.join(" ")).not.toMatch(/[\u0400-\u04ff]|\p{Extended_Pictographic}/u);
  });

  it("embeds the PNG and JPEG and draws the SVG pictures as vector shapes", () => {
    const { ops } = result;
    expect(ops.filter((op) => op.fn === OPS.paintImageXObject)).toHaveLength(2);
    const fills = ops
      .filter((op) => op.fn === OPS.setFillRGBColor)
      .map((op) => Array.from(op.args as ArrayLike<number>).join(","));
    expect(fills).toContain("192,57,43"); // the car body colour from the SVG
    // The mirrored picture's <g transform> becomes a `cm` that flips x.
    expect(ops.some((op) => op.fn === OPS.transform && (op.args[0] as number) < 0)).toBe(true);
  });

  it("draws a QR code bottom right that decodes to the posting URL", () => {
    const expected = qrMatrix(POSTING_URL);
    const { modules, version } = QRCode.create(POSTING_URL, { errorCorrectionLevel: "M" });
    expect(expected.length).toBe(modules.size);
    expect((expected.length - 21) % 4).toBe(0);
    expect(expected.length).toBe(17 + 4 * version);

    const drawn = drawnQr(result.ops);
    expect(drawn.squares.length).toBe(expected.flat().filter(Boolean).length);
    expect(drawn.squares.every((s) => Math.abs(s.w - drawn.module) < 1e-6 && Math.abs(s.h - drawn.module) < 1e-6)).toBe(
      true,
    );
    expect(drawn.matrix).toEqual(expected);

    // About 90 pt including the 4-module quiet zone, in the bottom-right corner.
    expect(drawn.module * (expected.length + 8)).toBeCloseTo(90, 1);
    expect(drawn.left).toBeGreaterThan(595.28 / 2);
    expect(drawn.top).toBeLessThan(841.89 / 3);

    const decoded = decodeQr(drawn.matrix);
    expect(decoded).toMatchObject({ text: POSTING_URL, ecLevel: "M", version });
  });

  it("qrMatrix decodes for URLs of other lengths and character sets", () => {
    for (const url of [
      "https://avtotrg.si/o/1",
      "HTTPS://AVTOTRG.SI/OGLAS/12345678",
      `https://avtotrg.si/oglas/${"abc-".repeat(25)}99?utm=qr&ref=tiskano%20oglas`,
    ]) {
      expect(decodeQr(qrMatrix(url)).text).toBe(url);
    }
  });

  it("still renders when images are broken or unsupported, with grey boxes saying they cannot be printed", async () => {
    const random = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 251);
    const broken = await renderPostingSheet(
      sheet({
        images: [
          { bytes: random, mimeType: "image/jpeg" },
          { bytes: Uint8Array.from([0xff, 0xd8, 0xff, ...random.subarray(0, 64)]), mimeType: "image/jpeg" },
          { bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, ...random.subarray(0, 64)]), mimeType: "image/png" },
          { bytes: utf8("<svg><path d='M 0 0 L"), mimeType: "image/svg+xml" },
          { bytes: utf8("not an image"), mimeType: "image/webp" },
        ],
      }),
      fonts,
    );
    expect(new TextDecoder().decode(broken.subarray(0, 5))).toBe("%PDF-");
    expect((await PDFDocument.load(broken)).getPageCount()).toBe(1);
    const { texts, ops } = await inspect(broken);
    expect(texts).toContain("Škoda Octavia");
    expect(ops.filter((op) => op.fn === OPS.paintImageXObject)).toHaveLength(0);
    // The main photo's box has room for the note on one line; the thumbnails wrap it.
    expect(texts).toContain("Slike ni mogoče natisniti");
    expect(texts.filter((t) => t.startsWith("Slike ni"))).toHaveLength(4);
    expect(decodeQr(drawnQr(ops).matrix).text).toBe(POSTING_URL);
  });

  it("renders without any image", async () => {
    const { pages, texts } = await inspect(await renderPostingSheet(sheet({ images: [] }), fonts));
    expect(pages).toBe(1);
    expect(texts).toContain("Škoda Octavia");
  });

  it("keeps a long equipment list on one page, ending with … and the number left out", async () => {
    const equipment = Array.from({ length: 150 }, (_, i) => `Dodatna oprema št. ${i + 1}`);
    const { pages, texts } = await inspect(await renderPostingSheet(sheet({ equipment }), fonts));
    expect(pages).toBe(1);
    const marker = texts.find((t) => t.startsWith("…"));
    expect(marker).toMatch(/^… \+\d+$/);
    const shown = texts.filter((t) => t.startsWith("Dodatna oprema"));
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length + Number(marker!.split("+")[1])).toBe(150);
    expect(shown.at(-1)).toBe(`Dodatna oprema št. ${shown.length}`);
  });
});
