/**
 * The sheet's pictures: JPEG and PNG embedded once per document, SVG (the demo pictures) drawn
 * as vector shapes, anything unreadable a grey box.
 */
import type { PDFDocument, PDFImage, PDFPage } from "pdf-lib";
import { type Box, PLACEHOLDER, SURFACE } from "./layout.server";
import { drawSvg } from "./svg.server";

export type SheetImage = { bytes: Uint8Array; mimeType: string };

type ImageKind = "jpeg" | "png" | "svg";

/** Trusts the bytes over the declared type (uploads are often mislabelled). */
function imageKind(image: SheetImage): ImageKind | null {
  const b = image.bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  const head = new TextDecoder().decode(b.subarray(0, 512));
  if (image.mimeType.includes("svg") || /<svg[\s>]/.test(head)) return "svg";
  return null;
}

const fitInto = (w: number, h: number, box: Box): Box => {
  const s = Math.min(box.width / w, box.height / h);
  return { x: box.x + (box.width - w * s) / 2, y: box.y + (box.height - h * s) / 2, width: w * s, height: h * s };
};

/** Draws one picture letterboxed into `box`; anything unreadable becomes a grey box. */
export async function drawPicture(
  doc: PDFDocument,
  page: PDFPage,
  image: SheetImage,
  box: Box,
  cache: Map<Uint8Array, PDFImage>,
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
    page.drawRectangle({ ...box, color: PLACEHOLDER });
  }
}
