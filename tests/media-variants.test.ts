import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { appConfig } from "~/app.config";
import { cropHeight, rewriteImageUrl, type ImagePreset } from "~/domain/image-url";
import { imageSize } from "~/domain/image-size";
import { call } from "./fixtures";
import { chunk, noisyPng, phonePhoto } from "./photo-fixtures";

// Decision 078: every preset and crop on /media through the Images binding, never enlarged, AVIF/WebP by
// Accept, each variant kept in the Cache API and served from there the next time.

const webp = { headers: { Accept: "image/webp,*/*" } };
let files = 0;
/** A new R2 key for this run (the cache and ETags are per key: a reused one would answer from an earlier test). */
const freshKey = (name: string) => `postings/media-test/${++files}-${name}`;

async function put(key: string, bytes: Uint8Array, contentType: string) {
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  return `/media/${key}`;
}

/** The answer's pixel size, read from its header (JPEG, PNG or WebP). */
async function sizeOf(res: Response) {
  expect(res.status).toBe(200);
  return imageSize(new Uint8Array(await res.arrayBuffer()));
}

/** An AVIF's size from its `ispe` (image spatial extents) box: version and flags, then width and height. */
function avifSize(bytes: Uint8Array) {
  const at = Buffer.from(bytes).indexOf("ispe");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return at < 0 ? null : { width: view.getUint32(at + 8), height: view.getUint32(at + 12) };
}

describe("/media variants of a 3000 × 4000 phone photo", () => {
  let portrait = "";
  beforeAll(async () => {
    portrait = await put(freshKey("pokoncna.jpg"), await phonePhoto("image/jpeg", 3000, 4000, 78), "image/jpeg");
  }, 60_000);

  it.each(Object.entries(appConfig.images.widths))(
    "%s is %i px wide in the photo's own 3:4 (no cap at 1280)",
    async (preset, width) => {
      const res = await call(rewriteImageUrl(portrait, preset as ImagePreset), webp);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(await sizeOf(res)).toEqual({ width, height: Math.round((width * 4) / 3) });
    },
  );

  it.each(appConfig.images.cropWidths.map((w) => [w]))("the %i px crop is 3:2", async (width) => {
    const res = await call(rewriteImageUrl(portrait, `crop${width}`), webp);
    expect(await sizeOf(res)).toEqual({ width, height: cropHeight(width) });
  });

  it("the carousel crop is 600 × 400", async () => {
    expect(await sizeOf(await call(rewriteImageUrl(portrait, "carousel"), webp))).toEqual({ width: 600, height: 400 });
  });
});

const pipe = async (bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream) =>
  new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());

/** A portrait RGB PNG: red above `top` and below `bottom`, green between (a 3:2 crop of the middle is all green). */
async function bandedPng(width: number, height: number, top: number, bottom: number) {
  const rows = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const green = y >= top && y < bottom;
    for (let x = 0; x < width; x++) rows.set(green ? [0, 200, 0] : [220, 0, 0], y * (width * 3 + 1) + 1 + x * 3);
  }
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = await pipe(rows, new CompressionStream("deflate"));
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", new Uint8Array(0))];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The RGB(A) pixel at (x, y) of an 8-bit PNG whose rows are unfiltered or "sub"/"up"-filtered (what sharp writes). */
async function pngPixel(png: Uint8Array<ArrayBuffer>, x: number, y: number): Promise<number[]> {
  const view = new DataView(png.buffer, png.byteOffset);
  const width = view.getUint32(16);
  const channels = png[25] === 6 ? 4 : 3;
  const idat: Uint8Array<ArrayBuffer>[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === "IDAT")
      idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = await pipe(new Uint8Array(await new Blob(idat).arrayBuffer()), new DecompressionStream("deflate"));
  const stride = width * channels + 1;
  const rows: Uint8Array[] = [];
  for (let r = 0; r <= y; r++) {
    const filter = raw[r * stride] ?? 0;
    const row = raw.slice(r * stride + 1, (r + 1) * stride);
    const above = rows[r - 1] ?? new Uint8Array(row.length);
    for (let i = 0; i < row.length; i++) {
      const left = i >= channels ? (row[i - channels] ?? 0) : 0;
      const up = above[i] ?? 0;
      const upLeft = i >= channels ? (above[i - channels] ?? 0) : 0;
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      const add = [0, left, up, (left + up) >> 1, paeth][filter] ?? 0;
      row[i] = ((row[i] ?? 0) + add) & 0xff;
    }
    rows.push(row);
  }
  return Array.from(rows[y]?.subarray(x * channels, x * channels + 3) ?? []);
}

describe("/media crops the middle", () => {
  it("a 3:2 crop of a portrait picture is its middle, edge to edge (no bars, no red from the top or bottom)", async () => {
    // 300 × 450: the 3:2 middle is rows 125–325; green from 120 to 330.
    const png = await put(freshKey("pasovi.png"), await bandedPng(300, 450, 120, 330), "image/png");
    const res = await call(rewriteImageUrl(png, "crop150"), { headers: { Accept: "*/*" } });
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(imageSize(bytes)).toEqual({ width: 150, height: 100 });
    for (const [x, y] of [
      [0, 0],
      [149, 0],
      [0, 99],
      [149, 99],
      [75, 50],
    ] as const) {
      const [r = 0, g = 0, b = 0] = await pngPixel(bytes, x, y);
      expect([r < 40, g > 160, b < 40], `pixel ${x},${y} is ${r},${g},${b}`).toEqual([true, true, true]);
    }
  });
});

describe("/media never enlarges", () => {
  it("an 800 px photo asked at 1920 stays 800 wide; its crops keep 3:2 without growing", async () => {
    const small = await put(freshKey("majhna.jpg"), await phonePhoto("image/jpeg", 800, 1064, 79), "image/jpeg");
    expect(await sizeOf(await call(rewriteImageUrl(small, "xxxl"), webp))).toEqual({ width: 800, height: 1064 });
    expect(await sizeOf(await call(rewriteImageUrl(small, "crop1200"), webp))).toEqual({ width: 800, height: 533 });
    // A wide, low photo: the crop is as high as the photo and 3:2 of that.
    const wide = await put(freshKey("siroka.jpg"), await phonePhoto("image/jpeg", 800, 300, 80), "image/jpeg");
    expect(await sizeOf(await call(rewriteImageUrl(wide, "crop900"), webp))).toEqual({ width: 450, height: 300 });
    expect(await sizeOf(await call(rewriteImageUrl(wide, "crop300"), webp))).toEqual({ width: 300, height: 200 });
  });

  it("a width that is not a preset, or a crop at a plain width, is no variant of its own", async () => {
    const png = await put(freshKey("slika.png"), await noisyPng(700, 40, 81), "image/png");
    const odd = await call(`${png}?w=99999`, webp);
    expect(odd.headers.get("content-type")).toBe("image/png");
    expect(await sizeOf(odd)).toEqual({ width: 700, height: 40 });
    // 256 is no crop width: a plain resize in the photo's proportions.
    expect(await sizeOf(await call(`${png}?w=256&crop=1`, webp))).toEqual({ width: 256, height: 15 });
  });
});

describe("/media formats by Accept", () => {
  it("AVIF where accepted, else WebP, else the original's type; Vary: Accept and an ETag per format", async () => {
    const jpeg = await put(freshKey("format.jpg"), await phonePhoto("image/jpeg", 1200, 900, 82), "image/jpeg");
    const url = rewriteImageUrl(jpeg, "md");
    const chromium = await call(url, { headers: { Accept: "image/avif,image/webp,image/apng,*/*;q=0.8" } });
    expect(chromium.headers.get("content-type")).toBe("image/avif");
    expect(avifSize(new Uint8Array(await chromium.arrayBuffer()))).toEqual({ width: 512, height: 384 });
    const refused = await call(url, { headers: { Accept: "image/avif;q=0,image/webp" } });
    expect(refused.headers.get("content-type")).toBe("image/webp");
    const any = await call(url, { headers: { Accept: "*/*" } });
    expect(any.headers.get("content-type")).toBe("image/jpeg");
    expect(await sizeOf(any)).toEqual({ width: 512, height: 384 });
    const etags = [chromium, refused, any].map((r) => r.headers.get("etag"));
    expect(new Set(etags).size).toBe(3);
    for (const r of [chromium, refused, any]) expect(r.headers.get("vary")).toBe("Accept");
    // A PNG without AVIF or WebP stays a PNG.
    const png = await put(freshKey("format.png"), await noisyPng(600, 60, 83), "image/png");
    expect((await call(`${png}?w=256`, { headers: { Accept: "*/*" } })).headers.get("content-type")).toBe("image/png");
    // The ETag answers 304 for its own format only.
    const same = await call(url, { headers: { Accept: "*/*", "If-None-Match": etags[2] ?? "" } });
    expect(same.status).toBe(304);
    const other = await call(url, { headers: { Accept: "image/webp", "If-None-Match": etags[2] ?? "" } });
    expect(other.status).toBe(200);
  });
});

describe("/media variants in the Cache API", () => {
  it("the second request for a variant comes from the cache without resizing again", async () => {
    const key = freshKey("predpomnilnik.jpg");
    const path = await put(key, await phonePhoto("image/jpeg", 1600, 1200, 84), "image/jpeg");
    const url = rewriteImageUrl(path, "crop600");
    const first = await call(url, webp);
    expect(first.headers.get("x-media-cache")).toBe("MISS");
    const firstBytes = new Uint8Array(await first.arrayBuffer());

    // A local run resizes through DEV_IMAGES (Cloudflare: the Images binding): count its calls.
    const binding = vi.spyOn((env as unknown as { DEV_IMAGES: Fetcher }).DEV_IMAGES, "fetch");
    try {
      const second = await call(url, webp);
      expect(second.headers.get("x-media-cache")).toBe("HIT");
      expect(second.headers.get("content-type")).toBe("image/webp");
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(new Uint8Array(await second.arrayBuffer())).toEqual(firstBytes);
      expect(binding).not.toHaveBeenCalled();
      // Another variant or format of the same key is its own entry; the query's other parameters are not.
      expect((await call(`${url}&x=1`, webp)).headers.get("x-media-cache")).toBe("HIT");
      expect((await call(url, { headers: { Accept: "*/*" } })).headers.get("x-media-cache")).toBe("MISS");
      expect(binding).toHaveBeenCalledTimes(1);
    } finally {
      binding.mockRestore();
    }
  });

  it("a replaced file is a new entry, and a deleted one is gone though its variant is cached", async () => {
    const key = freshKey("zamenjana.jpg");
    const path = await put(key, await phonePhoto("image/jpeg", 1600, 1200, 85), "image/jpeg");
    const url = rewriteImageUrl(path, "sm");
    expect((await call(url, webp)).headers.get("x-media-cache")).toBe("MISS");
    await put(key, await phonePhoto("image/jpeg", 1200, 1600, 86), "image/jpeg");
    const replaced = await call(url, webp);
    expect(replaced.headers.get("x-media-cache")).toBe("MISS");
    expect(await sizeOf(replaced)).toEqual({ width: 256, height: 341 });
    await env.MEDIA.delete(key);
    expect((await call(url, webp)).status).toBe(404);
  });
});
