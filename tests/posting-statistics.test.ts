// Issue 25: statistics a dealer can trust (decision 070). The card's total views, the chart's 30 days
// and the days online come from the same data: the daily views (posting_views_daily), whose sum the
// posting's total is, counted in one batch; days online in Ljubljana calendar days since publication.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countVisitorViews } from "~/db/posting-detail.server";
import { postingViewsDaily } from "~/db/schema/engagement";
import { daysOnline } from "~/domain/days-online";
import { startOfLjubljanaDay, ljubljanaDay } from "~/domain/ljubljana-time";
import { addDays } from "~/domain/views-series";
import { call, db, dealerUser, publishedPosting } from "./fixtures";

type Card = { code: string; views: number; daysOnline: number | null };
type Statistics = { total: number; days: { day: string; views: number }[] };

const get = async <T>(path: string, cookie: string) => {
  const res = await call(`/internal-api/v1${path}`, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe("a posting's statistics add up", () => {
  it("total = the sum of its days, the chart's 30 days within it, the card and the chart agreeing", async () => {
    const head = await dealerUser();
    const dealershipId = head.user.dealershipId ?? 0;
    const now = new Date();
    const today = ljubljanaDay(now);
    const published = [0, 1, 12, 45].map((daysAgo) =>
      publishedPosting({
        userId: head.user.id,
        dealershipId,
        // Just before midnight, Ljubljana time, `daysAgo` days back: a calendar day, however few hours ago.
        publishedAt: new Date(
          startOfLjubljanaDay(now).getTime() -
            (daysAgo === 0 ? -60_000 : 60_000) -
            Math.max(0, daysAgo - 1) * 86_400_000,
        ).toISOString(),
      }),
    );
    const postings = await Promise.all(published);
    // Views counted as the posting page counts them, on several days (40 days ago falls outside the chart).
    for (const [i, p] of postings.entries())
      for (const [back, visitors] of [
        [0, 3],
        [2, 5],
        [40, 7],
      ] as const)
        await countVisitorViews(
          db(),
          new Map([[p.id, Array.from({ length: visitors + i }, (_, v) => `v${p.id}-${back}-${v}`)]]),
          addDays(today, -back),
        );

    const cards = await get<{ postings: Card[] }>("/draft?includeDealership=true&size=50", head.cookie);
    expect(cards.postings).toHaveLength(postings.length);
    for (const p of postings) {
      const card = cards.postings.find((c) => c.code === p.code);
      const stats = await get<Statistics>(`/postings/${p.code}/statistics`, head.cookie);
      const daily = await db()
        .select({ sum: sql<number>`coalesce(sum(${postingViewsDaily.views}), 0)` })
        .from(postingViewsDaily)
        .where(eq(postingViewsDaily.postingId, p.id))
        .get();
      const last30 = stats.days.reduce((a, d) => a + d.views, 0);
      expect(card?.views, p.code).toBe(daily?.sum);
      expect(stats.total, p.code).toBe(card?.views);
      expect(last30, p.code).toBeLessThanOrEqual(stats.total);
      expect(stats.total - last30, p.code).toBe(7 + postings.indexOf(p));
    }
  });

  it("days online are whole Ljubljana calendar days since publication: 0 that day, 1 the next, whatever the hour", async () => {
    const head = await dealerUser();
    const dealershipId = head.user.dealershipId ?? 0;
    const now = new Date();
    const midnight = startOfLjubljanaDay(now).getTime();
    const cases = [
      { at: midnight + 60_000, days: 0 },
      { at: midnight - 60_000, days: 1 },
      { at: midnight - 86_400_000 - 60_000, days: 2 },
      { at: midnight - 29 * 86_400_000 + 3_600_000, days: 29 },
    ].filter((c) => c.at <= now.getTime());
    const rows = await Promise.all(
      cases.map((c) =>
        publishedPosting({ userId: head.user.id, dealershipId, publishedAt: new Date(c.at).toISOString() }),
      ),
    );
    const sold = await publishedPosting({
      userId: head.user.id,
      dealershipId,
      status: "SOLD",
      publishedAt: new Date(midnight - 10 * 86_400_000 + 3_600_000).toISOString(),
      soldAt: new Date(midnight - 4 * 86_400_000 + 3_600_000).toISOString(),
    });
    const cards = await get<{ postings: Card[] }>("/draft?includeDealership=true&size=50", head.cookie);
    const byCode = new Map(cards.postings.map((c) => [c.code, c.daysOnline]));
    for (const [i, c] of cases.entries()) expect(byCode.get(rows[i]?.code ?? ""), String(c.days)).toBe(c.days);
    // A sold car stops counting on the day it was sold.
    expect(byCode.get(sold.code)).toBe(6);
    expect(daysOnline({ status: "DRAFT", publishedAt: null }, now)).toBeNull();
  });
});
