// Test support for the sheet's tests (not a test file itself): what pdf.js reads from a rendered sheet.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The page count, the extracted texts (and their widths) and the operator list of a sheet's first page. */
export async function inspect(pdf: Uint8Array) {
  // pdfjs detaches the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: pdf.slice(), useSystemFonts: false, disableFontFace: true }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const texts = content.items.flatMap((item) => ("str" in item && item.str.trim() ? [item.str] : []));
  const ops = await page.getOperatorList();
  const widths = new Map(content.items.flatMap((item) => ("str" in item ? [[item.str, item.width] as const] : [])));
  return {
    pages: doc.numPages,
    texts,
    widths,
    ops: ops.fnArray.map((fn, i) => ({ fn, args: ops.argsArray[i] as unknown[] })),
  };
}
