// `npm test`: unit tests (Node), API/repository tests (workerd), then browser tests (Playwright),
// ending with one summary line "N passed, N failed".
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { bin, run } from "./lib/run.mjs";

rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

// The e2e report's name follows E2E_PORT as in e2e/playwright.config.ts (plain on the default port).
const e2ePort = Number(process.env.E2E_PORT ?? 4173);
const e2eReport = `test-results/e2e${e2ePort === 4173 ? "" : `-${e2ePort}`}.json`;

const steps = [
  {
    name: "unit",
    cmd: bin("vitest"),
    args: [
      "run",
      "-c",
      "tests/vitest.unit.config.ts",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/unit.json",
    ],
    report: "test-results/unit.json",
    kind: "vitest",
  },
  {
    name: "api",
    cmd: bin("vitest"),
    args: [
      "run",
      "-c",
      "tests/vitest.workers.config.ts",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/api.json",
    ],
    report: "test-results/api.json",
    kind: "vitest",
  },
  { name: "e2e", cmd: "node", args: ["scripts/e2e.mjs"], report: e2eReport, kind: "playwright" },
];

// The names of the failed tests with the first line of their error, so the summary's tail says what broke.
function failures(step) {
  const out = [];
  try {
    const r = JSON.parse(readFileSync(step.report, "utf8"));
    if (step.kind === "vitest") {
      for (const file of r.testResults ?? [])
        for (const t of file.assertionResults ?? [])
          if (t.status === "failed")
            out.push(
              `${file.name.replace(`${process.cwd()}/`, "")} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
            );
      // A file that fails to load has no assertions, only a message.
      for (const file of r.testResults ?? [])
        if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"))
          out.push(`${file.name.replace(`${process.cwd()}/`, "")}: ${firstLine(file.message)}`);
    } else {
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === "unexpected")
              out.push(
                `[${t.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}: ${firstLine(t.results?.at(-1)?.error?.message)}`,
              );
        // A file's suite is titled with the file name; describe blocks below it add their titles.
        for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
      };
      for (const s of r.suites ?? []) walk(s, []);
      // Errors outside any test: global set-up, a spec file that does not load.
      for (const e of r.errors ?? []) out.push(`(outside a test) ${firstLine(e.message)}`);
    }
  } catch {
    /* no report: the step's own output says why */
  }
  return out;
}

function firstLine(text) {
  return (
    String(text ?? "")
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .find((l) => l.trim()) ?? ""
  );
}

function counts(step) {
  try {
    const r = JSON.parse(readFileSync(step.report, "utf8"));
    if (step.kind === "vitest")
      return {
        passed: r.numPassedTests ?? 0,
        failed: r.numFailedTests ?? 0,
        skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
      };
    return {
      passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
      failed: r.stats?.unexpected ?? 0,
      skipped: r.stats?.skipped ?? 0,
    };
  } catch {
    return null;
  }
}

let passed = 0,
  failed = 0,
  skipped = 0,
  broken = false;
const failedTests = [];

// Types first: strict TypeScript over the whole project (messages compiled so imports resolve).
console.log("=== typecheck ===");
if (
  (await run(bin("paraglide-js"), [
    "compile",
    "--project",
    "./project.inlang",
    "--outdir",
    "./src/paraglide",
    "--strategy",
    "baseLocale",
  ])) !== 0 ||
  (await run(bin("tsc"), ["--noEmit"])) !== 0
) {
  console.error("--- typecheck failed");
  broken = true;
}
// Lint and format (Biome): the layer rules and import cycles fail here (docs/architecture.md).
console.log("\n=== lint ===");
if ((await run(bin("biome"), ["ci", "--reporter=summary", "."])) !== 0) {
  console.error("--- lint failed: run `npm run lint` (and `npm run format`)");
  broken = true;
}
for (const step of steps) {
  console.log(`\n=== ${step.name} tests ===`);
  const started = Date.now();
  const code = await run(step.cmd, step.args);
  const c = counts(step);
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  console.log(
    `--- ${step.name}: exit ${code}${c ? `, ${c.passed} passed, ${c.failed} failed` : ", no report"} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (code !== 0 || !c || (c.passed === 0 && c.failed === 0)) broken = true;
  failedTests.push(...failures(step).map((f) => `${step.name}: ${f}`));
}
if (failedTests.length) console.log(`\nFailed:\n${failedTests.map((f) => `  ${f.slice(0, 400)}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(broken || failed > 0 ? 1 : 0);
