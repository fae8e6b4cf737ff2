import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { appConfig } from "~/app.config";
import { getDb } from "~/db/client.server";
import { writeAudit } from "~/db/audit.server";
import { findActiveSession } from "~/db/users.server";
import { sha256Hex } from "~/lib/crypto";
import type { ApiEnv } from "../env";

/** Per request: a Drizzle client over this request's D1 binding and the signed-in session, if any. */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  const db = getDb(c.env.DB);
  c.set("db", db);
  const token = getCookie(c, appConfig.session.cookieName);
  // Only look up well-formed tokens: anything else is simply "signed out".
  const session = token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await findActiveSession(db, await sha256Hex(token)) : null;
  c.set("session", session);
  await next();
  // Every change made while impersonating is attributable to the admin.
  if (session?.impersonatorUserId && c.req.method !== "GET" && c.res.status < 400 && !c.req.path.endsWith("-impersonation") && !c.req.path.includes("/impersonate/")) {
    await writeAudit(db, { actorUserId: session.impersonatorUserId, impersonatedUserId: session.user.id, action: `${c.req.method} ${c.req.path}`, entity: "request" });
  }
});
