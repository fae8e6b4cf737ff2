/**
 * Page geometry, palette and text layout of the PDF posting sheet: measuring, wrapping and
 * ellipsizing text in a pdf-lib font, and drawing lines measured from the top of the page.
 */
import { type Color, type PDFFont, type PDFPage, rgb } from "pdf-lib";

export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 36;
export const BOTTOM_MARGIN = 30;
export const CONTENT_W = PAGE_W - 2 * MARGIN;
export const HEADER_H = 40;
export const PHOTO_H = 250;
export const THUMB_COUNT = 7;
export const THUMB_GAP = 6;
export const QR_SIZE = 90;
export const QR_QUIET_ZONE = 4;
export const URL_WIDTH = 200;

const hexColor = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
// The site's Tailwind palette (src/styles), so the print matches the pages.
export const INK = hexColor("#16202a");
export const MUTED = hexColor("#5b6673");
export const LINE = hexColor("#e3e7ec");
export const SURFACE = hexColor("#f6f7f9");
export const BRAND = hexColor("#0f5f5c");
export const BRAND_SOFT = hexColor("#eefaf8");
export const WHITE = rgb(1, 1, 1);
export const PLACEHOLDER = hexColor("#d9dee4");

// ------------------------------------------------------------------ text layout

export type TextStyle = { font: PDFFont; size: number; color: Color };
export const ELLIPSIS = "…";

// Control characters would be encoded as .notdef boxes (and pdf-lib treats \n as a line break);
// NFC turns a decomposed "c + ˇ" into the single glyph "č" (there is no mark shaping).
export const clean = (s: string) =>
  s
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

// Every measurement is a font layout: wrapping and ellipsizing repeat many of them.
const unitWidths = new WeakMap<PDFFont, Map<string, number>>();
export function widthOf(s: string, st: TextStyle): number {
  let cache = unitWidths.get(st.font);
  if (!cache) unitWidths.set(st.font, (cache = new Map()));
  let unit = cache.get(s);
  if (unit === undefined) cache.set(s, (unit = st.font.widthOfTextAtSize(s, 1)));
  return unit * st.size;
}
export const lineHeight = (st: TextStyle, factor = 1.25) => st.size * factor;
/** Distance from the top of a line box to its baseline. */
export const ascent = (st: TextStyle) => st.font.heightAtSize(st.size, { descender: false });

/** Shortens `s` with "…" until it fits (binary search: each measurement is a font layout). */
export function ellipsize(s: string, st: TextStyle, width: number): string {
  if (widthOf(s, st) <= width) return s;
  const chars = Array.from(s);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (widthOf(chars.slice(0, mid).join("").trimEnd() + ELLIPSIS, st) <= width) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
}

/** Greedy word wrap; a word wider than the line (a URL, a VIN) is broken between characters. */
export function wrap(text: string, st: TextStyle, width: number, maxLines = Infinity): string[] {
  const words = clean(text).split(" ").filter(Boolean);
  const space = widthOf(" ", st);
  const lines: string[] = [];
  let line = "";
  let lineW = 0;
  const push = () => {
    if (line) lines.push(line);
    line = "";
    lineW = 0;
  };
  for (const word of words) {
    const w = widthOf(word, st);
    // Words are measured one by one: allow for rounding against a width measured as a whole.
    if (line && lineW + space + w <= width + 0.01) {
      line += ` ${word}`;
      lineW += space + w;
      continue;
    }
    push();
    if (w <= width + 0.01) {
      line = word;
      lineW = w;
      continue;
    }
    let chunk = "";
    for (const ch of word) {
      if (chunk && widthOf(chunk + ch, st) > width) {
        lines.push(chunk);
        chunk = "";
      }
      chunk += ch;
    }
    line = chunk;
    lineW = widthOf(chunk, st);
  }
  push();
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}${ELLIPSIS}`, st, width);
    return kept;
  }
  return lines;
}

/** Draws lines whose first line box starts at `top` (measured from the top of the page). */
export function drawLines(
  page: PDFPage,
  lines: string[],
  st: TextStyle,
  x: number,
  top: number,
  opts: { align?: "left" | "center" | "right"; width?: number; factor?: number } = {},
): number {
  const lh = lineHeight(st, opts.factor);
  const share = { left: 0, center: 0.5, right: 1 }[opts.align ?? "left"];
  lines.forEach((line, i) => {
    const dx = share * ((opts.width ?? 0) - widthOf(line, st));
    page.drawText(line, {
      x: x + dx,
      y: PAGE_H - (top + i * lh + ascent(st)),
      font: st.font,
      size: st.size,
      color: st.color,
    });
  });
  return lines.length * lh;
}

/** A section title with a brand-coloured rule; returns its height. */
export function drawSectionTitle(
  page: PDFPage,
  title: string,
  st: TextStyle,
  x: number,
  top: number,
  width: number,
): number {
  drawLines(page, [ellipsize(clean(title), st, width)], st, x, top);
  const ruleTop = top + lineHeight(st) + 1;
  page.drawRectangle({ x, y: PAGE_H - ruleTop - 0.8, width, height: 0.8, color: BRAND });
  return ruleTop + 6 - top;
}

export type Box = { x: number; y: number; width: number; height: number };
