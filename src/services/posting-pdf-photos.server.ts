/**
 * The PDF sheet's photos (issue 23, decision 063): each read from R2 and, through the Images binding, made a JPEG
 * of at most 1,600 px on its long side before the sheet embeds it, so eight phone photos stay under 2 MB and WebP
 * or AVIF photos print. The original streams from R2 into the binding; only the small JPEG is held in memory.
 */
import { imageSize } from "~/domain/image-size";
import { imageKind, type SheetImage } from "./pdf/image-kind.server";

/** Long side of the printed main photo: its box is 18.5 × 8.8 cm, so 1,600 px prints at 300 dpi or more. */
export const printMaxSidePx = 1600;
/** Long side of a printed thumbnail: its box is 2.5 × 1.6 cm, so 400 px is ~400 dpi. */
export const printThumbMaxSidePx = 400;
/** At most this many photos are fetched and transformed at the same time. */
export const printConcurrency = 8;
const printQuality = 80;
/** Enough of a photo's start to find its size past the EXIF block of a phone's JPEG. */
const headBytes = 128 * 1024;

type Picture = { url: string; mimeType: string };

/** `fn` over `items` with at most `limit` calls running at once; results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const isSvg = (mimeType: string) => mimeType.includes("svg");

/**
 * The box a photo is scaled down into: its own proportions when its header tells its size (Miniflare's local
 * binding pads a photo to the box it is given; Cloudflare's keeps the proportions either way), else a square.
 */
async function printBox(media: R2Bucket, key: string, side: number) {
  const head = await media.get(key, { range: { offset: 0, length: headBytes } });
  const size = head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
  if (!size) return { width: side, height: side };
  const scale = Math.min(1, side / Math.max(size.width, size.height));
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

/** The photo as a print-sized JPEG through the binding, or null when the binding fails or answers no JPEG. */
async function printJpeg(
  images: ImagesBinding,
  body: ReadableStream<Uint8Array>,
  box: { width: number; height: number },
  key: string,
) {
  try {
    const result = await images
      .input(body)
      .transform({ ...box, fit: "scale-down" })
      .output({ format: "image/jpeg", quality: printQuality });
    const bytes = new Uint8Array(await result.response().arrayBuffer());
    if (imageKind({ bytes, mimeType: "image/jpeg" }) === "jpeg") return bytes;
    console.warn("pdf photo: the Images binding answered no JPEG", key);
  } catch (err) {
    console.warn("pdf photo: resize failed", key, err instanceof Error ? err.message : err);
  }
  return null;
}

/**
 * The print-sized JPEGs are kept in the Cache API (decision 079): an object key names one upload forever (a new
 * photo gets a new key), and the ETag in the cache key covers an object written again under the same key.
 */
const printCacheSeconds = 30 * 24 * 60 * 60;
// Workers' `caches.default` (the DOM lib's CacheStorage type, also in scope, has no `default`); none in plain Node.
const printCache = () => (typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default);
const printCacheKey = (key: string, etag: string, side: number) =>
  `https://pdf-print.invalid/${encodeURIComponent(key)}?etag=${encodeURIComponent(etag)}&side=${side}`;

/** The photo as a print-sized JPEG: from the cache, else through the binding (then cached); null on failure. */
async function cachedPrintJpeg(media: R2Bucket, images: ImagesBinding, key: string, etag: string, side: number) {
  const cache = printCache();
  const cacheKey = printCacheKey(key, etag, side);
  const hit = await cache?.match(cacheKey).catch(() => undefined);
  if (hit) return new Uint8Array(await hit.arrayBuffer());
  const box = await printBox(media, key, side);
  const object = await media.get(key);
  if (!object) return null;
  const bytes = await printJpeg(images, object.body, box, key);
  if (bytes && cache) {
    const headers = { "content-type": "image/jpeg", "cache-control": `public, max-age=${printCacheSeconds}` };
    await cache.put(cacheKey, new Response(bytes, { headers })).catch((err: unknown) => {
      console.warn("pdf photo: cache put failed", key, err instanceof Error ? err.message : err);
    });
  }
  return bytes;
}

/** One photo for the sheet (no longer than `side` px), or null when its object is gone. */
async function sheetPhoto(media: R2Bucket, images: ImagesBinding | undefined, pic: Picture, side: number) {
  const key = pic.url.replace(/^\/media\//, "");
  // SVG (the demo pictures) stays vector; rasters go through the binding when there is one.
  if (images && !isSvg(pic.mimeType)) {
    const head = await media.head(key);
    if (!head) return null;
    const bytes = await cachedPrintJpeg(media, images, key, head.etag, side);
    if (bytes) return { bytes, mimeType: "image/jpeg" };
  }
  // No binding, or it failed: the original (read again: the first body went into the binding).
  const object = await media.get(key);
  if (!object) return null;
  const image: SheetImage = { bytes: new Uint8Array(await object.arrayBuffer()), mimeType: pic.mimeType };
  // A format the sheet cannot embed prints as a note: its bytes are not kept until the render.
  return imageKind(image) ? image : { bytes: new Uint8Array(0), mimeType: pic.mimeType };
}

/**
 * The sheet's photos in the given order (the gallery's: exterior first, so the first is the cover): the first
 * sized for the main photo, the others for the thumbnails.
 */
export async function sheetPhotos(
  media: R2Bucket,
  images: ImagesBinding | undefined,
  pictures: readonly Picture[],
): Promise<SheetImage[]> {
  const sized = pictures.map((pic, i) => ({ pic, side: i === 0 ? printMaxSidePx : printThumbMaxSidePx }));
  const photos = await mapLimited(sized, printConcurrency, ({ pic, side }) => sheetPhoto(media, images, pic, side));
  return photos.filter((p) => p !== null);
}
