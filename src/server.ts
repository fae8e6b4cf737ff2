import handler, { createServerEntry } from "@tanstack/react-start/server-entry";
import { env } from "cloudflare:workers";
import { app, isApiPath } from "./api/app";
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
        return fetch(new Request(target, request));
      }
      return app.fetch(request, env);
    }
    return handler.fetch(request);
  },
});

export default {
  fetch: entry.fetch,
  /** Cron trigger: daily jobs (saved-search alerts, planner statistics). */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    ctx.waitUntil(runDailyJobs(env).then((r) => console.log("daily jobs", r)));
  },
};
