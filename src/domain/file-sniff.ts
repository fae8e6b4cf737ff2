/**
 * Content type of an uploaded file from its first bytes ("magic numbers"). The file's name and the
 * type the browser declared are never trusted: a text file called `x.jpg` is not a picture.
 * Shared and pure (no I/O): give it the first few hundred bytes of the file.
 */
export type SniffedFileType = "image/jpeg" | "image/png" | "image/webp" | "image/heic" | "application/pdf";

/** How many leading bytes `sniffFileType` looks at (enough for an ISO-BMFF `ftyp` box with its brands). */
export const sniffByteCount = 256;

/** HEIC/HEIF major brands (ISO/IEC 23008-12); `mif1`/`msf1` are shared with AVIF, see below. */
const heifBrands = new Set(["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"]);
const genericHeifBrands = new Set(["mif1", "msf1"]);
const avifBrands = new Set(["avif", "avis"]);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  bytes.length >= from + length ? String.fromCharCode(...bytes.subarray(from, from + length)) : "";

const jpeg = [0xff, 0xd8, 0xff] as const;
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** The compatible brands listed in an `ftyp` box (bounded by the box size and the bytes at hand). */
function compatibleBrands(bytes: Uint8Array): string[] {
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(Math.max(boxSize, 16), bytes.length);
  const brands: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

function isHeif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 4) !== "ftyp") return false;
  const major = ascii(bytes, 8, 4);
  if (!heifBrands.has(major)) return false;
  // A generic HEIF brand with an AVIF brand among the compatible ones is an AVIF picture, not HEIC.
  if (genericHeifBrands.has(major) && compatibleBrands(bytes).some((b) => avifBrands.has(b))) return false;
  return true;
}

/** The file's real type by its magic bytes, or null when it is none of the accepted kinds. */
export function sniffFileType(bytes: Uint8Array): SniffedFileType | null {
  if (startsWith(bytes, jpeg)) return "image/jpeg";
  if (startsWith(bytes, png)) return "image/png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (isHeif(bytes)) return "image/heic";
  if (ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  return null;
}

/** File name extension for a sniffed type (used for storage keys). */
export const sniffedExtension: Record<SniffedFileType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};
