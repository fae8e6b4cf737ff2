import { appConfig } from "~/app.config";
import { formatNumber } from "./format";

/**
 * Pixel dimensions of a JPEG, PNG or WebP picture read from its header bytes (no decoding, no I/O).
 * The server uses it to check an uploaded dealership banner is exactly 1440 × 500, and that no
 * uploaded picture declares more pixels than we (and the image transformations) handle.
 */
export type ImageSize = { width: number; height: number };

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) >>> 0) + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));
const ascii = (b: Uint8Array, at: number, length: number) =>
  b.length >= at + length ? String.fromCharCode(...b.subarray(at, at + length)) : "";

const sized = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

// Start-of-frame markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 4 <= b.length) {
    // Stray bytes between segments: decoders (libjpeg) skip them up to the next marker, and so do we,
    // or a few junk bytes before the frame would hide its size from the upload check.
    if (b[at] !== 0xff) {
      at += 1;
      continue;
    }
    const marker = b[at + 1] ?? 0;
    // Fill bytes: any number of 0xFF may precede a marker; FF 00 is no marker at all.
    if (marker === 0xff || marker === 0x00) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    // Markers without a length field (RSTn, TEM); SOI again or EOI before a frame is a broken file.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return sized(u16be(b, at + 7), u16be(b, at + 5));
    }
    at += 2 + length;
  }
  return null;
}

function pngSize(b: Uint8Array): ImageSize | null {
  if (ascii(b, 12, 4) !== "IHDR" || b.length < 24) return null;
  return sized(u32be(b, 16), u32be(b, 20));
}

function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    // Lossy key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (b.length < 30 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    // Lossless: signature 0x2F, then width-1 and height-1 as two 14-bit fields.
    if (b.length < 25 || b[20] !== 0x2f) return null;
    const b0 = b[21] ?? 0,
      b1 = b[22] ?? 0,
      b2 = b[23] ?? 0,
      b3 = b[24] ?? 0;
    return sized(1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)));
  }
  if (chunk === "VP8X") {
    // Extended: canvas width-1 and height-1 as 24-bit little-endian numbers.
    if (b.length < 30) return null;
    return sized(1 + u24le(b, 24), 1 + u24le(b, 27));
  }
  return null;
}

/** Width and height from the header of a JPEG, PNG or WebP file, or null when unreadable or another format. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return pngSize(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webpSize(bytes);
  return null;
}

const { uploadMaxSidePx, uploadMaxPixels } = appConfig.images;

/** Why an uploaded picture is refused when its header declares too many pixels (one message for every upload). */
export const oversizedPictureMessage = `Slika je prevelika: največ ${formatNumber(uploadMaxSidePx)} slikovnih pik v širino ali višino in ${uploadMaxPixels / 1_000_000} milijonov slikovnih pik skupaj.`;

/**
 * True when a JPEG, PNG or WebP file's header declares a picture wider or higher than
 * `images.uploadMaxSidePx`, or larger than `images.uploadMaxPixels` (a "decompression bomb").
 * Files whose size cannot be read (other formats, headers without a frame) are left to the type checks.
 */
export function exceedsPictureLimits(bytes: Uint8Array): boolean {
  const size = imageSize(bytes);
  if (!size) return false;
  return size.width > uploadMaxSidePx || size.height > uploadMaxSidePx || size.width * size.height > uploadMaxPixels;
}
