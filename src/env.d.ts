// Optional bindings and secrets that wrangler.toml does not declare (set per environment).
declare namespace Cloudflare {
  interface Env {
    /**
     * Proxy mode (decision 076): the provider's API base, `http(s)://host[:port]/internal-api/v1`; this Worker
     * then serves pages only and sends every API, impersonation, sitemap and /media request there.
     */
    INTERNAL_API_URL?: string;
    /**
     * At least 32 characters, the same on a front and its provider: the front signs the requests it
     * sends (x-avtotrg-front), the provider trusts only those it can verify. Required with INTERNAL_API_URL.
     */
    INTERNAL_API_SECRET?: string;
    /** "off" disables the anonymous response cache (decision 026); the API tests set it, as they change D1 directly. */
    RESPONSE_CACHE?: string;
    /** "off" turns off the per-isolate memos of makes and articles (decision 080); the API tests set it. */
    ISOLATE_MEMO?: string;
    /** "on" only in `npm run bench:pages`' Worker: counts D1 round trips per request (decision 080). */
    BENCH_COUNTERS?: string;
    /** Public origin used in e-mailed links and canonical URLs. */
    SITE_URL?: string;
    /** "1" enables the development mailbox (/dev/posta); never set in production. */
    DEV_OUTBOX?: string;
    /**
     * "1": trust CF-Connecting-IP even on a local run. Only the API tests set it, to play Cloudflare's
     * edge (many clients); without it a local run counts every visitor as one client (decision 037).
     */
    TRUST_CF_CONNECTING_IP?: string;
    /** Real e-mail delivery (JSON HTTP API); without these, e-mail goes to the local outbox. */
    EMAIL_API_URL?: string;
    EMAIL_API_KEY?: string;
    EMAIL_FROM?: string;
    /** Real SMS delivery (HTTP gateway); without these, SMS goes to the local outbox. */
    SMS_API_URL?: string;
    SMS_API_KEY?: string;
    /** Social sign-in: each provider is offered only when its credentials are set. */
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    META_CLIENT_ID?: string;
    META_CLIENT_SECRET?: string;
    APPLE_CLIENT_ID?: string;
    APPLE_TEAM_ID?: string;
    APPLE_KEY_ID?: string;
    /** PEM (PKCS#8) of the Sign in with Apple key. */
    APPLE_PRIVATE_KEY?: string;
    X_CLIENT_ID?: string;
    X_CLIENT_SECRET?: string;
    /** Card payment for featuring (Stripe Checkout): both or neither. Without them, DEV_OUTBOX offers a local test checkout, and otherwise purchases answer "failed". */
    STRIPE_SECRET_KEY?: string;
    /** Signing secret of the Stripe webhook endpoint (https://<site>/internal-api/v1/payments/webhook). */
    STRIPE_WEBHOOK_SECRET?: string;
    /** reCAPTCHA v3 (the spec's "Captcha version 3") for buyers' inquiries: both or neither; without them the local adapter accepts every sender (decision 066). */
    RECAPTCHA_SITE_KEY?: string;
    RECAPTCHA_SECRET?: string;
    /** Shared secret of the AVTOSKEN scanner (X-Auth-Token on posting/{code}/file/avtosken); unset: that endpoint answers 401. */
    AVTOSKEN_TOKEN?: string;
  }
}

/** The built file names of a few lazily loaded client chunks (scripts/lib/client-chunk-names.mjs; empty in dev). */
declare module "virtual:avtotrg/client-chunks" {
  /** The error page's chunk and the chunks it imports, as absolute paths ("/assets/…"). */
  export const errorPage: readonly string[];
  /** The client entry ("/assets/index-….js"). */
  export const entry: string;
  /** The app's stylesheet: its path and its text, put into each page (decision 027, session 25). */
  export const stylesheet: { href: string; text: string } | null;
}
