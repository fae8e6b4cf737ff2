import { Hono } from "hono";
import type { ApiEnv } from "../env";

/** Impersonation paths live outside the internal-api prefix (spec section 7). */
export const impersonationRoutes = new Hono<ApiEnv>().post("/is-impersonated", (c) => {
  const session = c.get("session");
  return c.json({ impersonated: Boolean(session && session.impersonatorUserId !== null) });
});
