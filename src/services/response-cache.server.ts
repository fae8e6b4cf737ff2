import { appConfig } from "~/app.config";
import { cookieValue } from "~/lib/cookies";
import { dropIsolateMemos } from "~/db/isolate-memo.server";

/**
 * The anonymous response cache (decision 026): signed-out visitors' pages and public search answers,
 * kept in the isolate's memory for a few seconds. A hit costs a map lookup instead of a render and
 * its D1 reads. Everything a signed-in or impersonating visitor sees, anything that sets a cookie and
 * anything but a 200 bypasses it. Every successful write through the API that can change what a
 * signed-out visitor sees (and the cron jobs) empties it, so within one isolate nobody reads their own
 * change stale; other isolates see it within the TTL.
 */

export type CachedResponse = {
  status: number;
  headers: [string, string][];
  body: string;
  expires: number;
  staleUntil: number;
  refreshing?: boolean;
  bytes: number;
};

type Options = { maxBytes: number; maxEntryBytes: number; now?: () => number };

/** Least-recently-used map with a byte budget, emptied on every write (the generation moves on). */
export class ResponseCache {
  readonly #entries = new Map<string, CachedResponse>();
  readonly #options: Options;
  #bytes = 0;
  #generation = 0;
  hits = 0;
  misses = 0;

  constructor(options: Options) {
    this.#options = options;
  }

  #now() {
    return this.#options.now?.() ?? Date.now();
  }

  /** Marks the start of a render: a result stored later counts only if no write happened meanwhile. */
  get generation() {
    return this.#generation;
  }

  get size() {
    return this.#entries.size;
  }

  /**
   * The entry for `key`, or null. Past its TTL an entry may still be served for its stale window
   * while one request renders it again: the first such caller gets `refresh: true` and must call
   * `put` (or `drop`) for it; the others get the stale copy without waiting.
   */
  get(key: string): { entry: CachedResponse; refresh: boolean } | null {
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (!entry || entry.staleUntil <= now) {
      if (entry) this.#delete(key, entry);
      this.misses++;
      return null;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.hits++;
    const refresh = entry.expires <= now && !entry.refreshing;
    if (refresh) entry.refreshing = true;
    return { entry, refresh };
  }

  /** Forgets one entry (its refresh found it gone, moved or failing). */
  drop(key: string) {
    const entry = this.#entries.get(key);
    if (entry) this.#delete(key, entry);
  }

  /** Stores a rendered answer unless a write happened since `generation` or it is too big. */
  put(
    key: string,
    generation: number,
    value: { status: number; headers: [string, string][]; body: string },
    ttlMs: number,
    staleMs = 0,
  ): boolean {
    if (generation !== this.#generation) return false;
    const bytes = value.body.length * 2 + 256;
    if (bytes > this.#options.maxEntryBytes) return false;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    const expires = this.#now() + ttlMs;
    this.#entries.set(key, { ...value, expires, staleUntil: expires + staleMs, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#delete(oldest, entry);
    }
    return true;
  }

  /** A write happened: nothing stored so far, nor any render under way, may be served. */
  invalidate() {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(key: string, entry: CachedResponse) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** The isolate's one cache, shared by pages (src/server.ts) and the API (its middleware). */
export const responseCache = new ResponseCache({
  maxBytes: appConfig.responseCache.maxBytes,
  maxEntryBytes: appConfig.responseCache.maxEntryBytes,
});

/**
 * Off in the API tests (they change D1 directly, behind the cache's back) and on a front (proxy mode,
 * decision 076: its provider's writes never reach this isolate's cache, and a cached page's views would
 * be counted in the front's own database); on everywhere else.
 */
/** A write changed what visitors may see: this isolate's cached pages and answers and its memos go (decisions 026, 080). */
export function publicContentChanged(): void {
  responseCache.invalidate();
  dropIsolateMemos();
}

export function responseCacheEnabled(env: { RESPONSE_CACHE?: string; INTERNAL_API_URL?: string }) {
  return env.RESPONSE_CACHE !== "off" && !env.INTERNAL_API_URL;
}

const pagePaths = [/^\/$/, /^\/iskanje$/, /^\/oglas\/[^/]+$/];
const apiPaths = [
  /^\/internal-api\/v1\/marketplace\/(search|count-by\/[^/]+|count-without-one|similar-vehicles\/[^/]+|articles)$/,
  /^\/internal-api\/v1\/articles\/[^/]+$/,
];

/** Signed-in (or impersonating) visitors and partner tokens never share answers. */
function isAnonymous(request: Request): boolean {
  if (request.headers.has("authorization")) return false;
  const cookie = request.headers.get("cookie") ?? "";
  // Either name (`__Host-` over HTTPS, plain on local http): any session-like cookie means "signed in".
  return !cookie.split(";").some((part) =>
    part
      .trim()
      .replace(/^__Host-/, "")
      .startsWith(appConfig.session.cookieName),
  );
}

/**
 * A signed-in visitor's page is theirs alone (the owner bar, decision 062): without a caching rule of its own it is
 * marked `private`, so no shared cache (a CDN, a proxy) keeps it for a buyer. Signed-out pages stay as they are.
 */
export function privateUnlessAnonymous(request: Request, response: Response): Response {
  if (!isAnonymous(request) && !response.headers.has("cache-control")) response.headers.set("cache-control", "private");
  return response;
}

/**
 * The key a page is cached under, or null when it must be rendered. The page depends on the URL and,
 * of the visitor's cookies, only on the consent choice and the dismissed banner.
 */
export function pageCacheKey(request: Request): string | null {
  if (request.method !== "GET" || !isAnonymous(request)) return null;
  const url = new URL(request.url);
  if (!pagePaths.some((p) => p.test(url.pathname))) return null;
  const cookie = request.headers.get("cookie") ?? "";
  const consent = cookieValue(cookie, appConfig.consent.cookieName) ?? "";
  const banner = cookieValue(cookie, appConfig.ui.bannerCookie) === null ? 0 : 1;
  return `page ${url.origin}${url.pathname}${url.search} consent=${consent} banner=${banner}`;
}

/** The key of a public API answer (the same for the browser and the in-process SSR calls), or null. */
export function apiCacheKey(request: Request): string | null {
  if (request.method !== "GET" || !isAnonymous(request)) return null;
  const url = new URL(request.url);
  return apiPaths.some((p) => p.test(url.pathname)) ? `api ${url.pathname}${url.search}` : null;
}

/** Only complete, cookie-free 200s are shared. */
export function isShareable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("set-cookie") && response.body !== null;
}

/**
 * Writes that cannot change what a signed-out visitor sees, by route: signing in and out, one's own
 * favourites and saved searches, searches sent by POST, text messages, partner consent, an unconfirmed
 * dealer application. They leave the cache alone: with thousands of sign-ins and
 * favourites an hour, emptying it on each would leave little to hit. Every other write empties it.
 */
const privateWrites = new Set(
  [
    // Not here: a verified phone number, a merge's consent and a sign-in that gives a legacy account its address change
    // the seller's phone, e-mail or postings shown on public posting pages.
    "POST login/email",
    "POST login",
    "POST logout",
    "POST me/phone",
    "DELETE me/accounts-merged",
    // Linking an identity, or declining a link or a merge, changes nothing public (a merge does: POST me/merge-request).
    "POST social/login/:provider/confirm",
    "DELETE social/login/:provider/confirm",
    "DELETE me/merge-request",
    "PUT trims/search",
    "POST ai/search",
    "POST postings/:code/favorite",
    "DELETE postings/:code/favorite",
    "PUT postings/:code/favorite/price-alert",
    "POST leasing-widget/click/:postingCode",
    "POST dealer/salespeople/:phoneNumber/send-sms",
    "POST dealer/:phoneNumber/send-sms",
    "POST oauth2",
    "POST oauth2-session/:sessionId",
    "DELETE oauth2-session/:sessionId",
    "DELETE dealer/partner-grants/:partnerCode",
    "POST dealer-signup-interest/pin",
    "POST dealer-signup-interest",
    "POST dealer-signup-interest/:id/reject",
    "POST saved-searches",
    "POST saved-searches/:id/seen",
    "DELETE saved-searches/:id",
    // An abandoned checkout closes an unpaid purchase, nothing buyers see (decision 062).
    "DELETE postings/:code/checkout",
    // A vehicle chosen before signing in waits unseen until its seller claims it (decision 046).
    "POST draft-selection",
    // The cookie bar's choice and the closed terms notice, sent as forms before hydration (decision 064).
    "POST consent",
    "POST terms-notice",
    // A buyer's inquiry and the seller's answer are between the two of them (decision 066).
    "POST postings/:code/inquiries",
    "POST postings/:code/inquiries/form",
    "POST inquiries/reply",
    "POST inquiries/:id/reply",
    "POST inquiries/:id/answered",
  ].map((route) => route.replace(" ", " /internal-api/v1/")),
);

/** The routes of `privateWrites`, as "METHOD path" (for the test that they all exist). */
export const privateWriteRoutes = () => [...privateWrites];

/** Whether a successful request through `method` and its matched route may change public pages and answers. */
export function changesPublicContent(method: string, routePath: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return !privateWrites.has(`${method} ${routePath}`);
}

/**
 * Views of posting pages served from the cache: counted in memory and written in one batch a few
 * seconds after the first, instead of a D1 write per view.
 */
export class ViewBuffer {
  #pending = new Map<string, Set<string>>();
  #scheduled = false;
  readonly #delayMs: number;

  constructor(delayMs: number) {
    this.#delayMs = delayMs;
  }

  /**
   * Counts a view of `posting` by `visitor` (its client, decision 037; the flush counts each visitor
   * once a day); the first view after a flush returns the promise of the next flush (hand it to waitUntil).
   */
  add(
    posting: string,
    visitor: string,
    flush: (views: ReadonlyMap<string, ReadonlySet<string>>) => Promise<void>,
  ): Promise<void> | null {
    const visitors = this.#pending.get(posting) ?? new Set<string>();
    visitors.add(visitor);
    this.#pending.set(posting, visitors);
    if (this.#scheduled) return null;
    this.#scheduled = true;
    return new Promise<void>((resolve) => setTimeout(resolve, this.#delayMs)).then(() => {
      const views = this.#pending;
      this.#pending = new Map();
      this.#scheduled = false;
      return flush(views);
    });
  }
}

export const cachedPageViews = new ViewBuffer(appConfig.responseCache.viewFlushSeconds * 1000);
