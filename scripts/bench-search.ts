/**
 * Search benchmark on the 100,000-posting seed (npm run bench:search).
 * 1. Builds the bench state once (.wrangler/bench-state, 100k postings) if it is missing.
 * 2. Serves the built Worker from that state and times GET marketplace/search and count-by over
 *    a fixed set of realistic filter combinations (p50/p95), sequentially, after a warm-up.
 * 3. Times the same WHERE clauses as full scans (SQLite NOT INDEXED) for the ratio.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { count, type SQL, and } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { filterConditions } from "../src/db/search.server";
import { postings } from "../src/db/schema";
import { parseSearchParams } from "../src/domain/search-filters";

const state = process.env.AVTOTRG_BENCH_STATE ?? ".wrangler/bench-state";
const port = Number(process.env.BENCH_PORT ?? 8791);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", AVTOTRG_STATE: state };

/** Realistic searches: makes, price bands, years, fuel, body, equipment, sorts and deep pages. */
export const benchQueries = [
  "",
  "sort=priceAsc",
  "model=volkswagen",
  "model=skoda(octavia)",
  "model=bmw&fuel=DIESEL",
  "price=..10000",
  "price=10000..20000&year=2016..",
  "fuel=ELECTRIC&sort=priceAsc",
  "body=SUV&transmission=A",
  "body=STATION_WAGON&fuel=DIESEL&price=..15000",
  "year=2020..&odo=..50000",
  "region=LJUBLJANA&seller=dealer",
  "model=renault&model=dacia&price=..12000",
  "eq=INNER_NAVIGATION&eq=PARK_CAMERA",
  "badge=VERIFIED",
  "power=150..&sort=powerDesc",
  "fuel=HYBRID&year=2019..&sort=mileageAsc",
  "color=RED&body=HATCHBACK",
  "postingAge=P7D",
  "model=mercedes-benz&sort=priceDesc&page=3",
  "page=40",
  "hiddenVin=true&slo=true&serviceBook=true",
  "model=toyota(yaris)&year=2015..2020",
];

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`))));
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const fmt = (n: number) => n.toFixed(1).padStart(7);

async function ensureState() {
  // Always: applying is idempotent, and a state from before a new migration must catch up.
  await run("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
  await run("node_modules/.bin/tsx", ["scripts/seed.ts", "--postings", "100000"]);
  if (!existsSync("dist/server/index.js")) await run("npm", ["run", "-s", "build"]);
}

async function unindexedRatios() {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(state, "v3") } });
  try {
    const db = drizzle(proxy.env.DB, { casing: "snake_case" });
    const rows: { query: string; indexed: number; scan: number }[] = [];
    for (const query of benchQueries) {
      const where: SQL | undefined = and(...filterConditions(parseSearchParams(query), { now: new Date(), userId: null }));
      const built = db.select({ n: count() }).from(postings).where(where).toSQL();
      // The product counts through the covering index; the comparison is a full table scan.
      const indexedSql = built.sql.replace(/from "postings"/, 'from "postings" INDEXED BY postings_search');
      const scanSql = built.sql.replace(/from "postings"/, 'from "postings" NOT INDEXED');
      const time = async (sql: string) => {
        const stmt = proxy.env.DB.prepare(sql).bind(...built.params);
        await stmt.all();
        const started = performance.now();
        for (let i = 0; i < 5; i++) await stmt.all();
        return (performance.now() - started) / 5;
      };
      rows.push({ query, indexed: await time(indexedSql), scan: await time(scanSql) });
    }
    return rows;
  } finally {
    await proxy.dispose();
  }
}

async function httpTimings() {
  const server = spawn("node_modules/.bin/vite", ["preview", "--port", String(port), "--strictPort"], { env, stdio: "ignore" });
  try {
    const base = `http://localhost:${port}/internal-api/v1`;
    for (let i = 0; i < 60; i++) {
      if (await fetch(`${base}/manufacturer`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
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
    server.kill();
  }
}

await ensureState();
const scans = await unindexedRatios();
const http = await httpTimings();
console.log("\nquery                                              total   search p50   count (index)   full scan   ratio");
for (const [i, q] of http.perQuery.entries()) {
  const s = scans[i];
  console.log(`${(q.query || "(no filters)").padEnd(50)} ${String(q.total).padStart(6)} ${fmt(q.p50)} ms ${fmt(s?.indexed ?? 0)} ms ${fmt(s?.scan ?? 0)} ms ${((s?.scan ?? 0) / Math.max(0.01, s?.indexed ?? 1)).toFixed(1).padStart(6)}×`);
}
console.log(`\nGET marketplace/search   warm p50 ${fmt(percentile(http.search, 50))} ms  p95 ${fmt(percentile(http.search, 95))} ms   (${http.search.length} requests, ${benchQueries.length} combinations)`);
console.log(`GET marketplace/search   cold p50 ${fmt(percentile(http.cold, 50))} ms  p95 ${fmt(percentile(http.cold, 95))} ms   (first request of each combination)`);
console.log(`GET marketplace/count-by      p50 ${fmt(percentile(http.facets, 50))} ms  p95 ${fmt(percentile(http.facets, 95))} ms   (cold p95 ${fmt(percentile(http.coldFacets, 95))} ms)`);
const sumIndexed = scans.reduce((a, s) => a + s.indexed, 0);
const sumScan = scans.reduce((a, s) => a + s.scan, 0);
console.log(`Counts: covering index ${sumIndexed.toFixed(1)} ms vs full scan ${sumScan.toFixed(1)} ms in all (${(sumScan / sumIndexed).toFixed(1)}× faster with indexes)`);
