import { appConfig } from "~/app.config";
import { cropHeight } from "~/domain/image-url";
import { type ImageSize, imageSize } from "~/domain/image-size";

/** Widths /media renders (decision 078): the presets of app.config.ts and the 3:2 crops; any other is ignored. */
export const mediaWidths: readonly number[] = [
  ...new Set([...Object.values(appConfig.images.widths), ...appConfig.images.cropWidths]),
].sort((a, b) => a - b);
const cropWidthSet = new Set<number>(appConfig.images.cropWidths);

/** Formats the route re-encodes; the binding decodes these (GIF and SVG are served as they are). */
export const resizable = new Set(["image/jpeg", "image/png", "image/webp"]);

type OutputFormat = "image/avif" | "image/webp" | "image/jpeg" | "image/png";

/** Whether `type` is in an Accept header with a quality above 0 (`image/avif;q=0` refuses it). */
function accepts(accept: string, type: string): boolean {
  return accept.split(",").some((part) => {
    const [name, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (name !== type) return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** AVIF where the client takes it, else WebP, else the original's own type (JPEG or PNG; a WebP stays WebP). */
export function outputFormat(accept: string | undefined, contentType: string): OutputFormat {
  if (accepts(accept ?? "", "image/avif")) return "image/avif";
  if (accepts(accept ?? "", "image/webp") || contentType === "image/webp") return "image/webp";
  return contentType === "image/png" ? "image/png" : "image/jpeg";
}

/** A variant: `w` alone scales to fit that width; `crop` cuts a 3:2 of the middle (card widths only). */
export type Variant = { w: number; crop: boolean };

export function variantOf(w: number | undefined, crop: boolean): Variant | null {
  if (w === undefined) return null;
  return { w, crop: crop && cropWidthSet.has(w) };
}

/** "w600x400.avif": names the variant in its ETag and its cache key. */
export function variantName(v: Variant, format: OutputFormat): string {
  return `w${v.w}${v.crop ? `x${cropHeight(v.w)}` : ""}.${format.slice("image/".length)}`;
}

/**
 * What the binding is asked for, never larger than the photo: a plain width is at most the photo's own; a crop
 * keeps 3:2 and shrinks until it fits inside the photo (a 400 × 300 photo's 600 crop is 400 × 267 of its middle).
 * Without a readable size, Cloudflare's own guards: "scale-down" and "crop" never enlarge.
 */
export function transformFor(v: Variant, size: ImageSize | null): ImageTransform {
  if (!size) return v.crop ? { width: v.w, height: cropHeight(v.w), fit: "crop" } : { width: v.w, fit: "scale-down" };
  if (!v.crop) return { width: Math.min(v.w, size.width), fit: "scale-down" };
  const width = Math.max(1, Math.min(v.w, size.width, Math.floor((size.height * 3) / 2)));
  return { width, height: Math.max(1, cropHeight(width)), fit: "cover", gravity: "center" };
}

/** Enough of a file's start for its header (a phone's EXIF block comes before the frame). */
const headBytes = 128 * 1024;

/** The photo's width and height from its first bytes in R2, or null when the header does not tell. */
export async function storedSize(media: R2Bucket, key: string): Promise<ImageSize | null> {
  const head = await media.get(key, { range: { offset: 0, length: headBytes } });
  return head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
}

/**
 * The Cache API key of a variant: built from the R2 key, its version (the object's etag: a replaced file is a new
 * entry), the variant and the format — never the request itself, whose other query parameters and headers vary.
 */
export function variantCacheKey(requestUrl: string, key: string, version: string, name: string): Request {
  const origin = new URL(requestUrl).origin;
  return new Request(`${origin}/media-variants/${encodeURIComponent(key)}/${encodeURIComponent(version)}/${name}`);
}

/** A picture through a resizer: its bytes and type. */
export type Resized = { bytes: ArrayBuffer; contentType: string };
export type Resize = (
  body: ReadableStream<Uint8Array>,
  transform: ImageTransform,
  format: OutputFormat,
) => Promise<Resized>;

function bindingResize(images: ImagesBinding): Resize {
  return async (body, transform, format) => {
    const result = await images.input(body).transform(transform).output({ format });
    // Buffered (a variant is at most 1920 px wide): one copy for the cache, one for the answer.
    return { bytes: await result.response().arrayBuffer(), contentType: result.contentType() || format };
  };
}

/**
 * Local runs (DEV_OUTBOX=1): Miniflare's binding ignores `fit` and `gravity` (every resize is sharp's "contain", a
 * crop comes back padded), so the resize goes to the dev server's sharp endpoint (scripts/lib/dev-images.mjs), which
 * does what Cloudflare does; the API tests bind that as DEV_IMAGES. Where neither answers, Miniflare's binding.
 */
function devResize(send: (request: Request) => Promise<Response>, fallback: ImagesBinding | undefined): Resize {
  return async (body, transform, format) => {
    const bytes = await new Response(body).arrayBuffer();
    const form = new FormData();
    form.set("image", new Blob([bytes]));
    form.set("transform", JSON.stringify(transform));
    form.set("format", format);
    const answer = await send(new Request("http://localhost/__dev/images", { method: "POST", body: form })).catch(
      () => null,
    );
    if (answer?.ok)
      return { bytes: await answer.arrayBuffer(), contentType: answer.headers.get("content-type") ?? format };
    if (!fallback) throw new Error(`local resize failed (${answer?.status ?? "no answer"})`);
    return bindingResize(fallback)(new Blob([bytes]).stream(), transform, format);
  };
}

/** How this deployment resizes: the Images binding on Cloudflare, the dev server's sharp on a local run; null: none. */
export function resizerFor(env: Env & { DEV_IMAGES?: Fetcher }, requestUrl: string): Resize | null {
  if (env.DEV_OUTBOX === "1") {
    const bound = env.DEV_IMAGES;
    const endpoint = new URL("/__dev/images", requestUrl);
    return devResize(bound ? (r) => bound.fetch(r) : (r) => fetch(endpoint, r), env.IMAGES);
  }
  return env.IMAGES ? bindingResize(env.IMAGES) : null;
}
