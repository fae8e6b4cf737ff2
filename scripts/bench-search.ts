/**
 * Search benchmark on the 100,000-posting seed (npm run bench:search).
 * 1. Builds the bench state once (.wrangler/bench-state, 100k postings) if it is missing.
 * 2. Serves the built Worker from that state and times GET marketplace/search and count-by over
 *    a fixed set of realistic filter combinations (p50/p95), sequentially, after a warm-up.
 * 3. Times the same WHERE clauses as full scans (SQLite NOT INDEXED) for the ratio.
 */
import { count, type SQL, and } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { filterConditions } from "../src/db/search-conditions.server";
import { coveredCount, coveredCountQuery } from "../src/db/search-count-table.server";
import { postings } from "../src/db/schema/postings";
import { parseSearchParams } from "../src/domain/search-filters";
import {
  benchQueries,
  ensureBenchState,
  loadAverage,
  percentile,
  serveBuiltWorker,
  withBenchBindings,
} from "./lib/bench-state";

const runs = Number(process.env.BENCH_RUNS ?? 15);
/** BENCH_ROWS_ONLY=1: only the rows read per count (no build, no HTTP timings). */
const rowsOnly = process.env.BENCH_ROWS_ONLY === "1";
/** One broad filter each (decision 087): their totals are kept counts, plus the exact rows of a range's partial bands. */
const broadQueries = [
  "price=5000..",
  "price=7300..12800",
  "price=..15000",
  "year=2015..",
  "year=..2012",
  "year=2016..2019",
  "odo=..100000",
  "odo=..123456",
  "region=LJUBLJANA",
  "region=MARIBOR&region=CELJE",
  "seller=person",
  "seller=dealer",
  "eq=INNER_NAVIGATION",
  "price=10000..20000&year=2016..",
  // Round 5 (decision 090): single dimensions and pairs of broad filters.
  "transmission=A",
  "color=BLACK",
  "power=100..",
  "power=75..150",
  "badge=GOOD_BUY",
  "eq=SAFETY_ABS",
  "fuel=DIESEL&price=..15000",
  "price=5000..&odo=..100000",
  "price=7300..12800&odo=..123456",
  "transmission=A&year=2018..",
  "model=volkswagen&fuel=DIESEL",
  "region=MARIBOR&fuel=PETROL",
  "power=100..&body=SUV",
  "eq=INNER_NAVIGATION&body=SUV",
  "eq=INNER_NAVIGATION&price=..15000",
  "eq=INNER_NAVIGATION&year=2018..",
  "eq=INNER_NAVIGATION&price=7300..",
];
const fmt = (n: number) => n.toFixed(1).padStart(7);

async function unindexedRatios() {
  return withBenchBindings(async (env) => {
    const db = drizzle(env.DB, { casing: "snake_case" });
    const rows: { query: string; indexed: number; scan: number; rowsRead: number; rowsNow: number }[] = [];
    for (const query of [...benchQueries, ...broadQueries]) {
      const filters = parseSearchParams(query);
      const where: SQL | undefined = and(...filterConditions(filters, { now: new Date(), userId: null }));
      const built = db.select({ n: count() }).from(postings).where(where).toSQL();
      // The product counts through the covering index; the comparison is a full table scan.
      const indexedSql = built.sql.replace(/from "postings"/, 'from "postings" INDEXED BY postings_search');
      const scanSql = built.sql.replace(/from "postings"/, 'from "postings" NOT INDEXED');
      const time = async (sql: string) => {
        const stmt = env.DB.prepare(sql).bind(...built.params);
        await stmt.all();
        const started = performance.now();
        for (let i = 0; i < 5; i++) await stmt.all();
        return (performance.now() - started) / 5;
      };
      // D1 bills rows read: what one uncached count of this combination costs.
      const rowsRead =
        (
          await env.DB.prepare(indexedSql)
            .bind(...built.params)
            .all()
        ).meta.rows_read ?? 0;
      // What the search's total reads now: one row of the kept counts when covered (decision 082).
      const covered = coveredCount(filters);
      const now = covered ? coveredCountQuery(db, covered).toSQL() : { sql: indexedSql, params: built.params };
      const rowsNow =
        (
          await env.DB.prepare(now.sql)
            .bind(...now.params)
            .all()
        ).meta.rows_read ?? 0;
      rows.push({ query, indexed: await time(indexedSql), scan: await time(scanSql), rowsRead, rowsNow });
    }
    return rows;
  });
}

/**
 * What the kept counts cost a write (decision 090): rows written and read and time of one statement, averaged
 * over 40 visible postings, each change undone at once (the undo is measured too).
 */
async function writeCosts() {
  return withBenchBindings(async (env) => {
    const ids = (
      await env.DB.prepare(
        "SELECT id FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0 AND search_price IS NOT NULL ORDER BY id LIMIT 40",
      ).all<{ id: number }>()
    ).results.map((r) => r.id);
    const changes: [string, string, string][] = [
      [
        "sale and back (status)",
        "UPDATE postings SET status = 'SOLD' WHERE id = ?",
        "UPDATE postings SET status = 'PUBLISHED' WHERE id = ?",
      ],
      [
        "price edit across a band",
        "UPDATE postings SET search_price = search_price + 60000 WHERE id = ?",
        "UPDATE postings SET search_price = search_price - 60000 WHERE id = ?",
      ],
      [
        "colour edit",
        "UPDATE postings SET color = CASE WHEN color = 'RED' THEN 'BLUE' ELSE 'RED' END WHERE id = ?",
        "UPDATE postings SET color = CASE WHEN color = 'RED' THEN 'BLUE' ELSE 'RED' END WHERE id = ?",
      ],
      [
        "untracked edit (views)",
        "UPDATE postings SET views_total = views_total + 1 WHERE id = ?",
        "UPDATE postings SET views_total = views_total - 1 WHERE id = ?",
      ],
      [
        "equipment tick and untick",
        "INSERT OR IGNORE INTO posting_equipment (posting_id, code) VALUES (?, 'BENCH_ITEM')",
        "DELETE FROM posting_equipment WHERE posting_id = ? AND code = 'BENCH_ITEM'",
      ],
    ];
    const out: { change: string; written: number; read: number; ms: number }[] = [];
    for (const [change, doSql, undoSql] of changes) {
      let written = 0;
      let read = 0;
      let ms = 0;
      for (const id of ids)
        for (const q of [doSql, undoSql]) {
          const r = await env.DB.prepare(q).bind(id).run();
          // The statement's own time in SQLite (the local round trip through the proxy is not the write's cost).
          ms += r.meta.duration ?? 0;
          written += r.meta.rows_written ?? 0;
          read += r.meta.rows_read ?? 0;
        }
      const n = ids.length * 2;
      out.push({ change, written: written / n, read: read / n, ms: ms / n });
    }
    return out;
  });
}

async function httpTimings() {
  const server = await serveBuiltWorker(undefined, { responseCache: false });
  try {
    const base = `${server.origin}/internal-api/v1`;
    const time = async (url: string) => {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return performance.now() - started;
    };
    const search: number[] = [];
    const cold: number[] = [];
    const facets: number[] = [];
    const coldFacets: number[] = [];
    const perQuery: { query: string; p50: number; total: number }[] = [];
    for (const query of benchQueries) {
      const url = `${base}/marketplace/search?${query}`;
      // The first request of a combination meets empty count caches: that is the cold figure.
      cold.push(await time(url));
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await time(url));
      search.push(...samples);
      const total = ((await (await fetch(url)).json()) as { total: number }).total;
      perQuery.push({ query, p50: percentile(samples, 50), total });
      const facetUrl = `${base}/marketplace/count-by/fuel?${query}`;
      coldFacets.push(await time(facetUrl));
      for (let i = 0; i < runs; i++) facets.push(await time(facetUrl));
    }
    return { search, cold, facets, coldFacets, perQuery };
  } finally {
    await server.stop();
  }
}

// Rows only: the counts are read through a platform proxy, no built Worker is served.
await ensureBenchState({ build: !rowsOnly });
const scans = await unindexedRatios();
const writes = process.env.BENCH_WRITES === "0" ? [] : await writeCosts();
const http = rowsOnly ? null : await httpTimings();
console.log(`\nLoad average (1/5/15 min): ${loadAverage()}`);
console.log("\nquery (rows read by one uncached total)            index count → total now");
for (const s of scans)
  console.log(
    `${(s.query || "(no filters)").padEnd(50)} ${String(s.rowsRead).padStart(9)} → ${String(s.rowsNow).padStart(6)}`,
  );
console.log(
  "\nquery                                              total   search p50   count (index)   full scan   ratio   rows (index count → total now)",
);
for (const [i, q] of (http?.perQuery ?? []).entries()) {
  const s = scans[i];
  console.log(
    `${(q.query || "(no filters)").padEnd(50)} ${String(q.total).padStart(6)} ${fmt(q.p50)} ms ${fmt(s?.indexed ?? 0)} ms ${fmt(s?.scan ?? 0)} ms ${((s?.scan ?? 0) / Math.max(0.01, s?.indexed ?? 1)).toFixed(1).padStart(6)}× ${String(s?.rowsRead ?? 0).padStart(9)} → ${String(s?.rowsNow ?? 0).padStart(6)}`,
  );
}
if (writes.length > 0) {
  console.log("\nwrite (one statement, mean of 80: the change and its undo)   rows written   rows read   ms");
  for (const w of writes)
    console.log(
      `${w.change.padEnd(60)} ${w.written.toFixed(1).padStart(12)} ${w.read.toFixed(1).padStart(11)} ${w.ms.toFixed(2).padStart(6)}`,
    );
}
const maxNow = Math.max(...scans.map((s) => s.rowsNow));
const broad = scans.filter((s) => coveredCount(parseSearchParams(s.query)) !== null);
console.log(
  `\nRows read by a total: max ${maxNow} over all ${scans.length} searches; broad (covered) searches max ${Math.max(0, ...broad.map((s) => s.rowsNow))} (goal ≤ 5,000); before max ${Math.max(...broad.map((s) => s.rowsRead))}`,
);
if (http) {
  console.log(
    `\nGET marketplace/search   warm p50 ${fmt(percentile(http.search, 50))} ms  p95 ${fmt(percentile(http.search, 95))} ms   (${http.search.length} requests, ${benchQueries.length} combinations)`,
  );
  console.log(
    `GET marketplace/search   cold p50 ${fmt(percentile(http.cold, 50))} ms  p95 ${fmt(percentile(http.cold, 95))} ms   (first request of each combination)`,
  );
  console.log(
    `GET marketplace/count-by      p50 ${fmt(percentile(http.facets, 50))} ms  p95 ${fmt(percentile(http.facets, 95))} ms   (cold p95 ${fmt(percentile(http.coldFacets, 95))} ms)`,
  );
}
const sumIndexed = scans.reduce((a, s) => a + s.indexed, 0);
const sumScan = scans.reduce((a, s) => a + s.scan, 0);
console.log(
  `Counts: covering index ${sumIndexed.toFixed(1)} ms vs full scan ${sumScan.toFixed(1)} ms in all (${(sumScan / sumIndexed).toFixed(1)}× faster with indexes)`,
);
