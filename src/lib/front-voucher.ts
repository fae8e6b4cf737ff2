import { base64Url } from "./crypto";

/**
 * How a front vouches for the requests it sends its provider (decision 076): a header carrying what
 * the front saw, signed with HMAC-SHA256 under `INTERNAL_API_SECRET`. Only a valid one makes the provider
 * trust the client address, the public origin and the front's own cross-site check.
 */
export const frontHeader = "x-avtotrg-front";

/** How far (seconds) a voucher's time may be from the provider's clock. */
export const voucherMaxSkewSeconds = 60;

export type FrontClaim = {
  /** The front's public origin as the browser used it (links, cookie naming, allowed Origin). */
  origin: string;
  /** The client as the front saw it (clientAddress()). */
  client: string;
  /** Sent while rendering a page on the front: its Set-Cookie reaches the browser only with that page. */
  ssr: boolean;
  method: string;
  /** The request's path and query, exactly as sent to the provider. */
  path: string;
  /** Unix seconds. */
  t: number;
};

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The path and query a voucher names for this URL. */
export const voucherPath = (url: string | URL) => {
  const u = typeof url === "string" ? new URL(url) : url;
  return `${u.pathname}${u.search}`;
};

/** The header's value: base64url JSON of the claim, a dot, the base64url HMAC-SHA256 of that text. */
export async function signFrontClaim(secret: string, claim: FrontClaim): Promise<string> {
  const payload = base64Url(new TextEncoder().encode(JSON.stringify(claim)));
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(payload));
  return `${payload}.${base64Url(new Uint8Array(mac))}`;
}

const isClaim = (v: unknown): v is FrontClaim => {
  if (typeof v !== "object" || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.origin === "string" &&
    typeof c.client === "string" &&
    typeof c.ssr === "boolean" &&
    typeof c.method === "string" &&
    typeof c.path === "string" &&
    typeof c.t === "number"
  );
};

const isOrigin = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === s;
  } catch {
    return false;
  }
};

/**
 * The claim of a header, only when its signature is valid under `secret`, it is fresh (±60 s) and it
 * names this very request (method, path and query); null otherwise.
 */
export async function verifyFrontClaim(
  secret: string,
  header: string,
  request: { method: string; url: string },
  nowMs = Date.now(),
): Promise<FrontClaim | null> {
  const [payload, mac, extra] = header.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const signature = fromBase64Url(mac);
  const body = fromBase64Url(payload);
  if (!signature || !body) return null;
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, new TextEncoder().encode(payload));
  if (!valid) return null;
  let claim: unknown;
  try {
    claim = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return null;
  }
  if (!isClaim(claim) || !isOrigin(claim.origin)) return null;
  if (Math.abs(nowMs / 1000 - claim.t) > voucherMaxSkewSeconds) return null;
  if (claim.method.toUpperCase() !== request.method.toUpperCase()) return null;
  if (claim.path !== voucherPath(request.url)) return null;
  return claim;
}
