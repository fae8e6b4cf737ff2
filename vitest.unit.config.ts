import { defineConfig } from "vitest/config";

// Pure unit tests in Node: src/**/*.test.ts (domain logic, client rules). No TanStack plugin here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: { include: ["src/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" },
});
