import { Hono } from "hono";
import { auditLogQuerySchema } from "~/contracts/admin-audit";
import { auditLogPage } from "~/services/audit-log.server";
import type { ApiEnv } from "../env";
import { adminOnly } from "../middleware/guards";
import { validate } from "../validate";

/** The audit log (`GET audit-log?entity=&actor=&page=`, newest first), administrators only. */
export const adminAuditRoutes = new Hono<ApiEnv>().get(
  "/",
  adminOnly,
  validate("query", auditLogQuerySchema),
  async (c) => c.json(await auditLogPage(c.get("db"), c.req.valid("query"))),
);
