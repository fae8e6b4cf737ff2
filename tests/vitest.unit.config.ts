import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

// Pure unit tests in Node: src/**/*.test.ts (domain logic, client rules). No TanStack plugin here.
export default defineConfig({
  root,
  resolve: { tsconfigPaths: true },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"], environment: "node" },
});
