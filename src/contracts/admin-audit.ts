import { z } from "~/domain/zod-locale";

/** `GET audit-log`: entity, actor (user id, or part of the name or e-mail) and page. Bad values fall back to defaults. */
export const auditLogQuerySchema = z.object({
  entity: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.-]{1,60}$/)
    .optional()
    .catch(undefined),
  actor: z.string().trim().min(1).max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
