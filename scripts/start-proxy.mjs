// `npm run start:proxy`: the two-instance set-up (decision 077) with one command. The provider serves the
// pages and the internal API on http://localhost:8787 (PORT) with the seeded demo state (AVTOTRG_STATE, or
// .wrangler/state); the front serves the same build on http://localhost:8788 (FRONT_PORT) with its own,
// empty state (FRONT_STATE, or .wrangler/front-state) and sends every API and /media request to the provider.
// Both share the dev INTERNAL_API_SECRET of .dev.vars. Ctrl-C stops both.
import { spawn } from "node:child_process";
import { frontCommand } from "./lib/front.mjs";
import { bin, ensureDevVars, migrate, mustRun, quietEnv } from "./lib/run.mjs";

const port = process.env.PORT ?? "8787";
const frontPort = process.env.FRONT_PORT ?? "8788";
const frontState = process.env.FRONT_STATE ?? ".wrangler/front-state";
const apiUrl = `http://localhost:${port}/internal-api/v1`;

ensureDevVars();
await migrate(process.env.AVTOTRG_STATE);
await mustRun(bin("tsx"), ["scripts/seed.ts", ...process.argv.slice(2)]);
await migrate(frontState); // migrated, never seeded: a read that wrongly hits the front's D1 finds nothing
await mustRun("npm", ["run", "-s", "build"]);

const front = frontCommand({ port: frontPort, state: frontState, apiUrl });
const children = [
  spawn(bin("vite"), ["preview", "--port", port, "--strictPort"], {
    stdio: "inherit",
    env: { ...quietEnv, PORT: port },
  }),
  spawn(front.command, front.args, { stdio: "inherit", env: quietEnv }),
];
console.log(
  `\nAvtotrg, two instances:\n  front:    http://localhost:${frontPort}\n  provider: http://localhost:${port} (API ${apiUrl})\n`,
);

// One stops (or Ctrl-C): both stop, each by its own process id.
let code = 0;
const stopAll = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
};
for (const child of children)
  child.on("exit", (exitCode) => {
    if (exitCode) code = exitCode;
    stopAll();
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code);
  });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stopAll);
