/**
 * Shared by the benchmarks that need the 100,000-posting seed: the bench state folder, making sure it
 * exists and is migrated, a fresh enough build, a platform proxy onto it, and the built Worker served
 * from that state by `wrangler dev` on the build output.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { getPlatformProxy, unstable_startWorker } from "wrangler";

export const benchStateDir = process.env.AVTOTRG_BENCH_STATE ?? ".wrangler/bench-state";
export const benchPort = Number(process.env.BENCH_PORT ?? 8791);
export const benchPostings = 100_000;
export const benchEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  AVTOTRG_STATE: benchStateDir,
};

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

export const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: benchEnv });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`))));
  });

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The machine's 1/5/15-minute load averages, printed beside every figure (the numbers depend on it). */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The built Worker is missing or older than the sources (the messages compile into src/paraglide at build). */
function buildIsStale() {
  const built = "dist/server/index.js";
  if (!existsSync(built)) return true;
  const sources = Math.max(...["src", "public", "messages"].filter(existsSync).map(newestMtime));
  return sources > statSync(built).mtimeMs;
}

/** Migrates the bench state, seeds 100,000 postings once (idempotent), builds when the build is stale (and `build`). */
export async function ensureBenchState({ build = true }: { build?: boolean } = {}) {
  // Always: applying is idempotent, and a state from before a new migration must catch up.
  await run("node_modules/.bin/wrangler", [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    "--persist-to",
    benchStateDir,
  ]);
  await run("node_modules/.bin/tsx", ["scripts/seed.ts", "--postings", String(benchPostings)]);
  if (build && buildIsStale()) await run("npm", ["run", "-s", "build"]);
}

/** Runs `fn` with the bench state's bindings (D1, R2) in this process, then disposes of them. */
export async function withBenchBindings<T>(fn: (env: Env) => Promise<T>): Promise<T> {
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: { path: join(benchStateDir, "v3") },
  });
  try {
    return await fn(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/**
 * Serves the built Worker (dist/server/wrangler.json) on the bench state through wrangler's
 * `unstable_startWorker` with the inspector OFF (decision 080). `wrangler dev` always turns the inspector's
 * network events on, and every local D1 call then emits devtools events with base64 bodies (≈ 0.4 ms per
 * round trip and 100–230 MB of log per run): the benchmarks measure the app, not the tooling.
 * `responseCache: false` measures the rendering instead of the anonymous response cache (decision 026);
 * `counters: true` turns on the D1 round-trip counting of bench-counters.server.ts (BENCH_COUNTERS=on).
 * `workerPid` is the workerd process that runs the Worker (the other one is wrangler's proxy in front of it).
 */
export async function serveBuiltWorker(
  port = benchPort,
  options: { responseCache?: boolean; state?: string; counters?: boolean; config?: string } = {},
): Promise<{ origin: string; stop: () => Promise<void>; workerPid: number | null }> {
  Object.assign(process.env, { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" });
  const before = new Set(workerdPids());
  const bindings: Record<string, { type: "plain_text"; value: string }> = {};
  if (options.responseCache === false) bindings.RESPONSE_CACHE = { type: "plain_text", value: "off" };
  if (options.counters) bindings.BENCH_COUNTERS = { type: "plain_text", value: "on" };
  const worker = await unstable_startWorker({
    config: options.config ?? "dist/server/wrangler.json",
    bindings,
    dev: {
      inspector: false,
      server: { hostname: "127.0.0.1", port },
      persist: options.state ?? benchStateDir,
      logLevel: "warn",
      watch: false,
    },
  } as Parameters<typeof unstable_startWorker>[0]);
  await worker.ready;
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => worker.dispose();
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${origin}/internal-api/v1/manufacturer`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      // Ours listens on a port of its own; the proxy's workerd is the one bound to `port`.
      const started = workerdPids().filter((pid) => !before.has(pid));
      const workerPid = started.find((pid) => !commandLine(pid).includes(`entry=127.0.0.1:${port} `)) ?? null;
      return { origin, stop, workerPid };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the built Worker did not answer on ${origin} within 60 s`);
}

const commandLine = (pid: number) => {
  try {
    return `${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")} `;
  } catch {
    return "";
  }
};

function workerdPids(): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => /\/workerd\s/.test(commandLine(pid)));
}

/** CPU time (ns) a process has used so far, all its threads (/proc/<pid>/task/<tid>/schedstat). */
export function processCpuNs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8");
    total += Number(stat.split(" ")[0]);
  }
  return total;
}

/**
 * A session for a seeded private seller, written straight into the bench state (only its hash is stored, as
 * sign-in does): signed-in pages bypass the response cache and render, calling the API in-process with the
 * session cookie (issue 22: one session lookup per page). Answers the Cookie header.
 */
export async function signedInCookie(env: Env): Promise<string> {
  const user = await env.DB.prepare(
    "SELECT id FROM users WHERE first_name IS NOT NULL AND dealership_id IS NULL ORDER BY id LIMIT 1",
  ).first<{ id: number }>();
  if (!user) throw new Error("no seeded user in the bench state");
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)")
    .bind(hash, user.id, expires)
    .run();
  return `avtotrg_session=${token}`;
}

/** Long-tail published postings (every 97th id) and a signed-in seller's cookie: the pages' benchmarks' fixtures. */
export async function longTailAndCookie(): Promise<{ tail: number[]; cookie: string }> {
  return withBenchBindings(async (env) => {
    const tail = await env.DB.prepare(
      "SELECT id FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0 AND id % 97 = 0 ORDER BY id LIMIT 200",
    ).all<{ id: number }>();
    return { tail: tail.results.map((r) => r.id), cookie: await signedInCookie(env) };
  });
}

/**
 * The five pages the phone benchmarks (Lighthouse, long tasks) load: home, search, a search with a make, a full
 * posting (published, with pictures, equipment and a description) and the wizard's first step. `only` (a substring
 * of the paths) keeps the matching ones, e.g. for an A/B pair.
 */
export async function phonePages(only?: string): Promise<string[]> {
  const postingId = await withBenchBindings(async (env) => {
    const row = await env.DB.prepare(
      "SELECT p.id FROM postings p WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 AND (SELECT count(*) FROM posting_files f WHERE f.posting_id = p.id) >= 3 ORDER BY p.id LIMIT 1",
    ).first<{ id: number }>();
    if (!row) throw new Error("no published posting with pictures in the bench state");
    return row.id;
  });
  return ["/", "/iskanje", "/iskanje?model=volkswagen", `/oglas/${postingId}`, "/nov-oglas"].filter(
    (p) => !only || p.includes(only),
  );
}
