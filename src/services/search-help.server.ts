import type { Db } from "~/db/client.server";
import { countEach } from "~/db/search-counts.server";
import { filterDrops } from "~/domain/search-drops";
import { serializeSearchFilters, withFilters } from "~/domain/search-filters";
import type { DropOneCounts, MarketplaceSearchQuery } from "~/contracts/search";

/** At most this many filters are tried one by one: a bounded batch, however long the URL. */
export const maxDroppedFilters = 12;

/**
 * GET marketplace/count-without-one (issue 24): for a search, how many vehicles it would find without
 * each one of its filters, most first; filters whose removal finds nothing are left out. One D1 batch.
 */
export async function countWithoutOne(
  db: Db,
  query: MarketplaceSearchQuery,
  userId: number | null,
  now = new Date(),
): Promise<DropOneCounts> {
  const drops = filterDrops(query.filters).slice(0, maxDroppedFilters);
  const counts = await countEach(
    db,
    drops.map((d) => d.next),
    { now, userId },
  );
  const options = drops
    .map((drop, i) => ({
      id: drop.id,
      query: serializeSearchFilters(withFilters(drop.next, { ai: null, searchSource: null })).toString(),
      total: counts[i] ?? 0,
    }))
    .filter((o) => o.total > 0)
    // Best first; equal counts keep the chips' order.
    .sort((a, b) => b.total - a.total);
  return { options };
}
