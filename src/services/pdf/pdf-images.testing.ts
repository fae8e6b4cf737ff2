// Test support (not a test file itself): the raster images a sheet embeds, read with pdf-lib (runs in workerd too).
import { type PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";

/** The sheet's embedded raster images in the order they were embedded (the main photo first). */
export async function embeddedImages(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const num = (dict: PDFDict, key: string) => (dict.get(PDFName.of(key)) as PDFNumber).asNumber();
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"))
    .sort(([a], [b]) => a.objectNumber - b.objectNumber)
    .map(([, o]) => {
      const { dict } = o as PDFRawStream;
      return { width: num(dict, "Width"), height: num(dict, "Height"), filter: String(dict.get(PDFName.of("Filter"))) };
    });
}
