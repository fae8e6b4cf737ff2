/**
 * Two builds side by side (issue 27: keep a cut only if it measures better A/B): A is a build of the base
 * commit in another directory (BENCH_A, its `dist`), B is this checkout's `dist`. Both are served from the same
 * 100,000-posting bench state with the response cache off; each page's requests alternate A, B, B, A, … so the
 * machine's noise hits both alike. Prints each page's median Worker CPU per request for A and B and the ratio
 * B/A (below 1: B is cheaper), and the floor ratio of each. Same measurement as bench:pages (decision 080).
 *   git worktree add --detach ../ab-a <base> && (cd ../ab-a && npm run build)
 *   BENCH_A=../ab-a BENCH_N=150 npm run bench:ab
 */
import { resolve } from "node:path";
import {
  benchPort,
  benchQueries,
  ensureBenchState,
  loadAverage,
  longTailAndCookie,
  percentile,
  processCpuNs,
  serveBuiltWorker,
} from "./lib/bench-state";

const n = Number(process.env.BENCH_N ?? 150);
const aDir = process.env.BENCH_A;
if (!aDir) throw new Error("BENCH_A must name a checkout with a build of the base (its dist/server/wrangler.json)");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

await ensureBenchState();
const { tail, cookie } = await longTailAndCookie();
const searches = benchQueries.filter((q) => q.includes("=") && !q.includes("page=")).map((q) => `/iskanje?${q}`);
const postings = tail.map((id) => `/oglas/${id}`);
const pages = [
  { name: "floor /piskotki", paths: ["/piskotki"] },
  { name: "/", paths: ["/"] },
  { name: "/iskanje (filters)", paths: searches },
  { name: "/oglas/{id} (long tail)", paths: postings },
  { name: "/ signed in", paths: ["/"], cookie },
  { name: "/iskanje signed in", paths: searches, cookie },
  { name: "/oglas/{id} signed in", paths: postings, cookie },
];

const a = await serveBuiltWorker(benchPort, {
  responseCache: false,
  config: resolve(aDir, "dist/server/wrangler.json"),
});
const b = await serveBuiltWorker(benchPort + 2, { responseCache: false });
const cpu = pages.map(() => ({ a: [] as number[], b: [] as number[] }));
// Until each response's head arrived (the Worker had returned its Response), and until its body ended.
const firstByte = pages.map(() => ({ a: [] as number[], b: [] as number[] }));
const wall = pages.map(() => ({ a: [] as number[], b: [] as number[] }));
const statuses = new Set<number>();
try {
  const workers = [
    { key: "a" as const, server: a },
    { key: "b" as const, server: b },
  ];
  const warm = 20;
  for (let i = 0; i < n + warm; i++) {
    for (const [p, page] of pages.entries()) {
      const path = page.paths[i % page.paths.length] as string;
      const order = i % 2 === 0 ? workers : [...workers].reverse();
      for (const { key, server } of order) {
        const pid = server.workerPid;
        if (!pid) throw new Error("could not find the workerd process running a Worker");
        const cpu0 = processCpuNs(pid);
        const t0 = performance.now();
        const res = await fetch(`${server.origin}${path}`, { headers: page.cookie ? { cookie: page.cookie } : {} });
        const head = performance.now() - t0;
        await res.text();
        const end = performance.now() - t0;
        await sleep(5);
        statuses.add(res.status);
        if (i >= warm) {
          cpu[p]?.[key].push((processCpuNs(pid) - cpu0) / 1e6);
          firstByte[p]?.[key].push(head);
          wall[p]?.[key].push(end);
        }
      }
    }
  }
} finally {
  await a.stop();
  await b.stop();
}

const median = (xs: number[]) => percentile(xs, 50);
const floorA = median(cpu[0]?.a ?? []);
const floorB = median(cpu[0]?.b ?? []);
console.log(`\nA/B Worker CPU per request (median of ${n}, alternating): A = ${aDir}, B = this checkout`);
console.log(
  `${"page".padEnd(26)} ${"A ms".padStart(7)} ${"B ms".padStart(7)} ${"B/A".padStart(6)} ${"A × floor".padStart(10)} ${"B × floor".padStart(10)}   1st byte A / B ms   wall A / B ms (p50)`,
);
for (const [p, page] of pages.entries()) {
  const ma = median(cpu[p]?.a ?? []);
  const mb = median(cpu[p]?.b ?? []);
  console.log(
    `${page.name.padEnd(26)} ${ma.toFixed(2).padStart(7)} ${mb.toFixed(2).padStart(7)} ${(mb / ma).toFixed(3).padStart(6)} ${`${(ma / floorA).toFixed(2)}×`.padStart(10)} ${`${(mb / floorB).toFixed(2)}×`.padStart(10)}   ${`${median(firstByte[p]?.a ?? []).toFixed(1)} / ${median(firstByte[p]?.b ?? []).toFixed(1)}`.padStart(17)}   ${`${median(wall[p]?.a ?? []).toFixed(1)} / ${median(wall[p]?.b ?? []).toFixed(1)}`.padStart(13)}`,
  );
}
console.log(`statuses: ${[...statuses].join(", ")}; load average (1/5/15 min) after: ${loadAverage()}`);
if ([...statuses].some((s) => s >= 500)) process.exitCode = 1;
