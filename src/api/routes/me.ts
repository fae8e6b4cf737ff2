import { Hono } from "hono";
import { updateProfile } from "~/db/users.server";
import { unauthorized } from "~/domain/errors";
import { updateProfileInputSchema } from "~/features/auth/schemas";
import { toMeResponse } from "~/services/users.server";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

export const meRoutes = new Hono<ApiEnv>()
  /** The signed-in user's profile (401 when signed out: the client treats any failure as signed out). */
  .get("/me", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    return c.json(await toMeResponse(c.get("db"), session));
  })
  /** Profile update: names (more than 1 character) and the optional membership number. */
  .post("/me", validate("json", updateProfileInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const { firstName, lastName, amzsMembershipNumber } = c.req.valid("json");
    const db = c.get("db");
    await updateProfile(db, session.user.id, { firstName, lastName, amzsMembershipNumber });
    const user = { ...session.user, firstName, lastName, amzsMembershipNumber };
    return c.json(await toMeResponse(db, { ...session, user }));
  });
