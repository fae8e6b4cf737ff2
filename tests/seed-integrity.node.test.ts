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
import { daysOnline } from "~/domain/days-online";
import { expectedMonthly, normalizeOffer, offerTotal, type FinancingOffer } from "~/domain/financing";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { lastDaysFrom } from "~/domain/views-series";

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
  it("breaks no rule, every financing offer's monthly payment is the annuity of its own terms within 1 €, every posting's views add up", {
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
      // Not vacuous: the seed shows price histories (the history rule holds on them) and cards' drop marks.
      const drops = await proxy.env.DB.prepare(
        "SELECT (SELECT count(*) FROM posting_price_changes) AS changes, (SELECT count(*) FROM postings WHERE last_price_change < 0) AS marked",
      ).first<{ changes: number; marked: number }>();
      expect(drops?.changes).toBeGreaterThan(10);
      expect(drops?.marked).toBeGreaterThan(5);
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
      await expectStatisticsAddUp(proxy.env.DB);
    } finally {
      await proxy.dispose();
    }
  });
});

type SeededStatistics = {
  id: number;
  status: string;
  dealershipId: number | null;
  publishedAt: string | null;
  soldAt: string | null;
  expiresAt: string | null;
  total: number;
  daily: number;
  last30: number;
  firstDay: string | null;
  lastDay: string | null;
};

/**
 * Issue 25 (decision 070), over every seeded posting: the total is the sum of the daily views, the
 * chart's 30 days are within it, views fall on days it was online, and a posting published before today
 * has been online at least a day.
 */
async function expectStatisticsAddUp(d1: D1Database) {
  const now = new Date();
  const { results } = await d1
    .prepare(
      `SELECT p.id, p.status, p.dealership_id AS dealershipId, p.published_at AS publishedAt, p.sold_at AS soldAt,
              p.expires_at AS expiresAt, p.views_total AS total,
              coalesce((SELECT sum(views) FROM posting_views_daily v WHERE v.posting_id = p.id), 0) AS daily,
              coalesce((SELECT sum(views) FROM posting_views_daily v WHERE v.posting_id = p.id AND v.day >= ?1), 0) AS last30,
              (SELECT min(day) FROM posting_views_daily v WHERE v.posting_id = p.id) AS firstDay,
              (SELECT max(day) FROM posting_views_daily v WHERE v.posting_id = p.id) AS lastDay
       FROM postings p`,
    )
    .bind(lastDaysFrom(now, 30))
    .all<SeededStatistics>();
  const dealership = results.filter((p) => p.dealershipId === 1);
  expect(dealership.length).toBeGreaterThan(20);
  expect(dealership.some((p) => p.last30 > 0 && p.last30 < p.total)).toBe(true);
  for (const p of results) {
    const what = JSON.stringify(p);
    expect(p.total, what).toBe(p.daily);
    expect(p.last30, what).toBeLessThanOrEqual(p.total);
    const days = daysOnline(p, now);
    if (days === null) {
      expect(p.total, what).toBe(0);
      continue;
    }
    // Online at least a day once the day it ended (sold, expired, or today) is a later Ljubljana day: a car
    // sold an hour before a midnight run was online 0 days if it was published that same day.
    const ended = p.status === "SOLD" ? p.soldAt : p.status === "EXPIRED" ? p.expiresAt : null;
    const endDay = ljubljanaDay(ended && Date.parse(ended) < now.getTime() ? new Date(ended) : now);
    if (p.publishedAt && ljubljanaDay(new Date(p.publishedAt)) < endDay) expect(days, what).toBeGreaterThanOrEqual(1);
    if (p.firstDay && p.publishedAt) expect(p.firstDay >= ljubljanaDay(new Date(p.publishedAt)), what).toBe(true);
    if (p.lastDay) expect(p.lastDay <= ljubljanaDay(now), what).toBe(true);
  }
}
