/**
 * `npm run bench:value` (issue 28, decision 088): how good and how costly the market value is.
 * 1. On the seeded data (3,000 postings, its own state): the median absolute percentage error of the
 *    mid estimate against the asking price, every posting left out of its own estimate, and the share of
 *    used postings with a rating; the ratings' spread.
 * 2. On the 100,000-posting bench state: the daily run's time (read, fit, write), the same figures.
 * Each: the one-car valuation (a publish or an edit; the wizard's estimate) on 25 postings, its time.
 * The run is the product's own (src/services/market-value.server.ts) over local D1, in this Node process
 * (the same V8 as workerd). BENCH_VALUE_SKIP_BIG=1 skips step 2.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { getDb } from "../src/db/client.server";
import { recomputeMarketValues, valuePosting } from "../src/services/market-value.server";
import { benchPostings, benchStateDir, loadAverage, percentile, run } from "./lib/bench-state";

const seededStateDir = process.env.AVTOTRG_VALUE_STATE ?? ".wrangler/value-state";

async function prepare(stateDir: string, count: number) {
  await run("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
  const seeded = { ...process.env, AVTOTRG_STATE: stateDir };
  await new Promise<void>((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", ["scripts/seed.ts", "--postings", String(count)], {
      stdio: "inherit",
      env: seeded,
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))));
  });
}

async function measure(label: string, stateDir: string) {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(stateDir, "v3") } });
  try {
    const db = getDb(proxy.env.DB);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await recomputeMarketValues(db);
    const wall = performance.now() - started;
    const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
    const used = await proxy.env.DB.prepare(
      `SELECT count(*) AS used,
              sum(price_rating IS NOT NULL AND price_rating <> 'NOT_ENOUGH_DATA') AS rated
       FROM postings WHERE status = 'PUBLISHED' AND vehicle_condition <> 'BRAND_NEW'
         AND price_type NOT IN ('RENTAL_ONLY', 'NEGOTIABLE') AND search_price > 0`,
    ).first<{ used: number; rated: number }>();
    const spread = await proxy.env.DB.prepare(
      "SELECT price_rating AS rating, count(*) AS n FROM postings WHERE status = 'PUBLISHED' GROUP BY 1 ORDER BY 2 DESC",
    ).all<{ rating: string | null; n: number }>();
    const share = used && used.used > 0 ? used.rated / used.used : 0;
    console.log(`\n${label}`);
    console.log(`  valued postings (published, sold, expired; used, priced): ${result.valued}`);
    console.log(
      `  median error of the mid, each left out of its own estimate: ${(result.medianErrorBp / 100).toFixed(2)} %  (goal ≤ 6 %) ${result.medianErrorBp <= 600 ? "met" : "NOT met"}`,
    );
    console.log(
      `  used published postings with a shown price (not Po dogovoru, not rental-only) with a rating: ${used?.rated ?? 0} of ${used?.used ?? 0} = ${(share * 100).toFixed(1)} %  (goal ≥ 85 %) ${share >= 0.85 ? "met" : "NOT met"}`,
    );
    console.log(
      `  ratings of published postings: ${spread.results.map((r) => `${r.rating ?? "none"} ${r.n}`).join(", ")}`,
    );
    console.log(
      `  the daily run: ${wall.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU of this process (read ${result.ms.read} ms, fit ${result.ms.fit} ms, write ${result.ms.write} ms in ${result.statements} statements)`,
    );
    await measureOneCar(db, proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

/**
 * The one-car valuation a publish or an edit runs after its response (the wizard's estimate is the same without
 * the write): 25 published used postings spread over the ids, each read, valued against the stored market and
 * written. Its time, the market row it parses, and the candidate rows its bounded queries return.
 */
async function measureOneCar(db: ReturnType<typeof getDb>, d1: D1Database) {
  const sample = await d1
    .prepare(
      `SELECT code FROM postings WHERE status = 'PUBLISHED' AND vehicle_condition <> 'BRAND_NEW'
         AND price_type NOT IN ('RENTAL_ONLY', 'NEGOTIABLE') AND search_price > 0 AND hide_posting = 0
       ORDER BY (id * 7919) % 10007 LIMIT 25`,
    )
    .all<{ code: string }>();
  const model = await d1.prepare("SELECT length(coefficients) AS bytes FROM market_models").first<{ bytes: number }>();
  const times: number[] = [];
  const rows: number[] = [];
  const trips: number[] = [];
  const cpus: number[] = [];
  for (const { code } of sample.results) {
    const trip = performance.now();
    await d1.prepare("SELECT 1").first();
    trips.push(performance.now() - trip);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { rowsRead } = await valuePosting(db, code, new Date(), { evenIfInRun: true });
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    times.push(performance.now() - started);
    rows.push(rowsRead);
  }
  console.log(
    `  one car: ${percentile(times, 50).toFixed(0)} ms median, ${percentile(times, 100).toFixed(0)} ms max of ${times.length}; CPU of this process ${percentile(cpus, 50).toFixed(1)} ms median, ${cpus[0]?.toFixed(1)} ms the first (it parses the stored market; the others reuse it); ${percentile(rows, 50)} rows read median, ${percentile(rows, 100)} max; the stored market ${((model?.bytes ?? 0) / 1024).toFixed(0)} kB; a bare D1 round trip here ${percentile(trips, 50).toFixed(0)} ms (it makes three to five in turn)`,
  );
}

console.log(`bench:value — load ${loadAverage()}`);
await prepare(seededStateDir, 3_000);
await measure("Seeded data (3,000 postings)", seededStateDir);
if (!process.env.BENCH_VALUE_SKIP_BIG) {
  await prepare(benchStateDir, benchPostings);
  await measure(`Bench state (${benchPostings.toLocaleString("en")} postings)`, benchStateDir);
}
