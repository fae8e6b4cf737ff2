import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * `INSERT INTO t (…) SELECT …values WHERE condition RETURNING …`: one row, written only while the
 * condition holds when SQLite runs the statement. Caps live in the condition (a count below the
 * limit), so parallel requests can never pass a cap a read-then-write check would let through
 * (issue 19, rule 9). Values go through the columns' own mapping (JSON, booleans) and their
 * `$defaultFn`s, as a plain drizzle insert would.
 */
export function insertWhere<T extends SQLiteTable>(
  table: T,
  values: T["$inferInsert"],
  condition: SQL,
  returning: SQL,
) {
  const names: SQL[] = [];
  const params: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    let value: unknown = (values as Record<string, unknown>)[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined) continue;
    names.push(sql`${sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name)}`);
    params.push(is(value, SQL) ? value : sql`${sql.param(value, column)}`);
  }
  return sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT ${sql.join(params, sql`, `)} WHERE ${condition} RETURNING ${returning}`;
}
