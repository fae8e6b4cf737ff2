import { env } from "cloudflare:workers";
import { getTableColumns, getTableName } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

// Every file of src/db/schema/ (one per aggregate, decision 054), so a new file is checked without listing it here.
const schemaModules = import.meta.glob<Record<string, unknown>>("../src/db/schema/*.ts", { eager: true });
const tables: SQLiteTable[] = Object.values(schemaModules)
  .flatMap((m) => Object.values(m))
  .filter((v): v is SQLiteTable => v instanceof SQLiteTable);

describe("D1 schema", () => {
  it("has every Drizzle column in the migrated database (the SQL is the source of truth)", async () => {
    expect(tables.length).toBeGreaterThan(35);
    for (const table of tables) {
      const name = getTableName(table);
      // table_xinfo: generated columns too (postings.listed_price, migration 0039), which table_info leaves out.
      const { results } = await env.DB.prepare(`PRAGMA table_xinfo(${name})`).all<{ name: string }>();
      const inDb = new Set(results.map((r) => r.name));
      const missing = Object.values(getTableColumns(table))
        .map((c) => (c.keyAsName ? toSnakeCase(c.name) : c.name))
        .filter((c) => !inDb.has(c));
      expect({ table: name, missing }).toEqual({ table: name, missing: [] });
    }
  });

  it("keeps every table within D1's 100-column limit and enforces foreign keys", async () => {
    for (const table of tables) {
      const { results } = await env.DB.prepare(`PRAGMA table_xinfo(${getTableName(table)})`).all();
      expect(results.length).toBeLessThanOrEqual(100);
    }
    await expect(
      env.DB.prepare("INSERT INTO postings (code, user_id) VALUES ('FK-TEST', 999999)").run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it("refuses values outside the enumerations", async () => {
    await expect(
      env.DB.prepare("INSERT INTO users (email, dealership_role) VALUES ('enum@primer.si', 'BOSS')").run(),
    ).rejects.toThrow(/CHECK/);
  });
});
