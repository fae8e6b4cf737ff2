import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// API, repositories and services inside workerd against real local D1/R2 (Miniflare).
export default defineConfig(async () => ({
  resolve: { tsconfigPaths: true },
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      main: "./tests/worker-entry.ts",
      miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") } },
    }),
  ],
  test: { include: ["tests/**/*.test.ts"], setupFiles: ["./tests/apply-migrations.ts"] },
}));
