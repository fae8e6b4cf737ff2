import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
// Runs on other ports (several at once) each keep their own artifacts and report: Playwright empties
// outputDir when it starts, so a shared one loses the other run's traces. The default port keeps the
// plain names (scripts/test.mjs reads the report by the same rule).
const runSuffix = port === 4173 ? "" : `-${port}`;
const cacheSpec = /cache\.spec\.ts$/;
// Proxy mode (decision 077): a front on the next port, with its own empty state (scripts/e2e.mjs prepares it),
// sends every API and /media request to the instance above, its provider.
const frontPort = port + 1;
const frontURL = `http://localhost:${frontPort}`;
const proxySpec = /proxy\.spec\.ts$/;
const state = process.env.AVTOTRG_STATE ?? ".wrangler/e2e-state";
// The front is started only when the "proxy" project runs (all projects, named with --project, or as cache's dependency).
const named = process.argv.flatMap((arg, i, all) =>
  arg === "--project" ? [all[i + 1]] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : [],
);
const withFront = named.length === 0 || named.includes("proxy") || named.includes("cache");
const quiet = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

// Run through `npm run test:e2e` (scripts/e2e.mjs): it finds Chromium, prepares a separate
// seeded state (.wrangler/e2e-state) and builds the Worker before this config starts it.
export default defineConfig({
  testDir: ".",
  outputDir: `../test-results/e2e-artifacts${runSuffix}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: `../test-results/e2e${runSuffix}.json` }]],
  use: {
    baseURL,
    locale: "sl-SI",
    timezoneId: "Europe/Ljubljana",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, testIgnore: [cacheSpec, proxySpec] },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testIgnore: [cacheSpec, proxySpec],
    },
    // The main journeys through the front; the provider's and the front's state are read after them.
    { name: "proxy", use: { viewport: { width: 1280, height: 800 }, baseURL: frontURL }, testMatch: proxySpec },
    // The response cache is emptied by every public write: its tests run alone, after the others.
    {
      name: "cache",
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: cacheSpec,
      dependencies: ["desktop", "mobile", "proxy"],
    },
  ],
  webServer: [
    {
      command: `node_modules/.bin/vite preview --port ${port} --strictPort`,
      cwd: "..",
      url: `${baseURL}/internal-api/v1/manufacturer`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { AVTOTRG_STATE: state, ...quiet },
    },
    ...(withFront
      ? [
          {
            command: "node scripts/serve-front.mjs",
            cwd: "..",
            // Answered by the provider through the front: both are up.
            url: `${frontURL}/internal-api/v1/manufacturer`,
            reuseExistingServer: false,
            timeout: 120_000,
            env: {
              FRONT_PORT: String(frontPort),
              FRONT_STATE: `${state}-front`,
              INTERNAL_API_URL: `${baseURL}/internal-api/v1`,
              ...quiet,
            },
          },
        ]
      : []),
  ],
});
