// The built Worker's size as Cloudflare counts it (decision 079): `wrangler deploy --dry-run` on the build output
// prints "Total Upload: … KiB / gzip: … KiB" (every module of dist/server, lazily imported chunks included).
// Fails over the budget: 1.7 MB gzip (1,700,000 bytes), well under the free plan's 3 MB. Run after `npm run build`
// (scripts/e2e.mjs does). `--startup` also profiles the Worker's start-up with `wrangler check startup`
// and prints the CPU time it took locally.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, quietEnv } from "./lib/run.mjs";

const budgetBytes = 1_700_000;
const config = "dist/server/wrangler.json";

if (!existsSync(config)) {
  console.error(`✗ ${config} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const out = mkdtempSync(join(tmpdir(), "worker-size-"));
try {
  const dry = spawnSync(bin("wrangler"), ["deploy", "--dry-run", "-c", config, "--outdir", join(out, "bundle")], {
    env: quietEnv,
    encoding: "utf8",
  });
  const text = `${dry.stdout}\n${dry.stderr}`;
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(text);
  if (dry.status !== 0 || !match) {
    console.error(text);
    console.error("✗ wrangler deploy --dry-run printed no upload size");
    process.exit(1);
  }
  const [total, gzip] = [Number(match[1]), Number(match[2])];
  const ok = gzip * 1024 <= budgetBytes;
  console.log(
    `Worker (wrangler deploy --dry-run): ${(total / 1024).toFixed(2)} MiB, gzip ${gzip.toFixed(0)} KiB = ` +
      `${((gzip * 1024) / 1e6).toFixed(2)} MB (budget ${budgetBytes / 1e6} MB): ${ok ? "OK" : "OVER BUDGET"}`,
  );
  if (process.argv.includes("--startup")) {
    const profile = join(out, "startup.cpuprofile");
    spawnSync(bin("wrangler"), ["check", "startup", "-c", config, "--outfile", profile], { env: quietEnv });
    if (existsSync(profile)) {
      const p = JSON.parse(readFileSync(profile, "utf8"));
      const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
      const busyUs = p.samples.reduce((sum, id, i) => sum + (idle.has(id) ? 0 : (p.timeDeltas[i] ?? 0)), 0);
      console.log(`Start-up (wrangler check startup, this machine): ${(busyUs / 1000).toFixed(0)} ms of CPU`);
    } else console.warn("wrangler check startup wrote no profile");
  }
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
