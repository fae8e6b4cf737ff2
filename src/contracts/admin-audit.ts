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

type Person = { id: number; name: string | null; email: string | null };

/** One audit entry as the viewer shows it: who (and as whom), what, on which entity, when, before and after. */
export type AuditEntry = {
  id: number;
  createdAt: string;
  action: string;
  entity: string;
  entityId: string | null;
  /** Where the record can be seen (the public posting, the admin screen of the dealership, user, …); null for none. */
  href: string | null;
  actor: Person | null;
  impersonated: Person | null;
  before: unknown;
  after: unknown;
};

export type AuditLogPage = { total: number; page: number; size: number; entries: AuditEntry[]; entities: string[] };
