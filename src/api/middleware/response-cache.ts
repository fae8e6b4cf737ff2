import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { appConfig } from "~/app.config";
import {
  apiCacheKey,
  changesPublicContent,
  isShareable,
  publicContentChanged,
  responseCache,
  responseCacheEnabled,
} from "~/services/response-cache.server";
import type { ApiEnv } from "../env";

/**
 * Public search answers for signed-out callers (the browser's and the SSR's in-process calls alike)
 * come from the isolate's response cache; every successful write that can change them empties it (decision 026),
 * and the isolate's memos of makes and articles (decision 080), whether the response cache is on or not.
 */
export const sharedAnswers = createMiddleware<ApiEnv>(async (c, next) => {
  const key = responseCacheEnabled(c.env) ? apiCacheKey(c.req.raw) : null;
  if (!key) {
    await next();
    if (c.res.status < 400 && changesPublicContent(c.req.method, routePath(c, -1))) publicContentChanged();
    return;
  }
  // API answers have no stale window: `refresh` never comes back true for them.
  const hit = responseCache.get(key)?.entry;
  if (hit) return new Response(hit.body, { status: hit.status, headers: [...hit.headers, ["x-cache", "HIT"]] });
  const generation = responseCache.generation;
  await next();
  if (isShareable(c.res)) {
    const body = await c.res.clone().text();
    responseCache.put(
      key,
      generation,
      { status: c.res.status, headers: [...c.res.headers], body },
      appConfig.responseCache.apiTtlSeconds * 1000,
    );
  }
  c.res.headers.set("x-cache", "MISS");
});
