import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { appConfig } from "~/app.config";
import { writeAudit } from "~/db/audit.server";
import { findActiveSession, findUserByIdOrPhone, revokeSession } from "~/db/users.server";
import { AppError, badRequest, notFound } from "~/domain/errors";
import { impersonationReturnPath } from "~/domain/impersonation-return";
import { toSlovenianMobile } from "~/domain/validators";
import { z } from "~/domain/zod-locale";
import { sha256Hex } from "~/lib/crypto";
import { startSession } from "~/services/auth.server";
import type { ApiEnv } from "../env";
import { adminOnly, requireAdmin } from "../middleware/guards";
import {
  adminCookieName,
  clearCookie,
  readSessionCookie,
  sessionCookieName,
  sessionCookieOptions as cookieOptions,
} from "../session-cookie";
import { validate } from "../validate";

const targetParam = z.object({ target: z.string().min(1).max(40) });
/** Where "Končaj prevzem" returns to: the users list the admin started from (decision 073); anything else is dropped. */
const startQuery = z.object({ returnTo: z.string().max(300).optional().catch(undefined) });
const returnCookieName = (c: Context<ApiEnv>) => `${sessionCookieName(c)}_return`;
/** A plain form post (the impersonation bar before hydration) gets a 303; the client's call gets JSON. */
const isFormPost = (c: Context<ApiEnv>) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header("content-type") ?? "");

/** Impersonation paths live outside the internal-api prefix (spec section 7). */
export const impersonationRoutes = new Hono<ApiEnv>()
  .post("/is-impersonated", (c) => {
    const session = c.get("session");
    return c.json({ impersonated: Boolean(session && session.impersonatorUserId !== null) });
  })
  /** Admins only: continue as another user (by id or phone number); audited. */
  .post("/impersonate/:target", adminOnly, validate("param", targetParam), validate("query", startQuery), async (c) => {
    const admin = requireAdmin(c);
    const session = c.get("session");
    if (session?.impersonatorUserId) throw badRequest("Najprej končajte trenutni prevzem računa.");
    const raw = c.req.valid("param").target;
    const db = c.get("db");
    const target = await findUserByIdOrPhone(db, toSlovenianMobile(raw) ?? raw);
    if (!target || target.disabled) throw notFound("Uporabnik ne obstaja.");
    if (target.id === admin.id) throw badRequest("Svojega računa ni mogoče prevzeti.");
    const adminToken = readSessionCookie(c);
    if (!adminToken) throw new AppError(401, "Prijava je potrebna.");
    const started = await startSession(db, target.id, new Date(), admin.id);
    setCookie(c, adminCookieName(c), adminToken, cookieOptions(c, new Date(Date.now() + 12 * 3_600_000)));
    setCookie(c, sessionCookieName(c), started.token, cookieOptions(c, new Date(started.expiresAt)));
    setCookie(
      c,
      returnCookieName(c),
      impersonationReturnPath(c.req.valid("query").returnTo),
      cookieOptions(c, new Date(Date.now() + 12 * 3_600_000)),
    );
    await writeAudit(db, {
      actorUserId: admin.id,
      impersonatedUserId: target.id,
      action: "impersonate.start",
      entity: "user",
      entityId: String(target.id),
    });
    return c.json({ impersonated: true, userId: target.id });
  })
  /**
   * Ends impersonation, restores the admin's own session and names the users list to return to (`returnTo`; a
   * plain form post is sent there with a 303). 400 when not impersonating; a repeated form post (a double tap
   * before hydration) just goes to the list.
   */
  .post("/stop-impersonation", async (c) => {
    const session = c.get("session");
    const returnTo = impersonationReturnPath(getCookie(c, returnCookieName(c)));
    if (!session?.impersonatorUserId) {
      if (isFormPost(c)) return c.redirect(returnTo, 303);
      throw badRequest("Ne uporabljate tujega računa.");
    }
    const db = c.get("db");
    await revokeSession(db, session.id);
    await writeAudit(db, {
      actorUserId: session.impersonatorUserId,
      impersonatedUserId: session.user.id,
      action: "impersonate.stop",
      entity: "user",
      entityId: String(session.user.id),
    });
    const adminToken = getCookie(c, adminCookieName(c));
    clearCookie(c, adminCookieName(c));
    const adminSession =
      adminToken && /^[A-Za-z0-9_-]{20,100}$/.test(adminToken)
        ? await findActiveSession(db, await sha256Hex(adminToken))
        : null;
    if (adminSession)
      setCookie(
        c,
        sessionCookieName(c),
        adminToken ?? "",
        cookieOptions(c, new Date(Date.now() + appConfig.session.lifetimeDays * 86_400_000)),
      );
    else clearCookie(c, sessionCookieName(c));
    clearCookie(c, returnCookieName(c));
    if (isFormPost(c)) return c.redirect(returnTo, 303);
    return c.json({ impersonated: false, returnTo });
  });
