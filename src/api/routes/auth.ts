import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { appConfig } from "~/app.config";
import { revokeSession } from "~/db/users.server";
import type { ApiEnv } from "../env";

export const authRoutes = new Hono<ApiEnv>()
  /** Revokes the current session (if any) and clears the cookie; always 204. */
  .post("/logout", async (c) => {
    const session = c.get("session");
    if (session) await revokeSession(c.get("db"), session.id);
    deleteCookie(c, appConfig.session.cookieName, { path: "/" });
    return c.body(null, 204);
  });
