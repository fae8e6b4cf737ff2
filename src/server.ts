import handler, { createServerEntry } from "@tanstack/react-start/server-entry";
import { env, waitUntil } from "cloudflare:workers";
import { appConfig } from "~/app.config";
import { app, isApiPath } from "./api/app";
// Registers the in-process/INTERNAL_API_URL transport of the client (src/client) for SSR and server functions.
import "./server-transport.server";
import { benchCountersOn, countRequest, countsOf } from "./db/bench-counters.server";
import { getDb } from "./db/client.server";
import { forwardToProvider, withPageCookies } from "./front-proxy.server";
import { clientAddress } from "./lib/client-address";
import { withLocaleCookie } from "./lib/locale-cookie";
import { holdUntilResponse } from "./lib/after-response.server";
import { paintBeforeScripts } from "./lib/paint-first";
import { entry as clientEntry, errorPage as errorPageChunks, stylesheet } from "virtual:avtotrg/client-chunks";
import { proxyMode } from "./lib/provider-api";
import {
  apiContentSecurityPolicy,
  createNonce,
  embeddedDocumentOf,
  pageContentSecurityPolicy,
  withSecurityHeaders,
} from "./lib/security-headers";
import { countCachedPageViews } from "./services/posting-detail.server";
import {
  cachedPageViews,
  isShareable,
  pageCacheKey,
  privateUnlessAnonymous,
  publicContentChanged,
  responseCache,
  responseCacheEnabled,
} from "./services/response-cache.server";
import { runDailyJobs } from "./services/scheduled.server";

/** Stands for the response's nonce in a cached page; each hit gets its own nonce in its place. */
const noncePlaceholder = "\u0000nonce\u0000";

const pageTtlMs = appConfig.responseCache.pageTtlSeconds * 1000;
const pageStaleMs = appConfig.responseCache.pageStaleSeconds * 1000;

/** TanStack Start's page, its scripts loaded after the first paint (decision 027). */
async function render(request: Request, nonce: string): Promise<Response> {
  // In proxy mode, the Set-Cookie of the provider's answers to this page's calls go out with it (decision 076).
  const rendered = withPageCookies(request, await handler.fetch(request, { context: { nonce } }));
  if (!(rendered.headers.get("content-type") ?? "").startsWith("text/html")) return rendered;
  // An error page is drawn by a chunk of its own: fetched with the entry, not after it has run (decision 084, round 8).
  // The stylesheet goes into the page and the loader into <head> (decision 027, session 25).
  return paintBeforeScripts(rendered, {
    more: rendered.status >= 400 ? errorPageChunks : [],
    entry: clientEntry,
    stylesheet,
    nonce,
  });
}

/** Renders a page and, when it may be shared, keeps a copy (nonce replaced) once it is complete. */
async function renderAndKeep(request: Request, nonce: string, key: string): Promise<Response> {
  const generation = responseCache.generation;
  const rendered = await render(request, nonce);
  if (!isShareable(rendered) || !rendered.body) {
    responseCache.drop(key);
    return rendered;
  }
  // The visitor gets the stream as it renders; a copy is kept once it is complete.
  const [toVisitor, toCache] = rendered.body.tee();
  const headers: [string, string][] = [...rendered.headers];
  waitUntil(
    new Response(toCache).text().then((body) => {
      responseCache.put(
        key,
        generation,
        { status: rendered.status, headers, body: body.replaceAll(nonce, noncePlaceholder) },
        pageTtlMs,
        pageStaleMs,
      );
    }),
  );
  return new Response(toVisitor, rendered);
}

/**
 * A page for this request: signed-out visitors' home, search and posting pages may come from the
 * response cache (decision 026), with a fresh nonce; the rest is rendered by TanStack Start. A copy
 * past its TTL is still served while one request renders it again in the background.
 */
async function page(request: Request, nonce: string): Promise<Response> {
  const key = responseCacheEnabled(env) ? pageCacheKey(request) : null;
  if (!key) return render(request, nonce);
  const hit = responseCache.get(key);
  if (hit) {
    const { entry, refresh } = hit;
    if (refresh) {
      const again = new Request(request.url, { headers: request.headers });
      waitUntil(
        renderAndKeep(again, createNonce(), key).then(
          (r) => r.body?.cancel(),
          (e: unknown) => {
            responseCache.drop(key);
            console.error("page refresh", e);
          },
        ),
      );
    }
    // A posting's views are counted whether its page was rendered or not.
    const posting = /^\/oglas\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
    const flush = posting
      ? cachedPageViews.add(posting, clientAddress(request, env), (views) => countCachedPageViews(getDb(env.DB), views))
      : null;
    if (flush) waitUntil(flush.catch((e: unknown) => console.error("view count", e)));
    return new Response(entry.body.replaceAll(noncePlaceholder, nonce), {
      status: entry.status,
      headers: [...entry.headers, ["x-cache", refresh || entry.expires <= Date.now() ? "STALE" : "HIT"]],
    });
  }
  const response = await renderAndKeep(request, nonce, key);
  response.headers.set("x-cache", "MISS");
  return response;
}

/** A deployment whose proxy variables are wrong answers every request with what to fix (logged once). */
const misconfigured = (message: string) =>
  new Response(`Avtotrg is not configured correctly: ${message}\n`, {
    status: 503,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

const entry = createServerEntry({
  fetch(request) {
    // A benchmark's Worker (BENCH_COUNTERS=on, decision 080) counts each request's D1 round trips; nothing else does.
    if (!benchCountersOn(env)) return holdUntilResponse(() => handle(request));
    const url = new URL(request.url);
    const asked = /^\/__bench\/d1\/([\w-]{1,40})$/.exec(url.pathname)?.[1];
    if (asked) return Response.json(countsOf(asked), { headers: { "cache-control": "no-store" } });
    const id = request.headers.get("x-bench-request");
    // Work handed to `afterResponse` as a function starts once the Response exists (decision 089).
    const respond = () => holdUntilResponse(() => handle(request));
    return id ? countRequest(id, respond) : respond();
  },
});

/**
 * One Worker: the internal API (and impersonation, media and sitemap paths) go to Hono, everything else
 * to TanStack Start. With INTERNAL_API_URL set (proxy mode, decision 076), those paths go to that
 * provider instead, vouched for by this front.
 */
async function handle(request: Request): Promise<Response> {
  const mode = proxyMode(env);
  if (mode.mode === "invalid") return misconfigured(mode.message);
  const url = new URL(request.url);
  // A front whose provider is itself would forward to itself until the subrequest limit.
  if (mode.mode === "proxy" && [url.origin, env.SITE_URL && new URL(env.SITE_URL).origin].includes(mode.api.origin))
    return misconfigured("INTERNAL_API_URL names this front itself; it must be the provider's API base.");
  if (isApiPath(url.pathname)) {
    const answer = mode.mode === "proxy" ? await forwardToProvider(mode, request, env) : await app.fetch(request, env);
    return withSecurityHeaders(answer, apiContentSecurityPolicy);
  }
  // One nonce per page: the router stamps it on its scripts (src/router.tsx), the header allows it.
  const nonce = createNonce();
  const response = await page(request, nonce);
  // /pdf/{postId} embeds its sheet only when the page is that sheet's page (not its 404/410 page).
  // The locale cookie goes on after the response cache: the kept copy stays cookie-free.
  return withLocaleCookie(
    request,
    privateUnlessAnonymous(
      request,
      withSecurityHeaders(
        response,
        pageContentSecurityPolicy(nonce, response.status === 200 ? embeddedDocumentOf(url) : null),
      ),
    ),
  );
}

export default {
  fetch: entry.fetch,
  /**
   * Cron trigger: daily jobs (saved-search alerts, planner statistics). What they change is shown at once.
   * A front (proxy mode) has no data of its own: its provider runs them.
   */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    if (proxyMode(env).mode !== "embedded") return;
    ctx.waitUntil(
      runDailyJobs(env).then((r) => {
        publicContentChanged();
        console.log("daily jobs", r);
      }),
    );
  },
};
