// The front of the two-instance set-up (decision 077): the same built Worker as the provider, served by
// `wrangler dev` from dist/server with its own state and its own variables. `vite preview` reads a build's
// variables only from dist/server/.dev.vars, one file for every instance; wrangler's --env-file gives the
// front its own (and then ignores .dev.vars).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { bin, devVar } from "./run.mjs";

/**
 * The command that serves the built Worker as a front of `apiUrl` (the provider's API base,
 * http://host:port/internal-api/v1) on `port`, with its D1/R2 in `state`. Writes the front's variables to
 * `<state>/front.env`: the shared INTERNAL_API_SECRET from .dev.vars, INTERNAL_API_URL and the mailbox switch.
 */
export function frontCommand({ port, state, apiUrl }) {
  const secret = devVar("INTERNAL_API_SECRET");
  if (!secret) throw new Error("INTERNAL_API_SECRET is missing from .dev.vars (scripts/lib/run.mjs ensureDevVars).");
  // The provider (vite preview) reads the secret from the build's copy of .dev.vars: built before the secret, it has none.
  const built = existsSync("dist/server/.dev.vars") ? readFileSync("dist/server/.dev.vars", "utf8") : "";
  if (!built.includes(secret))
    throw new Error("dist/ was built without this checkout's INTERNAL_API_SECRET: run `npm run build` again.");
  mkdirSync(state, { recursive: true });
  const envFile = resolve(state, "front.env");
  writeFileSync(envFile, `DEV_OUTBOX=1\nINTERNAL_API_URL=${apiUrl}\nINTERNAL_API_SECRET=${secret}\n`, { mode: 0o600 });
  return {
    command: bin("wrangler"),
    args: [
      "dev",
      "--config",
      "dist/server/wrangler.json",
      "--port",
      String(port),
      "--persist-to",
      state,
      // Resolved against dist/server when relative: always absolute.
      "--env-file",
      envFile,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
  };
}
