import { AppError } from "./domain/errors";
import type { ProviderCalls } from "./client/server-transports";
import { forwardedHeaders } from "./client/server-transports";
import { clientAddress } from "./lib/client-address";
import { crossSiteMessage, isCrossSiteWrite } from "./lib/cross-site";
import { frontHeader, signFrontClaim, verifyFrontClaim, voucherPath } from "./lib/front-voucher";
import { PageCookies } from "./lib/page-cookies";
import { type ProviderApi, providerUrl } from "./lib/provider-api";

/**
 * The front's side of proxy mode (decision 076): what it forwards to the provider and how it vouches
 * for it. The provider trusts the signed header only; the front strips any the browser sent.
 */
export type Front = { api: ProviderApi; secret: string };

type FrontEnv = { SITE_URL?: string; DEV_OUTBOX?: string; TRUST_CF_CONNECTING_IP?: string };

/** The front's signed header for one request it sends the provider on behalf of `from` (the browser's request). */
function vouch(front: Front, from: Request, env: FrontEnv, ssr: boolean, method: string, target: string) {
  return signFrontClaim(front.secret, {
    // SITE_URL when set (required in front of a provider elsewhere): a Host header is the client's to choose.
    origin: env.SITE_URL ? new URL(env.SITE_URL).origin : new URL(from.url).origin,
    client: clientAddress(from, env),
    ssr,
    method,
    path: voucherPath(target),
    t: Math.floor(Date.now() / 1000),
  });
}

/**
 * A browser's API, impersonation, sitemap or /media request, forwarded to the provider: a write is first
 * checked against the front's own origins (the API's cross-site rule, answered with the same 403), then
 * sent with the browser's headers (cookies, Accept, If-None-Match, Range, user-agent, language) and the
 * front's signed header. The answer comes back as is, streamed, Set-Cookie and cache headers included.
 */
export async function forwardToProvider(
  front: Front,
  request: Request,
  env: FrontEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  const url = new URL(request.url);
  const own = [url.origin, ...(env.SITE_URL ? [new URL(env.SITE_URL).origin] : [])];
  if (isCrossSiteWrite(request.method, url.pathname, request.headers, own)) {
    return Response.json(new AppError(403, crossSiteMessage, { code: "CROSS_SITE" }).toBody(), { status: 403 });
  }
  // A request this front (or another with the same secret) already vouched for: a loop of fronts, not a browser.
  const carried = request.headers.get(frontHeader);
  if (carried && (await verifyFrontClaim(front.secret, carried, request)))
    return Response.json(
      new AppError(508, "Posredniški strežniki se kličejo v krogu.", { code: "FRONT_LOOP" }).toBody(),
      {
        status: 508,
      },
    );
  const target = providerUrl(front.api, `${url.pathname}${url.search}`);
  const headers = new Headers(request.headers);
  headers.delete("host");
  headers.set(frontHeader, await vouch(front, request, env, false, request.method, target));
  const body = request.method === "GET" || request.method === "HEAD" ? null : request.body;
  return fetchImpl(target, { method: request.method, headers, body, redirect: "manual" });
}

/** Per page request: its calls' shared cookies, forwarded headers and signer (keyed by the Request object). */
const pages = new WeakMap<Request, ProviderCalls>();

/** The provider calls of one page request (created on its first call). */
export function providerCallsOf(front: Front, page: Request, env: FrontEnv): ProviderCalls {
  let calls = pages.get(page);
  if (!calls) {
    calls = {
      cookies: new PageCookies(page.headers.get("cookie")),
      forward: forwardedHeaders(page),
      vouch: (method, target) => vouch(front, page, env, true, method, target),
    };
    pages.set(page, calls);
  }
  return calls;
}

/**
 * The Set-Cookie headers the provider answered while this page rendered, appended to its response: the
 * last one of each cookie name (the provider sets each with Path=/ and no Domain).
 */
export function withPageCookies(page: Request, response: Response): Response {
  const setCookies = pages.get(page)?.cookies.finalSetCookies() ?? [];
  if (!setCookies.length) return response;
  const merged = new Response(response.body, response);
  for (const line of setCookies) merged.headers.append("set-cookie", line);
  return merged;
}
