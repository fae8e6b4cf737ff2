// Browser tests: a fresh seeded state of their own (and an empty one for the front of the "proxy" project),
// the built Worker, Debian's Chromium.
import { rmSync } from "node:fs";
import { bin, ensureDevVars, ensureChromium, migrate, mustRun, run } from "./lib/run.mjs";

const chromium = ensureChromium();
if (!chromium) process.exit(1);

ensureDevVars();
const state = process.env.AVTOTRG_STATE ?? ".wrangler/e2e-state";
const postings = process.env.E2E_POSTINGS ?? "1200";
rmSync(state, { recursive: true, force: true });
await migrate(state);
await mustRun(bin("tsx"), ["scripts/seed.ts", "--postings", postings], { env: { AVTOTRG_STATE: state } });
// The front of the "proxy" project (decision 077): its own state, migrated and empty.
rmSync(`${state}-front`, { recursive: true, force: true });
await migrate(`${state}-front`);
if (!process.env.E2E_SKIP_BUILD) {
  await mustRun("npm", ["run", "-s", "build"]);
  await mustRun("node", ["scripts/worker-size.mjs"]); // fails over 1.7 MB gzip (decision 079)
}
const code = await run(bin("playwright"), ["test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)], {
  env: { CHROMIUM_PATH: chromium, AVTOTRG_STATE: state },
});
process.exit(code);
