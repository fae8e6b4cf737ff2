import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { exceedsPictureLimits, imageSize } from "./image-size";

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

// Real files drawn by Chromium's canvas: a 7 × 3 JPEG (with an ICC profile segment before the frame),
// a 7 × 3 extended WebP (VP8X) and a 5 × 9 lossless WebP (VP8L); a 1 × 1 PNG.
const jpeg7x3 = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAcDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAWEAEBAQAAAAAAAAAAAAAAAAABABH/xAAVAQEBAAAAAAAAAAAAAAAAAAAFBv/EABgRAQEBAQEAAAAAAAAAAAAAAAECABEh/9oADAMBAAIRAxEAPwCKADAwkkiHPDQlU2tU9Xf/2Q==",
);
const webp7x3 = fromBase64(
  "UklGRigCAABXRUJQVlA4WAoAAAAgAAAABgAAAgAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggOgAAAPABAJ0BKgcAAwABQCYlsAJ0ugB+DoSDAAD+8FPmnLXGqB4xX7l/8/6LrPNeuxQGX/00j/jSPlNAAAA=",
);
const webpLossless5x9 = fromBase64("UklGRhoAAABXRUJQVlA4TA0AAAAvBAACEAcQERGIiP4HAA==");
const png1x1 = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
);

/** A minimal baseline JPEG header: SOI, an APP1 segment of `app1Bytes`, then SOF0 with the size. */
function jpegHeader(width: number, height: number, { app1Bytes = 0, sof = 0xc0 } = {}): Uint8Array {
  const app1 = app1Bytes
    ? [0xff, 0xe1, ((app1Bytes + 2) >> 8) & 0xff, (app1Bytes + 2) & 0xff, ...new Array<number>(app1Bytes).fill(0x45)]
    : [];
  const frame = [
    0xff,
    sof,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Uint8Array.from([0xff, 0xd8, ...app1, ...frame]);
}

/** A simple lossy WebP ("VP8 ") header with the given size. */
function webpLossy(width: number, height: number): Uint8Array {
  const b = new Uint8Array(30);
  b.set(new TextEncoder().encode("RIFF"), 0);
  b.set(new TextEncoder().encode("WEBPVP8 "), 8);
  b.set([0x9d, 0x01, 0x2a, width & 0xff, (width >> 8) & 0x3f, height & 0xff, (height >> 8) & 0x3f], 23);
  return b;
}

/** A PNG signature and IHDR chunk with the given size. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  b.set(new TextEncoder().encode("IHDR"), 12);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

describe("imageSize", () => {
  it("reads real files of each accepted format", () => {
    expect(imageSize(jpeg7x3)).toEqual({ width: 7, height: 3 });
    expect(imageSize(webp7x3)).toEqual({ width: 7, height: 3 });
    expect(imageSize(webpLossless5x9)).toEqual({ width: 5, height: 9 });
    expect(imageSize(png1x1)).toEqual({ width: 1, height: 1 });
  });

  it("tells a 1440 × 500 banner from a 1440 × 490 one in every format", () => {
    expect(imageSize(jpegHeader(1440, 500))).toEqual({ width: 1440, height: 500 });
    expect(imageSize(jpegHeader(1440, 490))).toEqual({ width: 1440, height: 490 });
    expect(imageSize(pngHeader(1440, 500))).toEqual({ width: 1440, height: 500 });
    expect(imageSize(webpLossy(1440, 500))).toEqual({ width: 1440, height: 500 });
  });

  it("skips long segments before the frame (EXIF) and reads progressive frames", () => {
    expect(imageSize(jpegHeader(4000, 3000, { app1Bytes: 20_000 }))).toEqual({ width: 4000, height: 3000 });
    expect(imageSize(jpegHeader(1440, 500, { sof: 0xc2 }))).toEqual({ width: 1440, height: 500 });
  });

  it("answers null for truncated, zero-sized and other files", () => {
    expect(imageSize(jpeg7x3.subarray(0, 200))).toBeNull();
    expect(imageSize(jpegHeader(0, 500))).toBeNull();
    expect(imageSize(pngHeader(1440, 500).subarray(0, 20))).toBeNull();
    expect(imageSize(new TextEncoder().encode("%PDF-1.4\n"))).toBeNull();
    expect(imageSize(new TextEncoder().encode("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});

describe("imageSize on hostile JPEGs", () => {
  it("skips stray bytes and FF 00 between segments, as decoders do, so junk cannot hide the frame", () => {
    const header = jpegHeader(60_000, 60_000);
    const withJunk = Uint8Array.from([...header.subarray(0, 2), 0x00, 0x13, 0x37, 0xff, 0x00, ...header.subarray(2)]);
    expect(imageSize(withJunk)).toEqual({ width: 60_000, height: 60_000 });
  });
});

describe("exceedsPictureLimits", () => {
  const { uploadMaxSidePx: side, uploadMaxPixels: pixels } = appConfig.images;

  it("refuses headers declaring more than the side or pixel limit, in every format", () => {
    expect(exceedsPictureLimits(pngHeader(60_000, 60_000))).toBe(true);
    expect(exceedsPictureLimits(jpegHeader(side + 1, 1))).toBe(true);
    expect(exceedsPictureLimits(pngHeader(1, side + 1))).toBe(true);
    expect(exceedsPictureLimits(pngHeader(10_001, Math.floor(pixels / 10_001) + 1))).toBe(true);
    expect(exceedsPictureLimits(webpLossy(16_000, 2))).toBe(true);
  });

  it("lets real and large-but-sane pictures through, and leaves unreadable files to the type checks", () => {
    expect(exceedsPictureLimits(jpeg7x3)).toBe(false);
    expect(exceedsPictureLimits(png1x1)).toBe(false);
    expect(exceedsPictureLimits(pngHeader(side, Math.floor(pixels / side)))).toBe(false);
    expect(exceedsPictureLimits(jpegHeader(4000, 3000, { app1Bytes: 20_000 }))).toBe(false);
    expect(exceedsPictureLimits(new TextEncoder().encode("%PDF-1.4\n"))).toBe(false);
  });
});
