import handler, { createServerEntry } from "@tanstack/react-start/server-entry";
import { env } from "cloudflare:workers";
import { app, isApiPath } from "./api/app";
import { apiContentSecurityPolicy, createNonce, pageContentSecurityPolicy, withSecurityHeaders } from "./lib/security-headers";
import { runDailyJobs } from "./services/scheduled.server";

/**
 * One Worker: the internal API (and impersonation and media paths) go to Hono, everything else
 * to TanStack Start. With INTERNAL_API_URL set, API calls go to that external provider instead.
 */
const entry = createServerEntry({
  async fetch(request) {
    const url = new URL(request.url);
    if (isApiPath(url.pathname)) {
      if (env.INTERNAL_API_URL && !url.pathname.startsWith("/media/")) {
        const target = new URL(url.pathname + url.search, env.INTERNAL_API_URL);
        return withSecurityHeaders(await fetch(new Request(target, request)), apiContentSecurityPolicy);
      }
      return withSecurityHeaders(await app.fetch(request, env), apiContentSecurityPolicy);
    }
    // One nonce per page: the router stamps it on its scripts (src/router.tsx), the header allows it.
    const nonce = createNonce();
    return withSecurityHeaders(await handler.fetch(request, { context: { nonce } }), pageContentSecurityPolicy(nonce));
  },
});

export default {
  fetch: entry.fetch,
  /** Cron trigger: daily jobs (saved-search alerts, planner statistics). */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    ctx.waitUntil(runDailyJobs(env).then((r) => console.log("daily jobs", r)));
  },
};
