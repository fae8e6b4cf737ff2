/**
 * Shared by the benchmarks that need the 100,000-posting seed: the bench state folder, making sure it
 * exists and is migrated, a fresh enough build, a platform proxy onto it, and the built Worker served
 * from that state by `wrangler dev` on the build output.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";

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

/** Migrates the bench state, seeds 100,000 postings once (idempotent), builds when the build is stale. */
export async function ensureBenchState() {
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
  if (buildIsStale()) await run("npm", ["run", "-s", "build"]);
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
 * Serves the built Worker on the bench state with `wrangler dev` on the build output (workerd, the
 * same runtime as `vite preview`, without vite's Node proxy in front, which alone capped a static file
 * at 170–376 req/s) and waits until the API answers. `responseCache: false` measures the search
 * itself instead of the anonymous response cache (decision 026).
 */
export async function serveBuiltWorker(
  port = benchPort,
  options: { responseCache?: boolean; state?: string } = {},
): Promise<{ origin: string; stop: () => void }> {
  const args = [
    "dev",
    "-c",
    "dist/server/wrangler.json",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    options.state ?? benchStateDir,
    "--log-level",
    "warn",
    "--show-interactive-dev-session=false",
  ];
  if (options.responseCache === false) args.push("--var", "RESPONSE_CACHE:off");
  // Its own process group: wrangler starts workerd, and both must go when the benchmark ends.
  const server = spawn("node_modules/.bin/wrangler", args, { env: benchEnv, stdio: "ignore", detached: true });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill();
    }
  };
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null)
      throw new Error(`wrangler dev exited with ${server.exitCode} (is port ${port} taken?)`);
    if (
      await fetch(`${origin}/internal-api/v1/manufacturer`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`wrangler dev did not answer on ${origin} within 60 s`);
}
