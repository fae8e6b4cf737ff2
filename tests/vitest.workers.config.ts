import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { devImages } from "../scripts/lib/dev-images.mjs";

const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

// API, repositories and services inside workerd against real local D1/R2 (Miniflare).
export default defineConfig(async () => ({
  root,
  resolve: { tsconfigPaths: true },
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.toml` },
      main: `${root}/tests/worker-entry.ts`,
      // RESPONSE_CACHE and ISOLATE_MEMO off: tests write D1 directly, behind the cache and the memos
      // (tests/response-cache.test.ts and tests/isolate-memo.test.ts turn them on).
      // FUZZ_RUNS: cases per route of tests/fuzz.test.ts (default 300).
      // TRUST_CF_CONNECTING_IP: the tests play Cloudflare's edge (many clients by CF-Connecting-IP);
      // tests/client-address.test.ts also runs without it, as a local run does (decision 037).
      miniflare: {
        // A local run's resizes, as Cloudflare's Images binding does them (Miniflare's ignores fit; decision 078).
        serviceBindings: { DEV_IMAGES: devImages },
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          DEV_OUTBOX: "1",
          RESPONSE_CACHE: "off",
          ISOLATE_MEMO: "off",
          TRUST_CF_CONNECTING_IP: "1",
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? "300",
        },
      },
    }),
  ],
  // One workerd runtime for all files (isolate: false): a runtime per file cost ~7 s of start-up each
  // (195 s for 27 files, now ~22 s). The files share one database, so every test scopes its reads to
  // the rows it created (its own make, user, far-future dates), never to "the whole table".
  // One file at a time (maxWorkers: 1), also on machines with more cores: the files share module state
  // (count caches, rate-limit windows) and a few daily-job tests read whole tables.
  test: {
    isolate: false,
    maxWorkers: 1,
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/**/*.node.test.ts"],
    setupFiles: ["./tests/apply-migrations.ts"],
  },
}));
