import type { IncomingMessage, ServerResponse } from "node:http";

/** A local run's resize (form: image, transform, format), as Cloudflare's Images binding does it (decision 078). */
export function devImages(request: Request): Promise<Response>;
/** The same as a middleware of vite's dev and preview servers: POST /__dev/images. */
export function devImagesMiddleware(): (req: IncomingMessage, res: ServerResponse, next: () => void) => Promise<void>;
