/**
 * Security headers for every response of the Worker. Pages get a Content-Security-Policy with a
 * fresh nonce per request: TanStack Router stamps it on its own inline and module scripts, and
 * 'strict-dynamic' lets those load the route chunks and the (consented) analytics and ad scripts.
 * No 'unsafe-inline' for scripts; inline style attributes are allowed (React and uPlot set them).
 */

/**
 * Third-party origins the consented analytics and ads (Google tag, Google Publisher Tag) talk to, and the
 * inquiry form's reCAPTCHA v3 where one is configured (decision 066).
 */
const thirdParty = {
  connect: [
    "https://www.google.com/recaptcha/",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://*.doubleclick.net",
    "https://*.googlesyndication.com",
  ],
  frame: [
    "https://*.doubleclick.net",
    "https://*.googlesyndication.com",
    "https://*.safeframe.googlesyndication.com",
    "https://www.google.com/recaptcha/",
    "https://recaptcha.google.com/recaptcha/",
  ],
};

/**
 * A random nonce (128 bits) for one response, base64url without padding: no character any HTML or
 * JSON escaping changes, so a cached page's nonce can be found and replaced (decision 026).
 */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The one document a page may embed as an <object>: on /pdf/{postId}, that posting's PDF sheet
 * (spec section 2) by its exact same-origin URL; every other page embeds nothing.
 */
export function embeddedDocumentOf(url: URL): string | null {
  const postId = /^\/pdf\/(\d{1,12})$/.exec(url.pathname)?.[1];
  return postId ? `${url.origin}${postingPdfPath(postId)}` : null;
}

/** The posting's PDF sheet as the /pdf page embeds it (shown inline, not downloaded). */
export const postingPdfPath = (postId: string | number) => `/internal-api/v1/postings/${postId}/download-pdf`;

/** The page policy for one nonce (and, on /pdf/{postId}, the one document it embeds). */
export function pageContentSecurityPolicy(nonce: string, embeddedDocument: string | null = null): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${thirdParty.connect.join(" ")}`,
    `frame-src 'self' ${thirdParty.frame.join(" ")}`,
    "worker-src 'self' blob:",
    `object-src ${embeddedDocument ?? "'none'"}`,
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API (JSON, CSV, PDF) responses never render anything themselves. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * A PDF sheet asked for inline (?inline=1), for the /pdf page's <object>: framed by our own pages
 * only, loads nothing itself. No sandbox: Chromium refuses to show a PDF in a sandboxed document.
 */
export const inlinePdfHeaders: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
  "X-Frame-Options": "SAMEORIGIN",
};

/** Headers every response carries, whatever its type. */
export const commonSecurityHeaders: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // No feature the site uses; off for us and for any frame (ads included).
  "Permissions-Policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * A copy of `response` with the security headers added. A policy the route set itself (the media
 * route's sandbox, the register extract's download) is kept.
 */
export function withSecurityHeaders(response: Response, contentSecurityPolicy: string): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(commonSecurityHeaders))
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  if (!secured.headers.has("Content-Security-Policy"))
    secured.headers.set("Content-Security-Policy", contentSecurityPolicy);
  return secured;
}
