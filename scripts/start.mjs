// `npm start`: migrate and seed local D1/R2 (idempotent), build, serve on http://localhost:8787 (PORT overrides).
import { bin, ensureDevVars, migrate, mustRun, run } from "./lib/run.mjs";

const port = process.env.PORT ?? "8787";
ensureDevVars();
await migrate(process.env.AVTOTRG_STATE);
await mustRun(bin("tsx"), ["scripts/seed.ts", ...process.argv.slice(2)]);
await mustRun("npm", ["run", "-s", "build"]);
console.log(`\nAvtotrg: http://localhost:${port}\n`);
process.exit(await run(bin("vite"), ["preview", "--port", port, "--strictPort"], { env: { PORT: port } }));
