/** Drizzle mirror of migrations/*.sql: content (decision 054: the schema by aggregate). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

export const articles = sqliteTable("articles", {
  id: id(),
  code: text(),
  title: text().notNull(),
  subtitle: text(),
  summary: text(),
  body: text(),
  moreLink: text(),
  position: integer().notNull().default(0),
  imageKey: text(),
  expiresAt: text(),
  createdAt: createdAt(),
});
