// What the client's chunks are made of (decision 084): builds the client with source maps
// (AVTOTRG_SOURCEMAP=1, the maps stay out of a normal build) unless `--no-build`, then attributes each byte of
// every chunk's minified code to its source module and prints, per chunk, its gzip size and its largest modules.
// A module's gzip is its own code compressed alone (an upper bound: in the chunk it compresses with its
// neighbours), so the shares rank modules; the chunk's own gzip is the figure that travels.
//   node scripts/js-modules.mjs [--no-build] [--top 15] [chunk-name-prefix …]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
const prefixes = args.filter((a, i) => !a.startsWith("--") && !(topAt >= 0 && i === topAt + 1));
const dir = "dist/client/assets";

if (!args.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "-s", "build"], {
    stdio: "inherit",
    env: { ...process.env, AVTOTRG_SOURCEMAP: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(dir)) throw new Error(`${dir} is missing: build first`);

const base64 = Object.fromEntries(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]),
);

/** One mapping segment's fields (source map v3, base64 VLQ). */
function decode(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = base64[c];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The chunk's code per source module (the generated text each mapping segment covers). */
function modulesOf(file) {
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8"));
  const lines = readFileSync(file, "utf8").split("\n");
  const texts = new Map();
  let source = 0;
  map.mappings.split(";").forEach((mapping, lineNo) => {
    const line = lines[lineNo] ?? "";
    let column = 0;
    const points = mapping
      .split(",")
      .filter(Boolean)
      .map((segment) => {
        const fields = decode(segment);
        column += fields[0];
        if (fields.length > 1) source += fields[1];
        return { column, source: fields.length > 1 ? source : -1 };
      });
    points.forEach((point, i) => {
      const name = point.source >= 0 ? map.sources[point.source].replace(/^(\.\.\/)+/, "") : "(unmapped)";
      const end = points[i + 1]?.column ?? line.length;
      texts.set(name, (texts.get(name) ?? "") + line.slice(point.column, end));
    });
  });
  return [...texts].map(([name, text]) => ({
    name,
    decoded: Buffer.byteLength(text),
    gzip: gzipSync(text).length,
  }));
}

const kb = (n) => (n / 1024).toFixed(1).padStart(6);
const chunks = readdirSync(dir)
  .filter((f) => f.endsWith(".js") && existsSync(join(dir, `${f}.map`)))
  .filter((f) => prefixes.length === 0 || prefixes.some((p) => f.startsWith(p)))
  .map((f) => ({ f, body: readFileSync(join(dir, f)) }))
  .sort((a, b) => b.body.length - a.body.length);

for (const { f, body } of chunks) {
  const modules = modulesOf(join(dir, f)).sort((a, b) => b.gzip - a.gzip);
  console.log(`\n${f}: ${kb(gzipSync(body).length)} KB gzip, ${kb(body.length)} KB decoded, ${modules.length} modules`);
  for (const m of modules.slice(0, top)) console.log(`  ${kb(m.gzip)} ${kb(m.decoded)}  ${m.name}`);
}
