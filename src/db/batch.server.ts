import type { BatchItem } from "drizzle-orm/batch";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.server";

/** Runs the statements in one atomic `db.batch()`; nothing when there are none (D1 refuses an empty batch). */
export async function batchAll(db: Db, statements: readonly BatchItem<"sqlite">[]) {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * A NOT NULL column's value that is NULL unless `condition` holds: the statement then fails and the
 * whole batch rolls back. (Drizzle's D1 batch takes query builders only, not raw INSERT … SELECT.)
 */
export const guardedValue = (value: string, condition: SQL) => sql`(SELECT ${value} WHERE ${condition})`;

// D1 puts the constraint's text in the message or, through Drizzle, in the cause.
const errorText = (err: unknown) => (err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : String(err));

/** The error D1 raises when a guarded statement finds its condition false (see `guardedValue`). */
export const isGuardFailure = (err: unknown, column: string) =>
  new RegExp(`NOT NULL constraint failed: ${column}`, "i").test(errorText(err));

/** The error D1 raises when a write would repeat a UNIQUE `table.column` (two writers at once). */
export const isUniqueViolation = (err: unknown, column: string) =>
  new RegExp(`UNIQUE constraint failed: ${column}`, "i").test(errorText(err));
