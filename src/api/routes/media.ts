import { Hono } from "hono";
import { cardCropWidths, carouselCropWidth, cropHeight } from "~/domain/image-url";
import { notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

/** Widths the image route renders: the rewriter's presets and the card crops. */
export const mediaWidths = [256, 300, 512, 600, 900, 1024, 1280, 1440, 1920] as const;
/** Widths that may be cropped to the cards' 3:2 (`crop=1`); any other width with crop is a plain resize. */
const cropWidths = new Set<number>([...cardCropWidths, carouselCropWidth]);

// Keys are our own (seed/, postings/, dealers/…): letters, digits, dash, underscore, dot, slash; no "..".
const mediaKeyPattern = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,255}$/;

const mediaQuery = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w) => (mediaWidths as readonly number[]).includes(w))
    .optional()
    .catch(undefined),
  crop: z.literal("1").optional().catch(undefined),
});

/** A malformed escape ("%ZZ") names no file: "", which the key pattern refuses (404), rather than a URIError (500). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "";
  }
}

const immutable = "public, max-age=31536000, immutable";
const resizable = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Our own uploaded and seeded files from R2, by key; `w` picks a width where the runtime can resize. */
export const mediaRoutes = new Hono<ApiEnv>().get("/*", validate("query", mediaQuery), async (c) => {
  const key = safeDecode(c.req.path.replace(/^\/media\//, ""));
  // private/… (e.g. business register extracts) is only ever served through an access-checked route.
  if (!mediaKeyPattern.test(key) || key.startsWith("private/")) throw notFound("Datoteka ne obstaja.");

  const head = await c.env.MEDIA.head(key);
  if (!head) throw notFound("Datoteka ne obstaja.");
  const query = c.req.valid("query");
  const w = query.w;
  // A crop to the cards' 3:2 (cover: the middle of a portrait photo), only at the card widths.
  const h = w && query.crop && cropWidths.has(w) ? cropHeight(w) : undefined;
  const etag = w ? `"${head.etag}-w${w}${h ? `x${h}` : ""}"` : head.httpEtag;
  const headers = new Headers({
    "Cache-Control": immutable,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // An SVG opened on its own must never run script or load anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });

  const object = await c.env.MEDIA.get(key);
  if (!object) throw notFound("Datoteka ne obstaja.");
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  headers.set("Content-Type", contentType);

  if (w && c.env.IMAGES && resizable.has(contentType)) {
    try {
      const transformed = await c.env.IMAGES.input(object.body)
        .transform(h ? { width: w, height: h, fit: "cover" } : { width: w, fit: "scale-down" })
        .output({ format: "image/webp" });
      const response = transformed.response();
      headers.set("Content-Type", "image/webp");
      return new Response(response.body, { headers });
    } catch (err) {
      // A failed resize still answers with the original: the page keeps its picture.
      console.warn("image resize failed", key, err);
      // Not this variant: no long-lived cache, so the next request tries the resize again.
      headers.set("Cache-Control", "no-cache");
      headers.delete("ETag");
      const original = await c.env.MEDIA.get(key);
      if (original) return new Response(original.body, { headers });
      throw notFound("Datoteka ne obstaja.");
    }
  }
  return new Response(object.body, { headers });
});
