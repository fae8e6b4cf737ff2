/** Drizzle mirror of migrations/*.sql: audit (decision 054: the schema by aggregate). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

export const auditLog = sqliteTable("audit_log", {
  id: id(),
  actorUserId: integer(),
  impersonatedUserId: integer(),
  action: text().notNull(),
  entity: text().notNull(),
  entityId: text(),
  beforeJson: text(),
  afterJson: text(),
  createdAt: createdAt(),
});
