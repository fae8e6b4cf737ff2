declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Cases per route of the fuzz test (vitest.workers.config.ts passes FUZZ_RUNS through, default 300). */
    FUZZ_RUNS?: string;
  }
}
