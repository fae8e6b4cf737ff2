import { Hono } from "hono";
import { z } from "~/domain/zod-locale";
import { membershipVerificationInputSchema } from "~/contracts/admin-membership";
import { verifyMembership } from "~/services/membership.server";
import type { ApiEnv } from "../env";
import { adminOnly, auditActor } from "../middleware/guards";
import { validate } from "../validate";

const userParam = z.object({
  id: z.coerce
    .number({ error: "Neveljaven id." })
    .int()
    .positive("Neveljaven id.")
    .max(2 ** 31),
});

/** AMZS membership verification in the admin users console (decision 039); audited. */
export const adminMembershipRoutes = new Hono<ApiEnv>().post(
  "/admin/users/:id/amzs-membership",
  adminOnly,
  validate("param", userParam),
  validate("json", membershipVerificationInputSchema),
  async (c) => c.json(await verifyMembership(c.get("db"), auditActor(c), c.req.valid("param").id, c.req.valid("json"))),
);
