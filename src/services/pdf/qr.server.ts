/** The sheet's QR code: a vector symbol of the posting URL, clickable in a PDF viewer. */
import {
  type PDFDocument,
  type PDFPage,
  PDFString,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from "pdf-lib";
import QRCode from "qrcode";
import { QR_QUIET_ZONE, WHITE } from "./layout.server";

/** The QR symbol for `url` (error correction M), row by row, true = dark; no quiet zone. */
export function qrMatrix(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}

/**
 * One filled path of `re` squares, one per dark module: vector, crisp at any zoom, and with no
 * hairline seams between neighbours (a single fill). `size` includes the quiet zone.
 */
export function drawQr(page: PDFPage, matrix: boolean[][], x: number, y: number, size: number): void {
  const cell = size / (matrix.length + 2 * QR_QUIET_ZONE);
  const left = x + QR_QUIET_ZONE * cell;
  const top = y + size - QR_QUIET_ZONE * cell;
  page.drawRectangle({ x, y, width: size, height: size, color: WHITE });
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => dark && ops.push(rectangle(left + c * cell, top - (r + 1) * cell, cell, cell))),
  );
  page.pushOperators(...ops, fill(), popGraphicsState());
}

/** Makes `rect` open `url` when clicked in a viewer (printing is the main use, this is a bonus). */
export function addLink(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]): void {
  if (!/^https?:\/\/[\x21-\x7e]+$/.test(url)) return;
  const annotation = doc.context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: rect,
    Border: [0, 0, 0],
    A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
  });
  page.node.addAnnot(doc.context.register(annotation));
}
