/**
 * The client a request comes from, for rate limits and view counting (decision 037).
 *
 * On Cloudflare the edge sets CF-Connecting-IP on every request and overwrites whatever the client
 * sent, so there it is the real address. Locally (wrangler/vite preview, Miniflare) the header is kept
 * as the client sent it and only filled in from the socket when absent, so it proves nothing: every
 * local request counts as the one client "local". A run is local when its host is a loopback name or
 * the development mailbox is on (DEV_OUTBOX, never set in production). X-Forwarded-For, X-Real-IP and
 * True-Client-IP are never read: anyone can send them.
 */
export const localClient = "local";

const loopback = new Set(["localhost", "127.0.0.1", "[::1]"]);
const ipLike = /^[0-9a-fA-F.:]{2,45}$/;

type Flags = { DEV_OUTBOX?: string; TRUST_CF_CONNECTING_IP?: string };

/** Whether this request reached the Worker through Cloudflare's edge (production). */
export function cameThroughCloudflare(url: URL, env: Flags): boolean {
  if (env.TRUST_CF_CONNECTING_IP === "1") return true;
  return !env.DEV_OUTBOX && !loopback.has(url.hostname);
}

/** The client's address: CF-Connecting-IP behind Cloudflare, the fixed local marker otherwise. */
export function clientAddress(request: Request, env: Flags): string {
  if (!cameThroughCloudflare(new URL(request.url), env)) return localClient;
  const ip = request.headers.get("cf-connecting-ip")?.trim() ?? "";
  return ipLike.test(ip) ? ip.toLowerCase() : "unknown";
}

/**
 * The page request's client for the API calls an SSR page makes in-process: keyed by the Request
 * object itself, so no header a visitor sends can claim it.
 */
export const inProcessClients = new WeakMap<Request, string>();
