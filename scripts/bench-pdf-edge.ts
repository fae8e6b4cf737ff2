/**
 * The PDF sheet at the edge (npm run bench:pdf, issue 26, decision 079): the built Worker served by `wrangler dev`
 * (workerd, with Miniflare's Images binding doing the downscaling through sharp) on a small state of its own. One
 * posting gets eight phone photos of 4000 × 3000 px, about 10 MB each, stored in R2 as a phone uploads them; its
 * sheet is fetched once with nothing cached, then `BENCH_RUNS` times. Prints the sheet's size, its embedded photos,
 * the first time and the median / p95. Budget: under 2 MB, median under 300 ms. BENCH_PORT picks the port.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { embeddedImages } from "../src/services/pdf/pdf-images.testing";
import { loadAverage, percentile, run, serveBuiltWorker } from "./lib/bench-state";

const state = ".wrangler/bench-pdf-state";
const photoDir = ".wrangler/bench-pdf-photos";
const runs = Number(process.env.BENCH_RUNS ?? 20);
const warmups = 3;
const budget = { bytes: 2 * 1024 * 1024, medianMs: 300 };
const photoCount = 8;

/** A 4000 × 3000 phone-like JPEG of about 10 MB (gradients and grain at quality 95), made once and kept on disk. */
async function phonePhoto(i: number): Promise<Uint8Array> {
  const path = join(photoDir, `photo-${i}.jpg`);
  if (existsSync(path)) return new Uint8Array(readFileSync(path));
  const moduleName = "sharp"; // comes with miniflare; not a declared dependency
  const sharp = (await import(moduleName)).default;
  const [w, h] = [4000, 3000];
  const px = new Uint8Array(w * h * 3);
  let s = 1000 + i;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = (y * w + x) * 3;
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const grain = ((s >>> 24) - 128) * 0.6;
      px[p] = 90 + (110 * x) / w + grain + 12 * i;
      px[p + 1] = 120 + 80 * Math.sin((y / h) * Math.PI) + grain;
      px[p + 2] = 200 - (120 * y) / h + grain;
    }
  const bytes = new Uint8Array(
    await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  );
  mkdirSync(photoDir, { recursive: true });
  writeFileSync(path, bytes);
  return bytes;
}

/** A published posting of the small seed with the eight photos as its only pictures; answers its code. */
async function preparePosting(photos: Uint8Array[]): Promise<string> {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(state, "v3") } });
  try {
    const { DB, MEDIA } = proxy.env;
    const posting = await DB.prepare(
      "SELECT id, code FROM postings WHERE status = 'PUBLISHED' ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      code: string;
    }>();
    if (!posting) throw new Error("the bench seed has no published posting");
    await Promise.all(
      photos.map((bytes, i) =>
        MEDIA.put(`bench-pdf/photo-${i}.jpg`, bytes, { httpMetadata: { contentType: "image/jpeg" } }),
      ),
    );
    await DB.batch([
      DB.prepare("DELETE FROM posting_files WHERE posting_id = ?").bind(posting.id),
      ...photos.map((bytes, i) =>
        DB.prepare(
          "INSERT INTO posting_files (posting_id, object_key, file_type, mime_type, original_name, size_bytes, width, height, sort_order) VALUES (?, ?, 'EXTERIOR_PICTURE', 'image/jpeg', ?, ?, 4000, 3000, ?)",
        ).bind(posting.id, `bench-pdf/photo-${i}.jpg`, `IMG_${4100 + i}.jpg`, bytes.length, i),
      ),
    ]);
    return posting.code;
  } finally {
    await proxy.dispose();
  }
}

async function fetchSheet(url: string) {
  const started = performance.now();
  const res = await fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`GET ${url}: ${res.status} ${new TextDecoder().decode(bytes.subarray(0, 300))}`);
  return { ms, bytes };
}

await run("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
await run("env", [`AVTOTRG_STATE=${state}`, "node_modules/.bin/tsx", "scripts/seed.ts", "--postings", "20"]);
if (!existsSync("dist/server/wrangler.json")) await run("npm", ["run", "-s", "build"]);
const photos = await Promise.all(Array.from({ length: photoCount }, (_, i) => phonePhoto(i)));
const uploaded = photos.reduce((n, p) => n + p.length, 0);
const code = await preparePosting(photos);
// The print-sized photos of an earlier run are in the state's Cache API: the first sheet must make them again.
rmSync(join(state, "v3", "cache"), { recursive: true, force: true });

const server = await serveBuiltWorker(Number(process.env.BENCH_PORT ?? 8791), { state });
try {
  const url = `${server.origin}/internal-api/v1/postings/${code}/download-pdf`;
  const first = await fetchSheet(url);
  for (let i = 0; i < warmups; i++) await fetchSheet(url);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const sheet = await fetchSheet(url);
    times.push(sheet.ms);
    size = sheet.bytes.length;
  }
  const median = percentile(times, 50);
  const images = (await embeddedImages(first.bytes)).map(
    (i) => `${i.width}×${i.height} ${i.filter === "/DCTDecode" ? "JPEG" : i.filter}`,
  );
  console.log(
    `\nPDF sheet at the edge (built Worker, wrangler dev, Images binding; load ${loadAverage()}):\n` +
      `  ${photoCount} phone photos 4000×3000, ${(uploaded / 1024 / 1024).toFixed(1)} MB in R2 → sheet ${(size / 1024).toFixed(0)} KB, ` +
      `${images.length} photos embedded (${images.join(", ")})\n` +
      `  first (nothing cached) ${first.ms.toFixed(0)} ms; then ${runs} runs: median ${median.toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  );
  const ok = size < budget.bytes && median < budget.medianMs && images.length === photoCount;
  console.log(
    `Budget: under 2 MB and median under ${budget.medianMs} ms, every photo printed: ${ok ? "OK" : "OVER BUDGET"}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await server.stop();
}
