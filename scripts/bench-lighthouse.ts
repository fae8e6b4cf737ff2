/**
 * Lighthouse on the built Worker with the 100,000-posting seed (npm run bench:lighthouse).
 * Debian's Chromium, headless, Lighthouse's default mobile settings (Moto G Power, simulated slow 4G
 * and 4× CPU slowdown). Each page runs BENCH_LH_RUNS times (default 3); the median run by performance
 * score is reported: the four category scores, LCP, CLS, TBT, FCP, the LCP element and the audits that
 * cost points. Targets (issue #11): every score ≥ 95, LCP < 1.5 s, CLS < 0.05; exits 1 if one is missed.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureChromium } from "./lib/run.mjs";
import { ensureBenchState, loadAverage, phonePages, serveBuiltWorker } from "./lib/bench-state";

const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const targets = { score: 95, lcpMs: 1500, cls: 0.05 };

type Lhr = {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      displayValue?: string;
      scoreDisplayMode: string;
      details?: { items?: { node?: { snippet?: string; selector?: string } }[] };
    }
  >;
  runtimeError?: { message: string };
};

type Run = {
  scores: Record<(typeof categories)[number], number>;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  lcpElement: string;
  failing: string[];
  finalUrl: string;
};

function summarise(lhr: Lhr): Run {
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpItem = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0] as
    | { items?: { node?: { snippet?: string } }[] }
    | undefined;
  const lcpElement = (lcpItem?.items?.[0]?.node?.snippet ?? "").replace(/\s+/g, " ").slice(0, 90);
  // Audits that count towards a category and did not pass.
  const failing = categories.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.scoreDisplayMode !== "notApplicable" &&
          audit.scoreDisplayMode !== "informative" &&
          audit.score !== null &&
          audit.score < 0.9,
      )
      .map(
        ({ ref, audit }) =>
          `${c}: ${ref.id} (${Math.round((audit?.score ?? 0) * 100)})${audit?.displayValue ? ` ${audit.displayValue}` : ""}`,
      ),
  );
  return {
    scores: Object.fromEntries(categories.map((c) => [c, score(c)])) as Run["scores"],
    lcp: num("largest-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    tbt: num("total-blocking-time"),
    fcp: num("first-contentful-paint"),
    lcpElement,
    failing,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function audit(url: string, port: number, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...categories] });
  const lhr = result?.lhr as unknown as Lhr | undefined;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) {
    // Chromium sometimes loses the trace of a run (NO_NAVSTART, NO_FCP): that run is repeated.
    if (attempt < 3) return audit(url, port, attempt + 1);
    throw new Error(`lighthouse: ${lhr.runtimeError.message} (${url})`);
  }
  return summarise(lhr);
}

await ensureBenchState();
const chromePath = ensureChromium();
if (!chromePath) process.exit(1);
const pages = await phonePages(process.env.BENCH_LH_ONLY);

const loadBefore = loadAverage();
const server = await serveBuiltWorker();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const medians: { path: string; run: Run }[] = [];
try {
  for (const path of pages) {
    const url = `${server.origin}${path}`;
    await audit(url, chrome.port); // warm-up: the first render of a page, and Chromium's first visit
    const all: Run[] = [];
    for (let i = 0; i < runs; i++) all.push(await audit(url, chrome.port));
    all.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = all[Math.floor(all.length / 2)] as Run;
    medians.push({ path, run: median });
    console.log(
      `  ${path}: performance ${all.map((r) => r.scores.performance).join("/")}, LCP ${all.map((r) => Math.round(r.lcp)).join("/")} ms`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const pad = (v: string | number, n: number) => String(v).padStart(n);
console.log(
  `\nLighthouse 12 (mobile, simulated throttling), median of ${runs} runs, ${server.origin}, Chromium ${chromePath}`,
);
console.log(
  `${"page".padEnd(28)} ${pad("perf", 5)} ${pad("a11y", 5)} ${pad("bp", 5)} ${pad("seo", 5)} ${pad("LCP", 8)} ${pad("CLS", 7)} ${pad("TBT", 7)} ${pad("FCP", 8)}  LCP element`,
);
let missed = false;
for (const { path, run } of medians) {
  const s = run.scores;
  console.log(
    `${path.padEnd(28)} ${pad(s.performance, 5)} ${pad(s.accessibility, 5)} ${pad(s["best-practices"], 5)} ${pad(s.seo, 5)} ${pad(`${Math.round(run.lcp)} ms`, 8)} ${pad(run.cls.toFixed(3), 7)} ${pad(`${Math.round(run.tbt)} ms`, 7)} ${pad(`${Math.round(run.fcp)} ms`, 8)}  ${run.lcpElement}`,
  );
  if (run.finalUrl !== `${server.origin}${path}`)
    console.log(`${"".padEnd(28)} (ended at ${run.finalUrl.replace(server.origin, "")})`);
  for (const f of run.failing) console.log(`${"".padEnd(28)} - ${f}`);
  const misses = [
    ...categories.filter((c) => s[c] < targets.score).map((c) => `${c} ${s[c]} < ${targets.score}`),
    ...(run.lcp >= targets.lcpMs ? [`LCP ${Math.round(run.lcp)} ms ≥ ${targets.lcpMs} ms`] : []),
    ...(run.cls >= targets.cls ? [`CLS ${run.cls.toFixed(3)} ≥ ${targets.cls}`] : []),
  ];
  for (const m of misses) console.log(`${"".padEnd(28)} MISSED: ${m}`);
  if (misses.length) missed = true;
}
console.log(`\nLoad average (1/5/15 min): before ${loadBefore}, after ${loadAverage()}`);
if (missed) {
  console.error("\n✗ a Lighthouse target was missed");
  process.exitCode = 1;
}
