// Local runs' image resizing, as Cloudflare's Images binding does it (decision 078). Miniflare's own local binding
// applies every resize as sharp's "contain" and ignores `fit` and `gravity`, so a 3:2 crop of a portrait photo came
// back as the whole photo padded with black bars. The Worker sends its resizes here only where DEV_OUTBOX=1: the dev
// and preview servers answer POST /__dev/images (vite.config.ts), the API tests bind it as DEV_IMAGES.

/** Cloudflare's gravity names in sharp's words. */
/** @type {Record<string, string>} */
const positions = {
  center: "centre",
  top: "north",
  bottom: "south",
  left: "west",
  right: "east",
};
const maxBytes = 32 * 1024 * 1024;

/**
 * sharp's resize options for a Cloudflare `fit` and `gravity`, as Cloudflare's image transformations document them.
 * @param {typeof import("sharp")} sharp
 * @param {{ fit?: string; gravity?: unknown; background?: string }} transform
 * @returns {import("sharp").ResizeOptions}
 */
function resizeOptions(sharp, transform) {
  const gravity = transform.gravity;
  const position =
    gravity === "auto" || gravity === "entropy" ? sharp.strategy.entropy : (positions[String(gravity)] ?? "centre");
  switch (transform.fit) {
    case "contain":
      return { fit: "inside" };
    case "cover":
      return { fit: "cover", position };
    // Shrinks and crops, never enlarges.
    case "crop":
      return { fit: "cover", position, withoutEnlargement: true };
    case "pad":
      return { fit: "contain", background: transform.background ?? "#ffffff" };
    case "squeeze":
      return { fit: "fill" };
    default:
      return { fit: "inside", withoutEnlargement: true };
  }
}

/**
 * A form with `image` (the bytes), `transform` (one ImageTransform as JSON: width, height, fit, gravity) and `format`
 * (image/avif, image/webp, image/png or image/jpeg): the resized picture, or 400 for anything else.
 */
export async function devImages(request) {
  try {
    // Loaded on the first resize: a build loads vite.config.ts without ever needing sharp (Miniflare brings it).
    const { default: sharp } = await import("sharp");
    const form = await request.formData();
    const image = form.get("image");
    if (!image || typeof image === "string" || image.size > maxBytes) return new Response("no image", { status: 400 });
    const transform = JSON.parse(String(form.get("transform") ?? "{}"));
    const format = String(form.get("format") ?? "image/jpeg");
    // The photo upright as the browser shows it (EXIF orientation), as Cloudflare does.
    let picture = sharp(Buffer.from(await image.arrayBuffer()), { limitInputPixels: 100_000_000 }).rotate();
    const width = Number.isInteger(transform.width) ? Number(transform.width) : null;
    const height = Number.isInteger(transform.height) ? Number(transform.height) : null;
    if (width || height) picture = picture.resize(width, height, resizeOptions(sharp, transform));
    // A low AVIF effort: a local run encodes each variant once, on a shared machine.
    if (format === "image/avif") picture = picture.avif({ effort: 2 });
    else if (format === "image/webp") picture = picture.webp();
    else if (format === "image/png") picture = picture.png();
    else picture = picture.jpeg();
    const bytes = await picture.toBuffer();
    return new Response(new Uint8Array(bytes), { headers: { "content-type": format } });
  } catch (err) {
    return new Response(`not resized: ${err instanceof Error ? err.message : String(err)}`, { status: 400 });
  }
}

/** The same for a Node server (vite's dev and preview servers): POST /__dev/images. */
export function devImagesMiddleware() {
  return async (req, res, next) => {
    if (req.url !== "/__dev/images" || req.method !== "POST") return next();
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > maxBytes) {
        res.statusCode = 413;
        res.end();
        return;
      }
      chunks.push(chunk);
    }
    const answer = await devImages(
      new Request("http://localhost/__dev/images", {
        method: "POST",
        headers: { "content-type": String(req.headers["content-type"] ?? "") },
        body: Buffer.concat(chunks),
      }),
    );
    res.statusCode = answer.status;
    res.setHeader("content-type", answer.headers.get("content-type") ?? "text/plain");
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
}
