import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

// API, repositories and services inside workerd against real local D1/R2 (Miniflare).
export default defineConfig(async () => ({
  root,
  resolve: { tsconfigPaths: true },
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.toml` },
      main: `${root}/tests/worker-entry.ts`,
      miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`), DEV_OUTBOX: "1" } },
    }),
  ],
  test: { include: ["tests/**/*.test.ts"], setupFiles: ["./tests/apply-migrations.ts"] },
}));
