/**
 * DejaVu Sans (regular and bold) for the PDF posting sheets: the standard PDF fonts have no
 * č/š/ž/đ/ć, so the sheet embeds a TrueType font, subset to Latin by scripts/subset-fonts.mjs
 * (38 KB a face instead of 0.7 MB, decision 079). `?inline` makes Vite put each file into the
 * bundle as a base64 data URL (the Worker has no file system); the same import works under
 * vitest. Plain Node scripts (tsx) cannot resolve `?inline`: they read the .ttf files directly.
 * Only `posting-pdf.server.ts`'s dynamic import reaches this module: the Worker's start-up never decodes it.
 */
import boldDataUrl from "./fonts/DejaVuSans-Bold.ttf?inline";
import regularDataUrl from "./fonts/DejaVuSans.ttf?inline";

export type SheetFonts = { regular: Uint8Array; bold: Uint8Array };

// Decoded once per isolate, on the first sheet.
let cached: SheetFonts | undefined;

function decodeDataUrl(url: string): Uint8Array {
  const comma = url.indexOf(",");
  if (!url.startsWith("data:") || comma < 0 || !url.slice(0, comma).endsWith(";base64")) {
    throw new Error("Font was not inlined as a base64 data URL");
  }
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function loadSheetFonts(): Promise<SheetFonts> {
  cached ??= { regular: decodeDataUrl(regularDataUrl), bold: decodeDataUrl(boldDataUrl) };
  return cached;
}
