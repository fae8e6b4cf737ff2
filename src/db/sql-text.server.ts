import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

// D1 refuses LIKE patterns longer than 50 bytes ("LIKE or GLOB pattern too complex", a 500), so
// prefixes and free-text matches use substr and instr: any length, and no wildcards to escape.

/** The column starts with `prefix` (codes: ASCII). */
export const startsWith = (column: SQLiteColumn | SQL, prefix: string): SQL =>
  sql`substr(${column}, 1, ${prefix.length}) = ${prefix}`;

/** The column contains `text`, ignoring ASCII case (as LIKE did). */
export const containsText = (column: SQLiteColumn | SQL, text: string): SQL =>
  sql`instr(lower(coalesce(${column}, '')), lower(${text})) > 0`;
