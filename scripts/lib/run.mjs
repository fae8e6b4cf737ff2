// Small process helpers shared by start, test and e2e scripts (plain Node, no dependencies).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";

export const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
};

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...quietEnv, ...(options.env ?? {}) },
      cwd: options.cwd,
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} exited with ${code}`);
    process.exit(code);
  }
}

export const bin = (name) => `node_modules/.bin/${name}`;

/** Applies the D1 migrations to a local state folder (idempotent). */
export function migrate(stateDir) {
  const args = ["d1", "migrations", "apply", "DB", "--local"];
  if (stateDir) args.push("--persist-to", stateDir);
  return mustRun(bin("wrangler"), args);
}

/** Finds Chromium for Playwright; installs Debian's package when missing and we are root. */
export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get) …");
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
            stdio: "inherit",
            env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
          })
        : update;
    if (install.status === 0 && existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "\n✗ No Chromium found for the browser tests.\n" +
      "  Install Debian's package (as root: apt-get install -y chromium) or point the tests at a browser:\n" +
      "  CHROMIUM_PATH=/path/to/chromium npm test\n",
  );
  return null;
}

/**
 * Local runs turn the development mailbox on and have a provider secret (.dev.vars is git-ignored and never
 * deployed): every local instance can be the provider of a front (decision 077), which signs its requests
 * with the same INTERNAL_API_SECRET. The secret is generated once per checkout.
 */
export function ensureDevVars() {
  const current = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  const missing = [];
  if (!/^DEV_OUTBOX=/m.test(current)) missing.push("DEV_OUTBOX=1");
  if (!/^INTERNAL_API_SECRET=/m.test(current))
    missing.push(`INTERNAL_API_SECRET=dev-${randomBytes(32).toString("base64url")}`);
  if (missing.length)
    appendFileSync(".dev.vars", `${current && !current.endsWith("\n") ? "\n" : ""}${missing.join("\n")}\n`);
}

/** A variable of the local .dev.vars (`NAME=value` lines; quotes around the value are dropped). */
export function devVar(name) {
  const current = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  const line = current.split("\n").find((l) => l.startsWith(`${name}=`));
  return line
    ?.slice(name.length + 1)
    .trim()
    .replace(/^"(.*)"$/, "$1");
}
