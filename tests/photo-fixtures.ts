import { env } from "cloudflare:workers";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 of PNG chunks. */
export const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

async function deflate(bytes: Uint8Array<ArrayBuffer>) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG chunk: length, type, data and its CRC. */
export function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An RGB PNG of seeded noise over a gradient (a linear congruential generator: the same seed, the same bytes). */
export async function noisyPng(width: number, height: number, seed: number) {
  const rows = new Uint8Array((width * 3 + 1) * height);
  let s = seed >>> 0;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let i = 0; i < width * 3; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      rows[row + 1 + i] = (s >>> 25) + (i % 3 === 0 ? Math.floor((y * 128) / height) : 64);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(rows)),
    chunk("IEND", new Uint8Array(0)),
  ];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/**
 * A phone-sized photo (width × height, e.g. 3000 × 4000) made by the Images binding from a quarter-size noise
 * PNG: ~3 MB as JPEG or WebP, close to what a phone uploads.
 */
export async function phonePhoto(format: "image/jpeg" | "image/webp", width: number, height: number, seed: number) {
  const png = await noisyPng(Math.round(width / 4), Math.round(height / 4), seed);
  const result = await env.IMAGES.input(new Blob([png]).stream())
    .transform({ width, height, fit: "cover" })
    .output({ format });
  return new Uint8Array(await result.response().arrayBuffer());
}
