// Serves the built Worker as the front of a provider (the e2e project "proxy" starts it, decision 077):
// FRONT_PORT, FRONT_STATE (migrated by the caller) and INTERNAL_API_URL come from the environment.
import { frontCommand } from "./lib/front.mjs";
import { run } from "./lib/run.mjs";

const { command, args } = frontCommand({
  port: process.env.FRONT_PORT ?? "8788",
  state: process.env.FRONT_STATE ?? ".wrangler/front-state",
  apiUrl: process.env.INTERNAL_API_URL ?? "http://localhost:8787/internal-api/v1",
});
process.exit(await run(command, args));
