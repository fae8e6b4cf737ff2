/**
 * Worker time per uncached render (npm run bench:pages, issue 27, decision 080), on the 100,000-posting seed.
 * Serves the built Worker without the inspector (scripts/lib/bench-state.ts) and the response cache off, then:
 * 1. D1 per page: a few requests per page to a Worker with BENCH_COUNTERS=on, which counts each request's
 *    D1 round trips and statements, before the Worker returned its Response (the first byte) and in all; each
 *    counted request follows one to the same URL, so memos and count caches are as warm as in a busy isolate.
 * 2. CPU and wall per page: a fresh Worker without counters; N requests per page (BENCH_N, default 200),
 *    sequential, pages interleaved round-robin so the machine's noise hits all alike. CPU is the workerd
 *    process's own CPU time (all threads, /proc/<pid>/task/<tid>/schedstat) from before a request to 5 ms
 *    after its body ended (work the Worker does after the response, e.g. `waitUntil`, counts for its page).
 * The floor is a page with the same shell and no data of its own (/piskotki, the cookie policy). Prints each
 * page's median CPU and its ratio to the floor, wall p50/p95, D1 counts and HTML size, against the goals:
 * CPU ≤ 2× the floor, ≤ 1 D1 round trip before the first byte, ≤ 2 in all.
 *   BENCH_N=50 npm run bench:pages   # a quick local trial
 */
import {
  benchQueries,
  ensureBenchState,
  loadAverage,
  longTailAndCookie,
  percentile,
  processCpuNs,
  serveBuiltWorker,
} from "./lib/bench-state";

const n = Number(process.env.BENCH_N ?? 200);
const countedRequests = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Page = { name: string; paths: string[]; cookie?: string; floor?: boolean };
type Result = {
  page: Page;
  cpu: number[];
  wall: number[];
  /** Until the response's head arrived (fetch resolved): the Worker had returned its Response. */
  firstByte: number[];
  html: number;
  statuses: Set<number>;
  d1: { before: number; all: number; statements: number; sql: string[] } | null;
};

await ensureBenchState();
const { tail, cookie } = await longTailAndCookie();
const searches = benchQueries.filter((q) => q.includes("=") && !q.includes("page=")).map((q) => `/iskanje?${q}`);
const postings = tail.map((id) => `/oglas/${id}`);
const pages: Page[] = [
  { name: "floor /piskotki", paths: ["/piskotki"], floor: true },
  { name: "/", paths: ["/"] },
  { name: `/iskanje (${searches.length} filters)`, paths: searches },
  { name: `/oglas/{id} (${postings.length}, long tail)`, paths: postings },
  { name: "/ signed in", paths: ["/"], cookie },
  { name: "/iskanje signed in", paths: searches, cookie },
  { name: "/oglas/{id} signed in", paths: postings, cookie },
];
const results: Result[] = pages.map((page) => ({
  page,
  cpu: [],
  wall: [],
  firstByte: [],
  html: 0,
  statuses: new Set(),
  d1: null,
}));
const headers = (page: Page, extra: Record<string, string> = {}) => ({
  ...(page.cookie ? { cookie: page.cookie } : {}),
  ...extra,
});

const loadBefore = loadAverage();
// 1. D1 round trips and statements per request (a Worker with BENCH_COUNTERS=on).
{
  const server = await serveBuiltWorker(undefined, { responseCache: false, counters: true });
  try {
    let id = 0;
    for (const r of results) {
      const runs: { before: number; all: number; statements: number; sql: string[] }[] = [];
      for (let i = 0; i < countedRequests; i++) {
        const path = r.page.paths[(i * 7) % r.page.paths.length] as string;
        const tag = `b${++id}`;
        // The same URL once before: per-isolate memos and count caches hold what a warm isolate holds.
        await (await fetch(`${server.origin}${path}`, { headers: headers(r.page) })).text();
        const res = await fetch(`${server.origin}${path}`, { headers: headers(r.page, { "x-bench-request": tag }) });
        await res.text();
        await sleep(50);
        const c = (await (await fetch(`${server.origin}/__bench/d1/${tag}`)).json()) as {
          roundTrips: number;
          statements: number;
          beforeFirstByte: number;
          sql: string[];
        } | null;
        if (!c) throw new Error("the Worker kept no D1 counts: is BENCH_COUNTERS passed?");
        runs.push({ before: c.beforeFirstByte, all: c.roundTrips, statements: c.statements, sql: c.sql });
      }
      const median = (k: "before" | "all" | "statements") =>
        percentile(
          runs.map((x) => x[k]),
          50,
        );
      r.d1 = {
        before: median("before"),
        all: median("all"),
        statements: median("statements"),
        sql: runs.at(-1)?.sql ?? [],
      };
    }
  } finally {
    await server.stop();
  }
}

// 2. CPU and wall per request (a Worker without counters).
const server = await serveBuiltWorker(undefined, { responseCache: false });
try {
  const pid = server.workerPid;
  if (!pid) throw new Error("could not find the workerd process running the Worker");
  const warm = 20;
  for (let i = 0; i < n + warm; i++) {
    for (const r of results) {
      const path = r.page.paths[i % r.page.paths.length] as string;
      const cpu0 = processCpuNs(pid);
      const t0 = performance.now();
      const res = await fetch(`${server.origin}${path}`, { headers: headers(r.page) });
      const firstByte = performance.now() - t0;
      const body = await res.text();
      const wall = performance.now() - t0;
      await sleep(5);
      const cpu = (processCpuNs(pid) - cpu0) / 1e6;
      if (i < warm) continue;
      r.cpu.push(cpu);
      r.wall.push(wall);
      r.firstByte.push(firstByte);
      r.html = Math.max(r.html, body.length);
      r.statuses.add(res.status);
    }
  }
} finally {
  await server.stop();
}

const floor = percentile(results.find((r) => r.page.floor)?.cpu ?? [], 50);
const pad = (s: string | number, w: number) => String(s).padStart(w);
console.log(
  `\nWorker CPU per uncached render: ${n} requests per page, sequential, round-robin; built Worker via unstable_startWorker, inspector off, response cache off; Node ${process.version}`,
);
console.log(
  `${"page".padEnd(34)} ${pad("CPU ms", 7)} ${pad("× floor", 8)} ${pad("1st byte", 9)} ${pad("wall p50", 9)} ${pad("p95", 6)} ${pad("D1 before/all", 14)} ${pad("stmts", 6)} ${pad("HTML KB", 8)} status  goals (≤ 2× floor; ≤ 1 round trip before the first byte, ≤ 2 in all)`,
);
let bad = false;
for (const r of results) {
  const cpu = percentile(r.cpu, 50);
  const ratio = floor > 0 ? cpu / floor : 0;
  const d1 = r.d1 ?? { before: 0, all: 0, statements: 0, sql: [] };
  const goals = r.page.floor
    ? "(floor)"
    : [
        ratio <= 2 ? "CPU met" : "CPU NOT MET",
        d1.before <= 1 ? "before met" : "before NOT MET",
        d1.all <= 2 ? "all met" : "all NOT MET",
      ].join(", ");
  if ([...r.statuses].some((s) => s >= 500)) bad = true;
  console.log(
    `${r.page.name.padEnd(34)} ${pad(cpu.toFixed(2), 7)} ${pad(`${ratio.toFixed(2)}×`, 8)} ${pad(percentile(r.firstByte, 50).toFixed(1), 6)} ms ${pad(percentile(r.wall, 50).toFixed(1), 6)} ms ${pad(percentile(r.wall, 95).toFixed(1), 6)} ${pad(`${d1.before}/${d1.all}`, 14)} ${pad(d1.statements, 6)} ${pad((r.html / 1024).toFixed(0), 8)} ${[...r.statuses].join(",").padEnd(7)} ${goals}`,
  );
}
if (process.env.BENCH_SQL)
  for (const r of results) console.log(`\n${r.page.name}:\n  ${(r.d1?.sql ?? []).join("\n  ")}`);
console.log(`\nLoad average (1/5/15 min): before ${loadBefore}, after ${loadAverage()}`);
if (bad) {
  console.error("\n✗ a page answered 5xx");
  process.exitCode = 1;
}
