/**
 * Embedding the sheet fonts fast and safely: subset, unshaped, without the tables that never
 * reach the PDF, serialised without fontkit's stream. The font bytes come from the caller
 * (`fonts.server.ts` in the Worker, the files on disk in plain Node scripts).
 */
import fontkit from "@pdf-lib/fontkit";
import { CustomFontSubsetEmbedder, type PDFDocument, type PDFFont } from "pdf-lib";

/**
 * OpenType shaping off: pdf-lib keeps only the glyph ids of a layout (it ignores kerning
 * positions), yet fontkit would run DejaVu's large GSUB/GPOS tables on every measurement and
 * line, which was over half of the render time. Slovenian needs no shaping: the letters are
 * precomposed glyphs (text is NFC-normalised in `clean`).
 */
const NO_SHAPING = {
  ccmp: false,
  locl: false,
  rlig: false,
  mark: false,
  mkmk: false,
  calt: false,
  clig: false,
  liga: false,
  rclt: false,
  curs: false,
  kern: false,
};

// Tables fontkit would decode on every render but that never reach the PDF (the subset it
// writes has its own glyf/loca/hmtx/…): OpenType layout, math, and the 6,000 glyph names in
// `post` (about 10 ms per font), which is cut down to its 32-byte header (format 3).
const UNUSED_TABLES = new Set(["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "feat", "FFTM"]);
const leanFonts = new WeakMap<Uint8Array, Uint8Array>();

/** The TrueType font without the tables above, cached per input (the fonts are module-cached). */
function leanFont(bytes: Uint8Array): Uint8Array {
  let lean = leanFonts.get(bytes);
  if (!lean) {
    try {
      lean = stripTables(bytes);
    } catch {
      lean = bytes; // an unexpected file: fontkit gets it as it is (slower, same output)
    }
    leanFonts.set(bytes, lean);
  }
  return lean;
}

function stripTables(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) return bytes; // not a plain TrueType file
  const tables: { tag: string; data: Uint8Array }[] = [];
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (UNUSED_TABLES.has(tag) || offset + length > bytes.length) continue;
    let data = bytes.subarray(offset, offset + length);
    if (tag === "post" && length > 32) {
      data = data.slice(0, 32);
      data.set([0, 3, 0, 0], 0);
    }
    tables.push({ tag, data });
  }
  const headerLength = 12 + 16 * tables.length;
  const out = new Uint8Array(headerLength + tables.reduce((sum, t) => sum + ((t.data.length + 3) & ~3), 0));
  const outView = new DataView(out.buffer);
  const log2 = Math.floor(Math.log2(tables.length));
  outView.setUint32(0, version);
  outView.setUint16(4, tables.length);
  outView.setUint16(6, 2 ** log2 * 16);
  outView.setUint16(8, log2);
  outView.setUint16(10, tables.length * 16 - 2 ** log2 * 16);
  let offset = headerLength;
  tables.forEach(({ tag, data }, i) => {
    out.set(data, offset);
    let checksum = 0;
    for (let j = 0; j < data.length; j += 4) checksum = (checksum + outView.getUint32(offset + j)) >>> 0; // zero padding is already in place
    const record = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[record + k] = tag.charCodeAt(k);
    outView.setUint32(record + 4, checksum);
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, data.length);
    offset += (data.length + 3) & ~3;
  });
  return out;
}

/** Registers fontkit and embeds both faces as subsets (tens of KB instead of 1.4 MB of fonts). */
export async function embedSheetFonts(
  doc: PDFDocument,
  font: { regular: Uint8Array; bold: Uint8Array },
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(leanFont(font.regular), { subset: true, features: NO_SHAPING });
  const bold = await doc.embedFont(leanFont(font.bold), { subset: true, features: NO_SHAPING });
  return { regular, bold };
}

// ------------------------------------------------------------------ font subsets without streams

type EncodeStreamLike = { push(chunk: Uint8Array | null): boolean; flush(): void };
type SubsetLike = { encode(stream: EncodeStreamLike): void; encodeStream(): object };
let EncodeStreamClass: (new () => EncodeStreamLike) | null = null;

/**
 * pdf-lib serialises a font subset through fontkit's Node-style stream, whose `nextTick` polyfill
 * keeps one queue for the whole isolate: in workerd, two PDFs made at the same time resolve each
 * other's promises and the runtime cancels them (HTTP 500). The subset is encoded synchronously
 * into the same stream class instead, collecting its chunks directly.
 */
function patchSubsetSerialisation() {
  const proto = CustomFontSubsetEmbedder.prototype as unknown as {
    serializeFont(this: { subset: SubsetLike }): Promise<Uint8Array>;
    __avtotrgPatched?: boolean;
  };
  if (proto.__avtotrgPatched) return;
  proto.__avtotrgPatched = true;
  proto.serializeFont = function () {
    // The class is only reachable through an instance; the throwaway's scheduled encode has no listeners.
    EncodeStreamClass ??= (this.subset.encodeStream() as { constructor: new () => EncodeStreamLike }).constructor;
    const stream = new EncodeStreamClass();
    const chunks: Uint8Array[] = [];
    stream.push = (chunk) => {
      if (chunk) chunks.push(Uint8Array.from(chunk));
      return true;
    };
    this.subset.encode(stream);
    stream.flush();
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return Promise.resolve(out);
  };
}
patchSubsetSerialisation();
