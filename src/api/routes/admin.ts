import { Hono } from "hono";
import { z } from "~/domain/zod-locale";
import { membershipVerificationInputSchema } from "~/contracts/admin-membership";
import { verifyMembership } from "~/services/membership.server";
import type { ApiEnv } from "../env";
import { adminOnly, auditActor, requireAdmin } from "../middleware/guards";
import { validate } from "../validate";
import {
  adminSalespersonInputSchema,
  adminSalespersonPhoneSchema,
  salespeopleListQuerySchema,
  userSearchQuerySchema,
} from "~/contracts/admin-dealers";
import {
  addSalespersonAsAdmin,
  listSalespeopleForAdmin,
  removeSalespersonAsAdmin,
} from "~/services/dealer-admin/salespeople.server";
import { searchUsers } from "~/services/dealer-admin/users.server";
import { clientIp, siteOrigin } from "../session-cookie";
import { smsProvider } from "~/services/providers/sms.server";

const phoneParam = z.object({ phoneNumber: adminSalespersonPhoneSchema });
const userParam = z.object({
  id: z.coerce
    .number({ error: "Neveljaven id." })
    .int()
    .positive("Neveljaven id.")
    .max(2 ** 31),
});

/** `admin/*` (admins): every dealer's salespeople, the users, and AMZS membership verification (decision 039; audited). */
export const adminRoutes = new Hono<ApiEnv>()
  .get("/salespeople", adminOnly, validate("query", salespeopleListQuerySchema), async (c) =>
    c.json(await listSalespeopleForAdmin(c.get("db"), c.req.valid("query"))),
  )
  .post("/salespeople", adminOnly, validate("json", adminSalespersonInputSchema), async (c) =>
    c.json(
      await addSalespersonAsAdmin(
        c.get("db"),
        smsProvider(c.get("db"), c.env, clientIp(c)),
        requireAdmin(c),
        auditActor(c),
        c.req.valid("json"),
        siteOrigin(c),
      ),
      201,
    ),
  )
  .delete("/salespeople/:phoneNumber", adminOnly, validate("param", phoneParam), async (c) => {
    await removeSalespersonAsAdmin(c.get("db"), auditActor(c), c.req.valid("param").phoneNumber);
    return c.body(null, 204);
  })
  .get("/users", adminOnly, validate("query", userSearchQuerySchema), async (c) =>
    c.json(await searchUsers(c.get("db"), c.req.valid("query").q)),
  )
  .post(
    "/users/:id/amzs-membership",
    adminOnly,
    validate("param", userParam),
    validate("json", membershipVerificationInputSchema),
    async (c) =>
      c.json(await verifyMembership(c.get("db"), auditActor(c), c.req.valid("param").id, c.req.valid("json"))),
  );
