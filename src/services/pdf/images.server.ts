/**
 * The sheet's pictures: JPEG and PNG embedded once per document, SVG (the demo pictures) drawn
 * as vector shapes, anything pdf-lib cannot embed (WebP, AVIF, HEIC, broken bytes) a grey box
 * with the caller's "cannot be printed" note.
 */
import type { PDFDocument, PDFImage, PDFPage } from "pdf-lib";
import { type Box, drawLines, lineHeight, PAGE_H, PLACEHOLDER, SURFACE, type TextStyle, wrap } from "./layout.server";
import { imageKind, type SheetImage } from "./image-kind.server";
import { drawSvg } from "./svg.server";

/** What a picture that cannot be embedded shows instead: a short note in this style. */
export type Unprintable = { text: string; style: TextStyle };

const fitInto = (w: number, h: number, box: Box): Box => {
  const s = Math.min(box.width / w, box.height / h);
  return { x: box.x + (box.width - w * s) / 2, y: box.y + (box.height - h * s) / 2, width: w * s, height: h * s };
};

/** The grey box with the note centred in it (as many lines as fit, at most three). */
function drawUnprintable(page: PDFPage, box: Box, note: Unprintable): void {
  page.drawRectangle({ ...box, color: PLACEHOLDER });
  const pad = 4;
  const lh = lineHeight(note.style);
  const maxLines = Math.min(3, Math.floor((box.height - 2 * pad) / lh));
  if (maxLines < 1 || !note.text.trim()) return;
  const lines = wrap(note.text, note.style, box.width - 2 * pad, maxLines);
  const top = PAGE_H - box.y - box.height + (box.height - lines.length * lh) / 2;
  drawLines(page, lines, note.style, box.x + pad, top, { align: "center", width: box.width - 2 * pad });
}

/** Draws one picture letterboxed into `box`; anything it cannot embed becomes a grey box with the note. */
export async function drawPicture(
  doc: PDFDocument,
  page: PDFPage,
  image: SheetImage,
  box: Box,
  cache: Map<Uint8Array, PDFImage>,
  unprintable: Unprintable,
): Promise<void> {
  page.drawRectangle({ ...box, color: SURFACE });
  try {
    const kind = imageKind(image);
    if (kind === "svg") {
      drawSvg(page, new TextDecoder().decode(image.bytes), box);
      return;
    }
    if (!kind) throw new Error(`unsupported image type ${image.mimeType}`);
    let embedded = cache.get(image.bytes);
    if (!embedded) {
      embedded = kind === "jpeg" ? await doc.embedJpg(image.bytes) : await doc.embedPng(image.bytes);
      cache.set(image.bytes, embedded);
    }
    page.drawImage(embedded, fitInto(embedded.width, embedded.height, box));
  } catch {
    drawUnprintable(page, box, unprintable);
  }
}
