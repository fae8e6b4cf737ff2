/** Tiny helpers for bulk seeding D1 with multi-row INSERTs (D1 cost is per statement, not per row). */
export type SqlValue = string | number | boolean | null | undefined;

/** A SQL literal, properly escaped (only ever used by the seed, never with request input). */
export function lit(v: SqlValue): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return "NULL";
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

const maxStatementBytes = 90_000; // D1 allows 100 KB per statement

/** Multi-row INSERT statements for `rows`, each statement under D1's size limit. */
export function insertStatements(table: string, columns: string[], rows: SqlValue[][], orIgnore = false): string[] {
  const head = `INSERT ${orIgnore ? "OR IGNORE " : ""}INTO ${table} (${columns.join(", ")}) VALUES `;
  const statements: string[] = [];
  let parts: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${row.map(lit).join(", ")})`;
    if (parts.length > 0 && size + tuple.length + 1 > maxStatementBytes) {
      statements.push(head + parts.join(","));
      parts = [];
      size = head.length;
    }
    parts.push(tuple);
    size += tuple.length + 1;
  }
  if (parts.length > 0) statements.push(head + parts.join(","));
  return statements;
}

/** Deterministic PRNG (mulberry32) so every seed run yields the same data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  };
  const chance = (p: number) => next() < p;
  /** Picks by weight: [[value, weight], …]. */
  const weighted = <T>(pairs: readonly (readonly [T, number])[]): T => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    const last = pairs[pairs.length - 1];
    if (!last) throw new Error("weighted pick from an empty list");
    return last[0];
  };
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, chance, weighted, sample };
}
export type Random = ReturnType<typeof createRandom>;
