import { join } from "node:path";
import { getPlatformProxy } from "wrangler";

// What an instance of the two-instance set-up holds (decision 077): its local D1 and R2, read from its
// state folder by a Miniflare of the test's own while the instance runs (SQLite locks the files per statement).

export type InstanceState = {
  /** Rows per table (every table but D1's own and SQLite's). */
  rowCounts: () => Promise<Record<string, number>>;
  query: <T>(sql: string, ...params: unknown[]) => Promise<T[]>;
  run: (sql: string, ...params: unknown[]) => Promise<void>;
  /** Whether the R2 bucket holds an object under `key`. */
  hasObject: (key: string) => Promise<boolean>;
  /** Keys of every object in the R2 bucket. */
  objectKeys: () => Promise<string[]>;
  dispose: () => Promise<void>;
};

/** Opens the D1 and R2 of the instance whose state folder is `stateDir` (AVTOTRG_STATE or a front's). */
export async function openInstanceState(stateDir: string): Promise<InstanceState> {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(stateDir, "v3") } });
  const { DB, MEDIA } = proxy.env;
  const query = async <T>(sql: string, ...params: unknown[]) =>
    (
      await DB.prepare(sql)
        .bind(...params)
        .all<T>()
    ).results;
  return {
    query,
    run: async (sql, ...params) => {
      await DB.prepare(sql)
        .bind(...params)
        .run();
    },
    rowCounts: async () => {
      const tables = await query<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables)
        counts[name] = (await query<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`))[0]?.n ?? 0;
      return counts;
    },
    hasObject: async (key) => (await MEDIA.head(key)) !== null,
    objectKeys: async () => {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await MEDIA.list({ cursor, limit: 1000 });
        keys.push(...page.objects.map((o) => o.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return keys;
    },
    dispose: () => proxy.dispose(),
  };
}
