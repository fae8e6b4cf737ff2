/**
 * The printable A4 sheet of a car posting (photo, price, key facts, equipment, seller, QR code),
 * drawn with pdf-lib. Runs in workerd and Node: no fs, no Buffer, no canvas. All visible words
 * come from the caller (`labels`, already formatted values), so the module is language-neutral.
 */
import { type Color, PDFDocument, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { embedSheetFonts } from "./font-embedding.server";
import type { SheetImage } from "./image-kind.server";
import { drawPicture } from "./images.server";
import {
  ascent,
  BOTTOM_MARGIN,
  BRAND,
  BRAND_SOFT,
  CONTENT_W,
  clean,
  drawLines,
  drawSectionTitle,
  ELLIPSIS,
  ellipsize,
  HEADER_H,
  INK,
  LINE,
  lineHeight,
  MARGIN,
  MUTED,
  PAGE_H,
  PAGE_W,
  PHOTO_H,
  QR_SIZE,
  SURFACE,
  THUMB_COUNT,
  THUMB_GAP,
  type TextStyle,
  URL_WIDTH,
  WHITE,
  widthOf,
  wrap,
} from "./layout.server";
import { printableSheet } from "./printable.server";
import { addLink, drawQr, qrMatrix } from "./qr.server";

export { qrMatrix };

export type PostingSheet = {
  title: string;
  subtitle: string | null;
  /** The first line is the headline price (large, bold); the rest are smaller notes. */
  priceLines: string[];
  /** Label and formatted value pairs, in display order. */
  facts: [string, string][];
  equipment: string[];
  seller: { name: string; lines: string[] };
  /** Public URL of the posting: printed and encoded in the QR code. */
  url: string;
  productName: string;
  dateText: string;
  /** `unprintable`: the note on a picture the sheet cannot embed (WebP, AVIF, HEIC: not JPEG, PNG or SVG). */
  labels: { facts: string; equipment: string; seller: string; scan: string; unprintable: string };
  /** The first is the main photo, up to 7 more become thumbnails. JPEG, PNG or SVG; others show `labels.unprintable`. */
  images: SheetImage[];
};

/**
 * Renders the sheet as a one-page A4 PDF in the given TrueType faces (DejaVu Sans regular and bold, subset to Latin):
 * characters the faces cannot draw are left out (`printable`), never drawn as .notdef boxes.
 */
export async function renderPostingSheet(
  input: PostingSheet,
  font: { regular: Uint8Array; bold: Uint8Array },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { regular, bold } = await embedSheetFonts(doc, font);
  doc.setTitle(clean(input.title)); // metadata is Unicode text, not glyphs: the whole title
  const boldChars = new Set(bold.getCharacterSet());
  const sheet = printableSheet(input, new Set(regular.getCharacterSet().filter((c) => boldChars.has(c))));
  doc.setCreator(clean(sheet.productName));
  doc.setProducer(clean(sheet.productName));
  const page = doc.addPage([PAGE_W, PAGE_H]);
  const style = (f: PDFFont, size: number, color: Color): TextStyle => ({ font: f, size, color });

  // Header band: product name and date.
  page.drawRectangle({ x: 0, y: PAGE_H - HEADER_H, width: PAGE_W, height: HEADER_H, color: BRAND });
  const productSt = style(bold, 15, WHITE);
  const dateSt = style(regular, 9.5, WHITE);
  const date = ellipsize(clean(sheet.dateText), dateSt, CONTENT_W / 3);
  const productTop = (HEADER_H - lineHeight(productSt)) / 2;
  drawLines(
    page,
    [ellipsize(clean(sheet.productName), productSt, CONTENT_W - widthOf(date, dateSt) - 16)],
    productSt,
    MARGIN,
    productTop,
  );
  // Same baseline as the product name.
  drawLines(page, [date], dateSt, MARGIN, productTop + ascent(productSt) - ascent(dateSt), {
    align: "right",
    width: CONTENT_W,
  });

  // Title and subtitle on the left, prices right-aligned beside them.
  let top = HEADER_H + 16;
  const priceSt = style(bold, 20, BRAND);
  const priceNoteSt = style(regular, 9, MUTED);
  const [headline = "", ...notes] = sheet.priceLines.map(clean).filter(Boolean);
  const priceW = Math.min(
    CONTENT_W * 0.42,
    Math.ceil(Math.max(0, headline ? widthOf(headline, priceSt) : 0, ...notes.map((l) => widthOf(l, priceNoteSt)))),
  );
  const titleW = CONTENT_W - (priceW > 0 ? priceW + 20 : 0);
  const titleSt = style(bold, 20, INK);
  const subtitleSt = style(regular, 12, MUTED);
  let leftH = drawLines(page, wrap(sheet.title, titleSt, titleW, 2), titleSt, MARGIN, top, { factor: 1.2 });
  if (sheet.subtitle?.trim())
    leftH += 2 + drawLines(page, wrap(sheet.subtitle, subtitleSt, titleW, 2), subtitleSt, MARGIN, top + leftH + 2);
  let rightH = 0;
  if (headline)
    rightH += drawLines(page, [ellipsize(headline, priceSt, priceW)], priceSt, MARGIN, top, {
      align: "right",
      width: CONTENT_W,
      factor: 1.2,
    });
  for (const note of notes)
    rightH += drawLines(page, wrap(note, priceNoteSt, priceW, 2), priceNoteSt, MARGIN, top + rightH, {
      align: "right",
      width: CONTENT_W,
    });
  top += Math.max(leftH, rightH) + 12;

  // Main photo and a row of thumbnails.
  const embedded = new Map<Uint8Array, PDFImage>();
  const unprintable = { text: sheet.labels.unprintable, style: style(bold, 8, MUTED) };
  const [main, ...thumbs] = sheet.images;
  const photoBox = { x: MARGIN, y: PAGE_H - top - PHOTO_H, width: CONTENT_W, height: PHOTO_H };
  if (main) await drawPicture(doc, page, main, photoBox, embedded, unprintable);
  else page.drawRectangle({ ...photoBox, color: SURFACE });
  top += PHOTO_H;
  const thumbW = (CONTENT_W - (THUMB_COUNT - 1) * THUMB_GAP) / THUMB_COUNT;
  const thumbH = (thumbW * 2) / 3;
  const shownThumbs = thumbs.slice(0, THUMB_COUNT);
  for (const [i, thumb] of shownThumbs.entries()) {
    await drawPicture(
      doc,
      page,
      thumb,
      { x: MARGIN + i * (thumbW + THUMB_GAP), y: PAGE_H - top - THUMB_GAP - thumbH, width: thumbW, height: thumbH },
      embedded,
      unprintable,
    );
  }
  if (shownThumbs.length) top += THUMB_GAP + thumbH;
  top += 16;

  // Bottom block (seller on the left, QR on the right), sized first so the middle gets the rest.
  const sectionSt = style(bold, 11, INK);
  const scanSt = style(bold, 8.5, INK);
  const urlSt = style(regular, 6.5, MUTED);
  const sellerNameSt = style(bold, 11, INK);
  const sellerLineSt = style(regular, 9, MUTED);
  const sellerW = CONTENT_W - URL_WIDTH - 24;
  const sellerName = wrap(sheet.seller.name, sellerNameSt, sellerW, 2);
  const sellerLines = sheet.seller.lines.flatMap((l) => wrap(l, sellerLineSt, sellerW, 2)).slice(0, 6);
  const scanLines = wrap(sheet.labels.scan, scanSt, URL_WIDTH, 2);
  const urlLines = wrap(sheet.url, urlSt, URL_WIDTH, 3);
  const sectionH = lineHeight(sectionSt) + 7;
  const sellerH =
    sectionH + sellerName.length * lineHeight(sellerNameSt) + 2 + sellerLines.length * lineHeight(sellerLineSt, 1.35);
  const qrH = QR_SIZE + 2 + scanLines.length * lineHeight(scanSt) + urlLines.length * lineHeight(urlSt);
  const bottomTop = PAGE_H - BOTTOM_MARGIN - Math.max(sellerH, qrH);
  page.drawRectangle({ x: MARGIN, y: PAGE_H - bottomTop + 10, width: CONTENT_W, height: 0.6, color: LINE });

  // Seller.
  let sellerTop = bottomTop + drawSectionTitle(page, sheet.labels.seller, sectionSt, MARGIN, bottomTop, sellerW);
  sellerTop += drawLines(page, sellerName, sellerNameSt, MARGIN, sellerTop) + 2;
  drawLines(page, sellerLines, sellerLineSt, MARGIN, sellerTop, { factor: 1.35 });

  // QR code (quiet zone included in QR_SIZE), the scan hint and the printed URL under it.
  const qrX = PAGE_W - MARGIN - QR_SIZE;
  const qrY = PAGE_H - bottomTop - QR_SIZE;
  let matrix: boolean[][] | null = null;
  try {
    matrix = sheet.url ? qrMatrix(sheet.url) : null;
  } catch {
    matrix = null; // too long for a QR code: the printed URL still works
  }
  if (matrix) {
    drawQr(page, matrix, qrX, qrY, QR_SIZE);
    addLink(doc, page, sheet.url, [qrX, qrY, qrX + QR_SIZE, qrY + QR_SIZE]);
  }
  let qrTextTop = bottomTop + QR_SIZE + 2;
  qrTextTop += drawLines(page, scanLines, scanSt, PAGE_W - MARGIN - URL_WIDTH, qrTextTop, {
    align: "right",
    width: URL_WIDTH,
  });
  drawLines(page, urlLines, urlSt, PAGE_W - MARGIN - URL_WIDTH, qrTextTop, { align: "right", width: URL_WIDTH });

  // Middle: the key facts across the page in two or three columns (every row shown, issue 24), then the
  // equipment in columns below them with what room is left.
  const middleBottom = bottomTop - 16;
  const facts = sheet.facts.map(([k, v]) => [clean(k), clean(v)] as const).filter(([k, v]) => k || v);
  const equipment = sheet.equipment.map(clean).filter(Boolean);
  let equipmentTop = top;
  if (facts.length)
    equipmentTop =
      drawFacts(page, facts, style(regular, 8.5, MUTED), style(bold, 8.5, INK), sectionSt, {
        title: sheet.labels.facts,
        x: MARGIN,
        top,
        width: CONTENT_W,
        bottom: middleBottom,
        columns: facts.length > 8 ? 3 : 2,
      }) + 14;
  // A title with no room for one item under it would only be noise.
  if (equipment.length && middleBottom - equipmentTop >= sectionH + lineHeight(style(regular, 8.5, INK), 1.2))
    drawEquipment(page, equipment, style(regular, 8.5, INK), sectionSt, {
      title: sheet.labels.equipment,
      x: MARGIN,
      top: equipmentTop,
      width: CONTENT_W,
      bottom: middleBottom,
    });

  return doc.save();
}

/** A titled section's place on the page: its left edge and width, from `top` down to `bottom`. */
type SectionBox = { title: string; x: number; top: number; width: number; bottom: number };

/** Row indexes filled column by column, each column at most `limit` high; null when `columns` are not enough. */
function splitIntoColumns(heights: number[], columns: number, limit: number): number[][] | null {
  const split: number[][] = [[]];
  let used = 0;
  for (const [i, h] of heights.entries()) {
    if (h > limit) return null;
    if (used + h > limit) {
      split.push([]);
      used = 0;
    }
    split.at(-1)?.push(i);
    used += h;
  }
  return split.length <= columns ? split : null;
}

/**
 * Label/value rows with zebra shading, filled column by column: the fewest columns from `columns` up to four that
 * hold every row, balanced (issue 24: nothing cut off). Only if four cannot, the last rows become a "…" row.
 * Answers where the lowest column ends.
 */
function drawFacts(
  page: PDFPage,
  facts: (readonly [string, string])[],
  labelSt: TextStyle,
  valueSt: TextStyle,
  sectionSt: TextStyle,
  { title, x, top, width, bottom, columns: fewest }: SectionBox & { columns: number },
): number {
  const y0 = top + drawSectionTitle(page, title, sectionSt, x, top, width);
  const gap = 12;
  const lh = lineHeight(labelSt);
  const pad = 2.5;
  const ellipsisRowH = lh + 2 * pad;
  const rowsIn = (columns: number) => {
    const colW = (width - (columns - 1) * gap) / columns;
    const labelW = colW * 0.45;
    const rows = facts.map(([k, v]) => ({
      label: wrap(k, labelSt, labelW - 6, 2),
      value: wrap(v, valueSt, colW - labelW - 12, 2),
    }));
    const heights = rows.map((r) => Math.max(1, r.label.length, r.value.length) * lh + 2 * pad);
    return { colW, labelW, rows, heights };
  };
  const layoutFor = (columns: number) => {
    const sized = rowsIn(columns);
    const total = sized.heights.reduce((a, b) => a + b, 0);
    // The lowest column height that holds every row: balanced columns, not one full and one short.
    for (let limit = total / columns; limit <= bottom - y0; limit += 2) {
      const split = splitIntoColumns(sized.heights, columns, limit);
      if (split) return { ...sized, split };
    }
    return null;
  };
  let layout = null;
  for (let columns = fewest; columns <= 4 && !layout; columns++) layout = layoutFor(columns);
  if (!layout) {
    // Four columns filled evenly; what does not fit a column ends with "…".
    const sized = rowsIn(4);
    const per = Math.ceil(facts.length / 4);
    const split = [0, 1, 2, 3].map((c) => sized.rows.slice(c * per, (c + 1) * per).map((_, i) => c * per + i));
    layout = { ...sized, split };
  }
  const { colW, labelW, rows, heights, split } = layout;
  let lowest = y0;
  for (const [c, column] of split.entries()) {
    const cx = x + c * (colW + gap);
    let y = y0;
    for (const [i, r] of column.entries()) {
      const row = rows[r];
      const h = heights[r] ?? 0;
      if (!row) continue;
      const isLast = i === column.length - 1;
      if (y + h + (isLast ? 0 : ellipsisRowH) > bottom) {
        if (y + ellipsisRowH <= bottom) {
          drawLines(page, [ELLIPSIS], valueSt, cx + 6, y + pad);
          y += ellipsisRowH;
        }
        break;
      }
      if (i % 2 === 0) page.drawRectangle({ x: cx, y: PAGE_H - y - h, width: colW, height: h, color: BRAND_SOFT });
      drawLines(page, row.label, labelSt, cx + 6, y + pad);
      drawLines(page, row.value, valueSt, cx + labelW + 4, y + pad);
      y += h;
    }
    lowest = Math.max(lowest, y);
  }
  return lowest;
}

/** Bulleted items (up to two lines each) filled column by column; overflow ends with "… +N". */
function drawEquipment(
  page: PDFPage,
  items: string[],
  st: TextStyle,
  sectionSt: TextStyle,
  { title, x, top, width, bottom }: SectionBox,
): void {
  const y0 = top + drawSectionTitle(page, title, sectionSt, x, top, width);
  const gap = 12;
  const columns = Math.max(1, Math.floor((width + gap) / (120 + gap)));
  const colW = (width - (columns - 1) * gap) / columns;
  const lh = lineHeight(st, 1.2);
  const itemGap = 2.5;
  const bulletW = widthOf("• ", st);
  let column = 0;
  let y = y0;
  for (const [i, item] of items.entries()) {
    const lines = wrap(item, st, colW - bulletW, 2);
    const h = lines.length * lh + itemGap;
    // The last column keeps a line free for the "… +N" marker unless this is the last item.
    const fits = () => y + h + (column === columns - 1 && i < items.length - 1 ? lh : 0) <= bottom;
    if (!fits() && column < columns - 1 && y > y0) [column, y] = [column + 1, y0];
    if (!fits()) {
      if (y + lh <= bottom)
        drawLines(
          page,
          [`${ELLIPSIS} +${items.length - i}`],
          { ...st, color: MUTED },
          x + column * (colW + gap) + bulletW,
          y,
        );
      return;
    }
    const cx = x + column * (colW + gap);
    drawLines(page, ["•"], { ...st, color: BRAND }, cx, y);
    drawLines(page, lines, st, cx + bulletW, y);
    y += h;
  }
}
