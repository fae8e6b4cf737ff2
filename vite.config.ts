import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import tailwindcss from "@tailwindcss/vite";
import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import viteReact from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { clientChunkNames } from "./scripts/lib/client-chunk-names.mjs";
import { clientChunkGroups } from "./scripts/lib/client-chunks.mjs";
import { devImagesMiddleware } from "./scripts/lib/dev-images.mjs";

// AVTOTRG_STATE lets the e2e suite use its own local D1/R2 state instead of the demo one.
const statePath = process.env.AVTOTRG_STATE;

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 8787) },
  preview: { port: Number(process.env.PORT ?? 8787) },
  build: {
    modulePreload: {
      // The inquiry form loads when a buyer touches it (decision 066): everything it needs but its own
      // small files is on the posting page already, and listing those chunks would cost the page 1 KB.
      resolveDependencies: (file: string, deps: string[]) => (/\/inquiry-form-[^/]*\.js$/.test(file) ? [] : deps),
    },
  },
  // The Worker is minified (decision 079): 1.8 → 1.2 MB gzip, well under the plan's 3 MB and the 1.7 MB budget
  // (scripts/worker-size.mjs). Names are kept as wrangler's own bundler keeps them: Stripe's errors read theirs.
  environments: {
    // The framework every page runs (React, TanStack, seroval) in one chunk with the entry (decision 083): one request
    // and one gzip stream instead of a dozen small ones; with it the tiny chunks the landing pages would share
    // (messages, small helpers) and what all three need (decision 084, round 6: scripts/lib/client-chunks.mjs).
    client: {
      build: {
        // Source maps only for `node scripts/js-modules.mjs` (what each chunk is made of, decision 084).
        sourcemap: process.env.AVTOTRG_SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: { groups: clientChunkGroups() },
          },
        },
      },
    },
    // BENCH_SOURCEMAP=1: maps for the CPU profile (npm run bench:profile) to name each sample's package.
    ssr: {
      build: {
        minify: true,
        sourcemap: process.env.BENCH_SOURCEMAP === "1",
        rolldownOptions: { output: { keepNames: true } },
      },
    },
  },
  plugins: [
    // The build compiles messages with the CLI first (see package.json): compiling inside
    // `vite build` leaves inlang timers running and the process hangs.
    command === "serve" &&
      paraglideVitePlugin({
        project: "./project.inlang",
        outdir: "./src/paraglide",
        strategy: ["baseLocale"],
        outputStructure: "message-modules",
      }),
    {
      // A local run's picture resizes (POST /__dev/images, decision 078): Miniflare's Images binding ignores `fit`,
      // so the Worker sends them here where DEV_OUTBOX=1. Before the Worker's own middleware.
      name: "avtotrg-dev-images",
      configureServer(server) {
        server.middlewares.use(devImagesMiddleware());
      },
      configurePreviewServer(server) {
        server.middlewares.use(devImagesMiddleware());
      },
    },
    tailwindcss(),
    // The error page's built chunk, listed with a server-rendered error page (decision 084, round 8).
    clientChunkNames(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      ...(statePath ? { persistState: { path: statePath } } : {}),
    }),
    tanstackStart(),
    viteReact(),
    {
      // `vite preview` serves the e2e suite. Node closes an idle kept-alive connection after 5 s, and a
      // request the client sends on it at that moment fails with ECONNRESET (seen once on a POST):
      // idle connections stay open longer than any pause between a test's requests.
      name: "avtotrg-preview-keep-alive",
      configurePreviewServer(server) {
        const http = server.httpServer as { keepAliveTimeout?: number; headersTimeout?: number } | null;
        if (http) {
          http.keepAliveTimeout = 65_000;
          http.headersTimeout = 66_000;
        }
      },
    },
  ],
}));
