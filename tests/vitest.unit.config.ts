import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

// Pure unit tests in Node: src/**/*.test.ts (domain logic, client rules). No TanStack plugin here.
// tests/**/*.node.test.ts: tests that need Node around a local state (seeding through wrangler).
export default defineConfig({
  root,
  resolve: { tsconfigPaths: true },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "tests/**/*.node.test.ts"],
    environment: "node",
  },
});
