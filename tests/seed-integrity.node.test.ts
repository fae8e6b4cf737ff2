// Issue 21, "Done when": a freshly seeded database breaks no rule of `npm run check:data`, and every financing
// offer it shows pays the annuity of its own terms within 1 €. Runs in Node (it seeds through wrangler's
// platform proxy, as `npm run seed` does), so the unit config runs it, not the workerd one.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { findIntegrityViolations } from "~/db/data-integrity.server";
import { expectedMonthly, normalizeOffer, offerTotal, type FinancingOffer } from "~/domain/financing";

const state = mkdtempSync(join(tmpdir(), "avtotrg-seed-integrity-"));
const env = {
  ...process.env,
  AVTOTRG_STATE: state,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};
const sh = (command: string, args: string[]) => spawnSync(command, args, { env, encoding: "utf8", timeout: 300_000 });

afterAll(() => rmSync(state, { recursive: true, force: true }));

describe("the seeded database (npm run seed, then npm run check:data)", () => {
  it("breaks no rule, and every financing offer's monthly payment is the annuity of its own terms within 1 €", {
    timeout: 600_000,
  }, async () => {
    const migrated = sh("node_modules/.bin/wrangler", [
      "d1",
      "migrations",
      "apply",
      "DB",
      "--local",
      "--persist-to",
      state,
    ]);
    expect(migrated.status, migrated.stderr).toBe(0);
    const seeded = sh("node_modules/.bin/tsx", ["scripts/seed.ts", "--postings", "400"]);
    expect(seeded.status, seeded.stderr).toBe(0);

    const check = sh("node_modules/.bin/tsx", ["scripts/check-data.ts"]);
    expect(check.stdout).not.toMatch(/FAIL/);
    expect(check.status, check.stdout).toBe(0);

    const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(state, "v3") } });
    try {
      expect(await findIntegrityViolations(proxy.env.DB)).toEqual([]);
      const { results } = await proxy.env.DB.prepare(
        "SELECT d.financing_offers AS offers FROM posting_details d JOIN postings p ON p.id = d.posting_id WHERE p.status IN ('PUBLISHED', 'SOLD')",
      ).all<{ offers: string }>();
      const offers = results.flatMap((r) => JSON.parse(r.offers) as FinancingOffer[]).map(normalizeOffer);
      // Not vacuous: the seed shows offers, each with its rate and financed amount.
      expect(offers.length).toBeGreaterThan(3);
      for (const o of offers) {
        const expected = expectedMonthly(o);
        expect(expected, JSON.stringify(o)).not.toBeNull();
        expect(Math.abs((expected ?? 0) - o.monthlyPayment), JSON.stringify(o)).toBeLessThanOrEqual(100);
        expect(o.total).toBe(offerTotal(o));
        // Cents, not euros: the instalments at least repay what is financed (an offer 100 times too small never does).
        expect(o.monthlyPayment * o.months, JSON.stringify(o)).toBeGreaterThanOrEqual(o.financedAmount ?? 0);
        expect(o.financedAmount ?? 0).toBeGreaterThan(100_000);
      }
    } finally {
      await proxy.dispose();
    }
  });
});
