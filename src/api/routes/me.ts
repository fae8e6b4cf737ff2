import { Hono } from "hono";
import { unauthorized } from "~/domain/errors";
import { toMeResponse } from "~/services/users.server";
import type { ApiEnv } from "../env";

export const meRoutes = new Hono<ApiEnv>()
  /** The signed-in user's profile (401 when signed out: the client treats any failure as signed out). */
  .get("/me", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    return c.json(await toMeResponse(c.get("db"), session));
  });
