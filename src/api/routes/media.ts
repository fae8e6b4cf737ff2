import { Hono } from "hono";
import { AppError, notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import type { ApiEnv } from "../env";
import {
  mediaWidths,
  outputFormat,
  type Resize,
  resizable,
  resizerFor,
  storedSize,
  transformFor,
  type Variant,
  variantCacheKey,
  variantName,
  variantOf,
} from "../media-variant";
import { validate } from "../validate";

// Keys are our own (seed/, postings/, dealers/…): letters, digits, dash, underscore, dot, slash; no "..".
const mediaKeyPattern = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,255}$/;

const mediaQuery = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w) => mediaWidths.includes(w))
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

const securityHeaders = {
  "X-Content-Type-Options": "nosniff",
  // An SVG opened on its own must never run script or load anything.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/**
 * A variant through the Images binding, kept in the Cache API (decision 078): the next request for the same key,
 * variant and format is answered from there (`X-Media-Cache: HIT`) without reading R2 or calling the binding.
 */
async function renderVariant(
  env: Env,
  resize: Resize,
  at: { requestUrl: string; key: string; head: R2Object },
  variant: Variant,
  format: ReturnType<typeof outputFormat>,
  headers: Headers,
): Promise<Response | null> {
  const cacheKey = variantCacheKey(at.requestUrl, at.key, at.head.etag, variantName(variant, format));
  const cache = (caches as unknown as { default: Cache }).default;
  const cached = await cache.match(cacheKey);
  if (cached) {
    headers.set("Content-Type", cached.headers.get("Content-Type") ?? format);
    headers.set("X-Media-Cache", "HIT");
    return new Response(cached.body, { headers });
  }
  const size = await storedSize(env.MEDIA, at.key);
  const object = await env.MEDIA.get(at.key);
  if (!object) return null;
  const { bytes, contentType } = await resize(object.body, transformFor(variant, size), format);
  headers.set("Content-Type", contentType);
  headers.set("X-Media-Cache", "MISS");
  const stored = new Response(bytes, {
    headers: { "Content-Type": contentType, "Cache-Control": headers.get("Cache-Control") ?? immutable },
  });
  await cache.put(cacheKey, stored).catch((err: unknown) => console.warn("media cache put failed", at.key, err));
  return new Response(bytes, { headers });
}

/**
 * Our own uploaded and seeded files from R2, by key; `w` (and `crop=1`) picks a variant: scaled to a preset width
 * or a 3:2 crop of the middle, never enlarged, as AVIF, WebP or the original's type by the client's Accept.
 */
export const mediaRoutes = new Hono<ApiEnv>().get("/*", validate("query", mediaQuery), async (c) => {
  const key = safeDecode(c.req.path.replace(/^\/media\//, ""));
  // private/… (e.g. business register extracts) is only ever served through an access-checked route.
  if (!mediaKeyPattern.test(key) || key.startsWith("private/")) throw notFound("Datoteka ne obstaja.");

  const head = await c.env.MEDIA.head(key);
  if (!head) throw notFound("Datoteka ne obstaja.");
  const query = c.req.valid("query");
  const contentType = head.httpMetadata?.contentType ?? "application/octet-stream";
  const variant = variantOf(query.w, query.crop === "1");
  const headers = new Headers({ "Cache-Control": immutable, ...securityHeaders });

  const resize = resizerFor(c.env, c.req.url);
  if (variant && resize && resizable.has(contentType)) {
    const format = outputFormat(c.req.header("Accept"), contentType);
    const etag = `"${head.etag}-${variantName(variant, format)}"`;
    headers.set("ETag", etag);
    // The same URL answers AVIF, WebP or JPEG: a browser's or a CDN's cache keeps them apart by Accept.
    headers.set("Vary", "Accept");
    if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    try {
      const at = { requestUrl: c.req.url, key, head };
      const answer = await renderVariant(c.env, resize, at, variant, format, headers);
      if (answer) return answer;
      throw notFound("Datoteka ne obstaja.");
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A failed resize still answers with the original: the page keeps its picture.
      console.warn("image resize failed", key, err);
      // Not this variant: no long-lived cache, so the next request tries the resize again.
      headers.set("Cache-Control", "no-cache");
      headers.delete("ETag");
      headers.delete("Vary");
    }
  } else {
    headers.set("ETag", head.httpEtag);
    if (c.req.header("If-None-Match") === head.httpEtag) return new Response(null, { status: 304, headers });
  }
  const object = await c.env.MEDIA.get(key);
  if (!object) throw notFound("Datoteka ne obstaja.");
  headers.set("Content-Type", contentType);
  return new Response(object.body, { headers });
});
