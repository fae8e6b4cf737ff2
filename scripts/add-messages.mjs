// Merges message keys from a JSON file (or stdin with "-") into messages/sl.json and recompiles paraglide.
// Used when several people add strings at once: read, merge and write happen in one short step.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const source = process.argv[2];
if (!source) {
  console.error("usage: node scripts/add-messages.mjs <file.json | ->");
  process.exit(2);
}
const incoming = JSON.parse(readFileSync(source === "-" ? 0 : source, "utf8"));
const path = new URL("../messages/sl.json", import.meta.url);
const current = JSON.parse(readFileSync(path, "utf8"));
const changed = Object.entries(incoming)
  .filter(([k, v]) => current[k] !== v)
  .map(([k]) => k);
Object.assign(current, incoming);
const tmp = new URL(`../messages/.sl.${process.pid}.json`, import.meta.url);
writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
renameSync(tmp, path);
console.log(`messages: ${changed.length} added or changed`);
execFileSync(
  "npx",
  [
    "paraglide-js",
    "compile",
    "--project",
    "./project.inlang",
    "--outdir",
    "./src/paraglide",
    "--strategy",
    "baseLocale",
  ],
  { stdio: "ignore", cwd: new URL("..", import.meta.url) },
);
