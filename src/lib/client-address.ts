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
/** Whether a URL's host is this machine (local runs, tests, a local two-instance run). */
export const isLoopbackUrl = (url: URL) => loopback.has(url.hostname);
const ipLike = /^[0-9a-fA-F.:]{2,45}$/;

type Flags = { DEV_OUTBOX?: string; TRUST_CF_CONNECTING_IP?: string };

/** Whether this request reached the Worker through Cloudflare's edge (production). */
export function cameThroughCloudflare(url: URL, env: Flags): boolean {
  if (env.TRUST_CF_CONNECTING_IP === "1") return true;
  return !env.DEV_OUTBOX && !isLoopbackUrl(url);
}

/** The client's address: CF-Connecting-IP behind Cloudflare, the fixed local marker otherwise. */
export function clientAddress(request: Request, env: Flags): string {
  if (!cameThroughCloudflare(new URL(request.url), env)) return localClient;
  const ip = request.headers.get("cf-connecting-ip")?.trim() ?? "";
  return ipLike.test(ip) ? clientOfAddress(ip.toLowerCase()) : "unknown";
}

/**
 * One client per IPv4 address and per IPv6 /64: a single home or phone line is usually given a whole
 * /64, so counting each IPv6 address apart would hand one person millions of "clients" for the
 * per-client limits and the views. IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientOfAddress(ip: string): string {
  if (!ip.includes(":")) return ip;
  const mapped = /^(?:0*:)*:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip) ?? /^::(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (ip.split("::").length > 2) return "unknown";
  const [head = "", tail] = ip.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return "unknown";
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The page request's client for the API calls an SSR page makes in-process: keyed by the Request
 * object itself, so no header a visitor sends can claim it.
 */
export const inProcessClients = new WeakMap<Request, string>();
