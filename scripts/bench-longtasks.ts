/**
 * Long tasks on the throttled phone (issue 27, round 7): each page in a fresh Chromium context with 4× CPU
 * slowdown and the 4G-like link (e2e/phone-profile.ts), gzip in front as at the edge; prints per page the main
 * thread's tasks over 50 ms (start/duration, from a PerformanceObserver installed before the first byte), their
 * blocking sum (Σ (d − 50)), and when <html data-hydrated> was set. `BENCH_A=<dir with a built dist>` serves that
 * build too (on a copy of the bench state, BENCH_A_STATE) and alternates A and B run by run; medians per side.
 * BENCH_LT_RUNS (default 5), BENCH_LT_ONLY (a substring of the paths), BENCH_LT_PATHS (other paths, comma-separated).
 */
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { gzipProxy } from "../e2e/gzip-proxy";
import { phoneLink } from "../e2e/phone-profile";
import { ensureBenchState, loadAverage, phonePages, serveBuiltWorker } from "./lib/bench-state";
import { ensureChromium } from "./lib/run.mjs";

const runs = Number(process.env.BENCH_LT_RUNS ?? 5);
const dirA = process.env.BENCH_A;

await ensureBenchState();
// BENCH_LT_PATHS: other pages instead, comma-separated (e.g. a missing car's 404, decision 084 round 8).
const pages = process.env.BENCH_LT_PATHS?.split(",") ?? (await phonePages(process.env.BENCH_LT_ONLY));

// A string, not a function: tsx's names helper (__name) does not exist in the page.
const probe = `
  window.__lt = { tasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lt.tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: "longtask", buffered: true });
  (function tick() {
    if (document.documentElement && document.documentElement.dataset.hydrated === "true") window.__lt.hydrated = performance.now();
    else setTimeout(tick, 20);
  })();
`;

type Result = {
  tasks: [number, number][];
  hydrated: number;
  tbt: number;
  /** First contentful paint; the first script request's start; the last script's arrival (before hydration). */
  fcp: number;
  scriptsFrom: number;
  scriptsIn: number;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const loadBefore = loadAverage();
const sides: { name: string; origin: string; stop: () => Promise<void>; close: () => Promise<void> }[] = [];
const b = await serveBuiltWorker(8793);
const pb = await gzipProxy(b.origin);
sides.push({ name: "B", origin: pb.origin, stop: b.stop, close: pb.close });
if (dirA) {
  const a = await serveBuiltWorker(8794, {
    config: join(dirA, "dist/server/wrangler.json"),
    state: process.env.BENCH_A_STATE ?? ".wrangler/bench-state",
  });
  const pa = await gzipProxy(a.origin);
  sides.unshift({ name: "A", origin: pa.origin, stop: a.stop, close: pa.close });
}
const browser = await chromium.launch({ executablePath: ensureChromium() || undefined });
const all: Record<string, Record<string, Result[]>> = {};
try {
  for (const path of pages) {
    all[path] = {};
    for (const side of sides) {
      all[path][side.name] = [];
      // warm-up: the Worker's first render of the page
      await fetch(side.origin + path).then((r) => r.text());
    }
    for (let i = 0; i < runs; i++) {
      for (const side of i % 2 ? [...sides].reverse() : sides) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          locale: "sl-SI",
        });
        await context.addCookies([
          { name: "avtotrg_consent", value: encodeURIComponent("v=1&a=0&m=0&t=2025-07-22"), url: side.origin },
          { name: "new-terms-notification", value: "1", url: side.origin },
        ]);
        const page = await context.newPage();
        await page.addInitScript(probe);
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", { offline: false, ...phoneLink });
        await page.goto(side.origin + path, { waitUntil: "commit", timeout: 60_000 });
        await page.waitForFunction(
          () => (window as unknown as { __lt: Result }).__lt.hydrated !== undefined,
          undefined,
          { timeout: 60_000 },
        );
        await page.waitForTimeout(1500);
        const r = await page.evaluate(() => (window as unknown as { __lt: Result }).__lt);
        const tbt = r.tasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
        // When the page was painted, and when its scripts were asked for and had arrived (decision 027: after the paint).
        const t = await page.evaluate((until) => {
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          const scripts = performance
            .getEntriesByType("resource")
            .filter((e) => /\.js(\?|$)/.test(e.name) && e.startTime < until) as PerformanceResourceTiming[];
          return {
            fcp: Math.round(fcp),
            scriptsFrom: Math.round(Math.min(...scripts.map((e) => e.startTime))),
            scriptsIn: Math.round(Math.max(0, ...scripts.map((e) => e.responseEnd))),
          };
        }, r.hydrated);
        all[path][side.name]?.push({ tasks: r.tasks, hydrated: Math.round(r.hydrated), tbt, ...t });
        console.log(
          `${side.name} ${path} run ${i + 1}: painted ${t.fcp} ms, scripts ${t.scriptsFrom}–${t.scriptsIn} ms, hydrated ${Math.round(r.hydrated)} ms, blocking ${tbt} ms, tasks ${r.tasks.map(([s, d]) => `${s}+${d}`).join(" ")}`,
        );
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const s of sides) {
    await s.close();
    await s.stop();
  }
}
console.log("\nmedians (4× CPU, 4G-like link, gzip):");
for (const path of pages) {
  for (const side of sides) {
    const rs = all[path]?.[side.name] ?? [];
    console.log(
      `  ${side.name} ${path.padEnd(26)} painted ${median(rs.map((r) => r.fcp))} ms, scripts ${median(rs.map((r) => r.scriptsFrom))}–${median(rs.map((r) => r.scriptsIn))} ms, blocking ${median(rs.map((r) => r.tbt))} ms, long tasks ${median(rs.map((r) => r.tasks.length))}, longest ${median(rs.map((r) => Math.max(0, ...r.tasks.map(([, d]) => d))))} ms, hydrated ${median(rs.map((r) => r.hydrated))} ms`,
    );
  }
}
console.log(`Load average: before ${loadBefore}, after ${loadAverage()}`);
