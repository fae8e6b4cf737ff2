import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError, forbidden, unauthorized } from "~/domain/errors";
import type { SessionUser } from "~/domain/session";
import { crossSiteMessage, isCrossSiteWrite } from "~/lib/cross-site";
import type { ApiEnv } from "../env";

/** The signed-in user, or 401. Every handler that needs an account starts here. */
export function requireUser(c: Context<ApiEnv>): SessionUser {
  const session = c.get("session");
  if (!session) throw unauthorized();
  return session.user;
}

/** Route middleware: signed in (401 otherwise), checked before the input is validated (a signed-out caller learns nothing from validation errors). */
export const signedIn = createMiddleware<ApiEnv>(async (c, next) => {
  requireUser(c);
  await next();
});

/** Posting editors (and admins): otherwise 403 with the spec's message. */
export function requireEditor(c: Context<ApiEnv>): SessionUser {
  const user = requireUser(c);
  if (!user.amzsPostingEditor && !user.amzsAdmin) throw forbidden("You are not an editor");
  return user;
}

/** Administrators only: otherwise 403 with the spec's message. */
export function requireAdmin(c: Context<ApiEnv>): SessionUser {
  const user = requireUser(c);
  if (!user.amzsAdmin) throw forbidden("You are not an admin");
  return user;
}

/** Route middleware: administrators only, checked before the input is validated (a non-admin learns nothing from validation errors). */
export const adminOnly = createMiddleware<ApiEnv>(async (c, next) => {
  requireAdmin(c);
  await next();
});

/** Route middleware: posting editors and administrators only, checked before the input is validated. */
export const editorOnly = createMiddleware<ApiEnv>(async (c, next) => {
  requireEditor(c);
  await next();
});

/** Who did it, for the audit log: the real person behind an impersonated session, and whom they acted as. */
export function auditActor(c: Context<ApiEnv>): { actorUserId: number; impersonatedUserId: number | null } {
  const session = c.get("session");
  if (!session) throw unauthorized();
  return session.impersonatorUserId
    ? { actorUserId: session.impersonatorUserId, impersonatedUserId: session.user.id }
    : { actorUserId: session.user.id, impersonatedUserId: null };
}

/**
 * Cross-site request forgery guard: a browser request that changes something must come from
 * our own pages (the rule: src/lib/cross-site.ts). Our pages are on this request's origin, SITE_URL's,
 * and, for a request a front vouched for (decision 076), the front's public origin: the front ran the
 * same check against it first.
 */
export const sameOriginWrites = createMiddleware<ApiEnv>(async (c, next) => {
  const front = c.get("front");
  const allowed = [
    new URL(c.req.url).origin,
    ...(c.env.SITE_URL ? [new URL(c.env.SITE_URL).origin] : []),
    ...(front ? [front.origin] : []),
  ];
  if (isCrossSiteWrite(c.req.method, c.req.path, c.req.raw.headers, allowed)) {
    throw new AppError(403, crossSiteMessage, { code: "CROSS_SITE" });
  }
  await next();
});
