import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { postingViewsDaily } from "~/db/schema/engagement";
import { afterResponse, afterResponseSettled, holdUntilResponse } from "~/lib/after-response.server";
import { db, freshClientIp, publishedPosting } from "./fixtures";

// Issue 27, decision 089: work handed to `afterResponse` as a function does not start before the request's
// Response exists, so a posting page's view (one D1 statement) no longer travels before the first byte.

/** The D1 binding, noting when a statement touching the view tables is first prepared (the count has started). */
function watchedD1(real: D1Database, seen: { viewStarted: boolean }): D1Database {
  const watch = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop);
        if (prop === "prepare")
          return (query: string) => {
            if (/posting_view/.test(query)) seen.viewStarted = true;
            return (t as D1Database).prepare(query);
          };
        if (prop === "withSession") return (b?: string) => watch((t as D1Database).withSession(b));
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  return watch(real);
}

describe("work after the response", () => {
  it("starts held work only once the Response exists, and later work at once", async () => {
    const log: string[] = [];
    const response = await holdUntilResponse(async () => {
      afterResponse(async () => log.push("held"), "test");
      await new Promise((r) => setTimeout(r, 10));
      log.push("responded");
      return new Response("ok");
    });
    expect(log).toEqual(["responded", "held"]);
    // After the Response (a streamed body's calls), and outside any hold, work starts at once.
    afterResponse(async () => log.push("unheld"), "test");
    expect(log.at(-1)).toBe("unheld");
    expect(await response.text()).toBe("ok");
  });

  it("logs a failure of held work instead of failing the response", async () => {
    const response = await holdUntilResponse(async () => {
      afterResponse(() => Promise.reject(new Error("D1 unavailable")), "test");
      return new Response("ok", { status: 200 });
    });
    await afterResponseSettled();
    expect(response.status).toBe(200);
  });

  it("counts a posting's view after its Response, not before", async () => {
    const posting = await publishedPosting();
    const seen = { viewStarted: false };
    let startedBeforeResponse: boolean | null = null;
    const response = await holdUntilResponse(async () => {
      const r = await app.request(
        `http://localhost/internal-api/v1/postings/${posting.code}`,
        { headers: { "cf-connecting-ip": freshClientIp() } },
        { ...env, DB: watchedD1(env.DB, seen) },
      );
      startedBeforeResponse = seen.viewStarted;
      return r;
    });
    expect(response.status).toBe(200);
    expect(startedBeforeResponse).toBe(false);
    await afterResponseSettled();
    expect(seen.viewStarted).toBe(true);
    const [day] = await db().select().from(postingViewsDaily).where(eq(postingViewsDaily.postingId, posting.id));
    expect(day?.views).toBe(1);
  });
});
