/**
 * Where a render's Worker CPU goes (npm run bench:profile, issue 27, decision 085): a CPU profile of the built
 * Worker through workerd's own inspector, per page, with self time grouped by package.
 * 1. Builds with source maps (BENCH_SOURCEMAP=1) unless dist/server/index.js.map exists (BENCH_PROFILE_BUILD=0
 *    skips the build; the maps only name the samples, the code is the same minified code).
 * 2. Serves the build on the bench state (AVTOTRG_BENCH_STATE, used as is: nothing is seeded or migrated) with
 *    the inspector on and the response cache off, connects over CDP, turns the network events off
 *    (wrangler's inspector proxy turns them on; with them on every D1 call emits base64 bodies), then per page:
 *    Profiler.start, N requests (BENCH_N, default 100, after 20 unprofiled warm-up requests), Profiler.stop.
 * 3. Maps every sample's frame through the source map to its file: node_modules/<package> or src/<dir>, and
 *    prints each page's shares of self time (the garbage collector and idle time as their own rows).
 *   BENCH_N=50 npm run bench:profile
 *   BENCH_PROFILE_GROUP=@tanstack/query-core npm run bench:profile   # also that group's top functions
 *   BENCH_PROFILE_GROUP=@tanstack/query-core BENCH_PROFILE_CALLERS=remove npm run bench:profile
 *     # and who calls that function (the first frames outside the group, with their files)
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { unstable_startWorker } from "wrangler";
import { benchQueries, benchStateDir, loadAverage, withBenchBindings } from "./lib/bench-state";

type Frame = { url: string; lineNumber: number; columnNumber: number; functionName: string };
type Profile = {
  nodes: { id: number; callFrame: Frame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};
type Socket = {
  send(data: string): void;
  close(): void;
  on(event: "open" | "message" | "error", fn: (data: Buffer) => void): void;
};

const n = Number(process.env.BENCH_N ?? 100);
const port = Number(process.env.BENCH_PORT ?? 8813);
const inspectorPort = port + 1;
const serverDir = "dist/server";
const detail = process.env.BENCH_PROFILE_GROUP;
const callersOf = process.env.BENCH_PROFILE_CALLERS;

if (process.env.BENCH_PROFILE_BUILD !== "0" && !existsSync(join(serverDir, "index.js.map"))) {
  const built = spawnSync("npm", ["run", "-s", "build"], {
    stdio: "inherit",
    env: { ...process.env, BENCH_SOURCEMAP: "1" },
  });
  if (built.status !== 0) throw new Error("the build failed");
}

const tail = await withBenchBindings(async (env) => {
  const rows = await env.DB.prepare(
    "SELECT id FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0 AND id % 97 = 0 ORDER BY id LIMIT 100",
  ).all<{ id: number }>();
  return rows.results.map((r) => r.id);
});
const searches = benchQueries.filter((q) => q.includes("=") && !q.includes("page=")).map((q) => `/iskanje?${q}`);
const pages: { name: string; paths: string[] }[] = [
  { name: "floor /piskotki", paths: ["/piskotki"] },
  { name: "/", paths: ["/"] },
  { name: "/iskanje (filters)", paths: searches },
  { name: "/oglas/{id} (long tail)", paths: tail.map((id) => `/oglas/${id}`) },
];

Object.assign(process.env, { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" });
const worker = await unstable_startWorker({
  config: join(serverDir, "wrangler.json"),
  bindings: { RESPONSE_CACHE: { type: "plain_text", value: "off" } },
  dev: {
    inspector: { hostname: "127.0.0.1", port: inspectorPort },
    server: { hostname: "127.0.0.1", port },
    persist: benchStateDir,
    logLevel: "warn",
    watch: false,
  },
} as Parameters<typeof unstable_startWorker>[0]);
await worker.ready;
const origin = `http://127.0.0.1:${port}`;

const WebSocket = createRequire(import.meta.url)("ws") as new (url: string) => Socket;
const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
  webSocketDebuggerUrl: string;
}[];
const socket = new WebSocket(targets[0]?.webSocketDebuggerUrl ?? "");
await new Promise<void>((resolve, reject) => {
  socket.on("open", () => resolve());
  socket.on("error", (e) => reject(e));
});
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
socket.on("message", (data) => {
  const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
  if (message.id !== undefined) pending.get(message.id)?.(message.result);
});
const send = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve) => {
    const id = nextId++;
    pending.set(id, resolve as (result: unknown) => void);
    socket.send(JSON.stringify({ id, method, params }));
  });

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  const file = join(serverDir, url.replace(/^.*?\/?(assets\/[^/]+|index\.js)$/, "$1"));
  if (!maps.has(file))
    maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, "utf8")) : null);
  return maps.get(file) ?? null;
}

/** A frame as "function file:line" in the sources (for the callers listing). */
function placeOf(frame: Frame): string {
  const map = frame.url ? mapFor(frame.url) : null;
  if (!map) return `${frame.functionName || "(anonymous)"} (native)`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = (at.source ?? "?").replace(/^.*?node_modules\//, "").replace(/^.*?\/src\//, "src/");
  return `${at.name ?? frame.functionName ?? "(anonymous)"} ${file}:${at.line}`;
}

/** The package (node_modules/<name>, @scope/name) or our src/<dir> a frame's code comes from. */
function groupOf(frame: Frame): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/^\(|\)$/g, "")})` : "(native)";
  const map = mapFor(frame.url);
  if (!map) return `(${frame.url.split("/").pop()})`;
  const source = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? "";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg;
  const ours = /(?:^|\/)(src\/(?:[^/]+\/)?)/.exec(source)?.[1];
  return ours ? ours.replace(/\/$/, "") : source ? "(other)" : "(unmapped)";
}

try {
  await send("Network.disable");
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  const get = async (path: string) => (await fetch(`${origin}${path}`)).text();
  for (const page of pages) for (let i = 0; i < 20; i++) await get(page.paths[i % page.paths.length] as string);
  console.log(
    `\nSelf time by package, ${n} requests per page (built Worker with source maps, inspector on, network events off, response cache off, 100 µs sampling)`,
  );
  for (const page of pages) {
    await send("Profiler.start");
    for (let i = 0; i < n; i++) await get(page.paths[i % page.paths.length] as string);
    const { profile } = await send<{ profile: Profile }>("Profiler.stop");
    const byNode = new Map(profile.nodes.map((node) => [node.id, groupOf(node.callFrame)]));
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const totals = new Map<string, number>();
    const functions = new Map<string, number>();
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const callers = new Map<string, number>();
    let all = 0;
    profile.samples.forEach((id, i) => {
      const group = byNode.get(id) ?? "(unknown)";
      const us = profile.timeDeltas[i + 1] ?? 0;
      if (group === "(idle)" || group === "(program)") return;
      totals.set(group, (totals.get(group) ?? 0) + us);
      all += us;
      const name = frames.get(id)?.functionName || "(anonymous)";
      if (group === detail) functions.set(name, (functions.get(name) ?? 0) + us);
      if (group === detail && name === callersOf) {
        // Up the stack to the first three frames outside the group: who makes this function run.
        const chain: string[] = [];
        for (let at = parents.get(id); at !== undefined && chain.length < 3; at = parents.get(at)) {
          const frame = frames.get(at);
          if (frame && byNode.get(at) !== detail) chain.push(placeOf(frame));
        }
        const key = chain.join(" ← ") || "(top)";
        callers.set(key, (callers.get(key) ?? 0) + us);
      }
    });
    const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`\n${page.name}: ${(all / 1000 / n).toFixed(2)} ms sampled CPU per request (idle excluded)`);
    for (const [group, us] of rows)
      console.log(
        `  ${group.padEnd(34)} ${((100 * us) / all).toFixed(1).padStart(5)} %  ${(us / 1000 / n).toFixed(2)} ms`,
      );
    for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`    ${detail} ${name.padEnd(28)} ${((100 * us) / all).toFixed(1).padStart(5)} %`);
    for (const [chain, us] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 5))
      console.log(`      ${((100 * us) / all).toFixed(1).padStart(5)} % ${callersOf} ← ${chain}`);
  }
} finally {
  socket.close();
  await worker.dispose();
}
console.log(`\nLoad average (1/5/15 min): ${loadAverage()}`);
