/**
 * Scans the local (seeded) D1 database for rows that break the posting rules of issue 21 (VIN,
 * one published posting per VIN, hidden-VIN consequences, enumerations, phones, financing offers
 * in cents). Exits 1 and lists the rows when any breaks a rule.
 *   npm run check:data              # .wrangler/state (what `npm run seed` filled)
 *   AVTOTRG_STATE=… npm run check:data
 */
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { findIntegrityViolations, integrityChecks } from "../src/db/data-integrity.server";

const stateDir = process.env.AVTOTRG_STATE ?? ".wrangler/state";

async function main() {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(stateDir, "v3") } });
  try {
    const postings = await proxy.env.DB.prepare("SELECT count(*) AS n FROM postings").first<{ n: number }>();
    const violations = await findIntegrityViolations(proxy.env.DB);
    console.log(`check:data: ${integrityChecks.length} rules over ${postings?.n ?? 0} postings in ${stateDir}`);
    for (const check of integrityChecks) {
      const rows = violations.filter((v) => v.rule === check.rule);
      console.log(
        `${rows.length === 0 ? "ok  " : "FAIL"} ${check.rule}${
          rows.length
            ? `: ${rows.length} rows, e.g. ${rows
                .slice(0, 5)
                .map((r) => `${r.id} (${r.detail})`)
                .join(", ")}`
            : ""
        }`,
      );
    }
    if (violations.length > 0) process.exitCode = 1;
  } finally {
    await proxy.dispose();
  }
}

await main();
