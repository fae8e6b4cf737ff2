import { getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { appConfig } from "~/app.config";
import { bookmarkCookieName, openDbSession, parseBookmark } from "~/db/client.server";
import { writeAudit } from "~/db/audit.server";
import { useIsolateMemos } from "~/db/isolate-memo.server";
import { findActiveSession, rotateSession } from "~/db/users.server";
import { randomToken, sha256Hex } from "~/lib/crypto";
import type { SessionInfo } from "~/domain/session";
import { requestAuditAction } from "~/domain/audit-labels";
import type { ApiEnv } from "../env";
import { inProcessHost } from "~/lib/in-process";
import { isLocalHost, readSessionCookie, sessionCookieName, setSessionCookie } from "../session-cookie";

const rotateAfterMs = appConfig.session.rotateAfterDays * 86_400_000;
// Replicas trail the primary by seconds: after an hour any replica satisfies the bookmark anyway.
const bookmarkMaxAgeSeconds = 3600;
const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);
const lifetimeMs = appConfig.session.lifetimeDays * 86_400_000;

/**
 * A session older than a day gets a new token on a browser's own API call: not on in-process SSR calls,
 * nor on a front's SSR calls (decision 076), whose cookies may never reach the browser.
 */
function dueForRotation(session: SessionInfo | null, url: string, ssr: boolean, now: Date): session is SessionInfo {
  if (!session || session.rotated || session.impersonatorUserId || ssr) return false;
  if (new URL(url).hostname === inProcessHost) return false;
  return now.getTime() - new Date(session.issuedAt).getTime() > rotateAfterMs;
}

/**
 * The reads whose handler takes the session into its own D1 batch (decision 089): the posting page's
 * `GET postings/{code}` and the home and search pages' `GET marketplace/search` as an SSR page calls them
 * in-process (a browser's call keeps its own lookup, and rotation).
 */
const sessionInBatchPath = /^\/internal-api\/v1\/(postings\/[^/]+|marketplace\/search)$/;
function readsSessionInBatch(c: Context<ApiEnv>) {
  return (
    c.req.method === "GET" &&
    sessionInBatchPath.test(c.req.path) &&
    new URL(c.req.url).hostname === inProcessHost &&
    !c.req.header("authorization")
  );
}

/**
 * Per request: a Drizzle client over a D1 read-replication session and the signed-in session, if any.
 * The D1 session starts at the visitor's bookmark cookie (read-your-writes) or anywhere without one.
 */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  useIsolateMemos(c.env);
  const { db, bookmark } = openDbSession(c.env.DB, parseBookmark(getCookie(c, bookmarkCookieName)));
  c.set("db", db);
  const token = readSessionCookie(c);
  // Only look up well-formed tokens: anything else is simply "signed out".
  const wellFormed = token !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
  // `GET me` (every page's first call) gets its profile in the same statement (issue 27).
  const withProfile = c.req.method === "GET" && c.req.path === "/internal-api/v1/me";
  const lookup = async () =>
    wellFormed ? await findActiveSession(db, await sha256Hex(wellFormed), new Date(), withProfile) : null;
  // An SSR page's in-process reads share the session its first call resolved; a write forgets it before and after.
  const memo = c.get("inProcess")?.sessionMemo;
  const read = readOnlyMethods.has(c.req.method);
  if (memo && !read) memo.clear();
  // A page's read that can put the session's statement first in its own batch (the posting page, decision 089)
  // claims the page's lookup when it comes first: the page's other calls get the session read in that batch.
  const settle = memo && wellFormed && readsSessionInBatch(c) ? memo.claim<SessionInfo | null>(wellFormed) : null;
  if (settle && wellFormed) {
    let settled = false;
    c.set("session", null);
    c.set("sessionInBatch", {
      hash: await sha256Hex(wellFormed),
      settle: (session) => {
        if (settled) return;
        settled = true;
        c.set("session", session);
        settle(Promise.resolve(session));
      },
    });
    try {
      await next();
    } finally {
      // The handler never read its batch (a 400 before it, a failed read): the page's calls get today's lookup.
      if (!settled) {
        settled = true;
        if (memo) memo.lookups++;
        settle(lookup());
      }
    }
  } else {
    c.set("session", memo && read ? await memo.get(token ?? "", lookup) : await lookup());
    await next();
  }
  const session = c.get("session");
  if (memo && !read) memo.clear();
  const now = new Date();
  const setsCookie = (c.res.headers.get("set-cookie") ?? "").includes(`${sessionCookieName(c)}=`);
  if (dueForRotation(session, c.req.url, c.get("front")?.ssr === true, now) && c.res.status < 400 && !setsCookie) {
    const next = randomToken();
    const expiresAt = new Date(now.getTime() + lifetimeMs).toISOString();
    await rotateSession(db, session.id, { id: await sha256Hex(next), userId: session.user.id, expiresAt }, now);
    setSessionCookie(c, next, expiresAt);
  }
  // Every change made while impersonating is attributable to the admin.
  if (
    session?.impersonatorUserId &&
    c.req.method !== "GET" &&
    c.res.status < 400 &&
    !c.req.path.endsWith("-impersonation") &&
    !c.req.path.includes("/impersonate/")
  ) {
    await writeAudit(db, {
      actorUserId: session.impersonatorUserId,
      impersonatedUserId: session.user.id,
      action: requestAuditAction(c.req.method, c.req.path),
      entity: "request",
    });
  }
  // After a write (a write method, or any answer that sets a cookie: sign-in, rotation, OAuth
  // callbacks) the visitor's next requests must not read from a replica older than it. Plain reads
  // set nothing, so anonymous pages stay cookie-free and cacheable.
  const latest = bookmark();
  if (latest && (!readOnlyMethods.has(c.req.method) || c.res.headers.has("set-cookie"))) {
    setCookie(c, bookmarkCookieName, latest, {
      httpOnly: true,
      secure: !isLocalHost(c),
      sameSite: "Lax",
      path: "/",
      maxAge: bookmarkMaxAgeSeconds,
    });
  }
});
