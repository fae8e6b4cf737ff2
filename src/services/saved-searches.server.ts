import type { Db } from "~/db/client.server";
import {
  deleteSavedSearch,
  hasSavedCriteria,
  insertSavedSearch,
  listAlertingSearches,
  listSavedSearches,
  markNotified,
} from "~/db/saved-searches.server";
import {
  countNewMatches,
  droppedMatches,
  newestMatches,
  type PostingCardRow,
  recentPriceDrops,
} from "~/db/search.server";
import { appConfig } from "~/app.config";
import { conflict, notFound } from "~/domain/errors";
import { priceDropDays } from "~/domain/posting-card";
import { savedSearchCriteria } from "~/domain/saved-search-criteria";
import { parseSearchParams, serializeSearchFilters } from "~/domain/search-filters";
import { randomToken } from "~/lib/crypto";
import type { EmailProvider } from "./providers/email.server";
import { savedSearchAlertEmail } from "./saved-search-alert.server";

export type SavedSearchView = {
  id: number;
  name: string;
  query: string;
  alertsEnabled: boolean;
  newCount: number;
  createdAt: string;
};

/** The user's saved searches, each with how many matches appeared since they last looked. */
export async function savedSearchesOf(db: Db, userId: number, now = new Date()): Promise<SavedSearchView[]> {
  const rows = await listSavedSearches(db, userId);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      query: r.query,
      alertsEnabled: r.alertsEnabled,
      createdAt: r.createdAt,
      newCount: await countNewMatches(db, parseSearchParams(r.query), r.lastSeenAt ?? r.createdAt, { now, userId }),
    })),
  );
}

/**
 * Saves a search in its canonical form (paging dropped, the sort kept as the user had it); 409 at the cap or
 * when the user already saved the same criteria (in any order, with any sort).
 */
export async function saveSearch(
  db: Db,
  userId: number,
  input: { name: string; query: string },
  now = new Date(),
): Promise<SavedSearchView> {
  const filters = { ...parseSearchParams(input.query), page: 0, ai: null, searchSource: null };
  const max = appConfig.limits.savedSearchesPerUser;
  const criteria = savedSearchCriteria(filters);
  const row = await insertSavedSearch(
    db,
    {
      userId,
      name: input.name,
      query: serializeSearchFilters(filters).toString(),
      criteria,
      unsubscribeToken: randomToken(24),
      now: now.toISOString(),
    },
    max,
  );
  if (!row && (await hasSavedCriteria(db, userId, criteria))) throw conflict("To iskanje je že shranjeno.");
  // Unbounded, every list view and the daily alert job would run one search per saved search.
  if (!row) throw conflict(`Shranite lahko največ ${max} iskanj. Izbrišite katero od starejših.`);
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alertsEnabled: row.alertsEnabled,
    createdAt: row.createdAt,
    newCount: 0,
  };
}

export async function removeSavedSearch(db: Db, userId: number, id: number) {
  if (!(await deleteSavedSearch(db, userId, id))) throw notFound("Shranjeno iskanje ne obstaja.");
}

/** A car's title in an e-mail: make, model and trim. */
const titleOf = (p: PostingCardRow) => [p.manufacturerName, p.baseModelName, p.trimName].filter(Boolean).join(" ");

/**
 * Daily alert job (cron): one e-mail per saved search with new matches, or cars already in it whose price dropped
 * (decision 088), since the last e-mail. The drops are read once for the run; each search then costs one query
 * for them, by rowid over those drops alone. Safe to run twice: the second run finds nothing newer than the mark
 * the first one set.
 */
export async function sendSavedSearchAlerts(db: Db, mail: EmailProvider, siteUrl: string, now = new Date()) {
  const searches = (await listAlertingSearches(db)).filter((s) => s.email);
  // The mark covers what happened by `now`; whatever happens while the job runs is the next run's news.
  const until = now.toISOString();
  // A drop is news for as long as the card shows it; a search quiet for longer is not told of older ones.
  const dropWindow = new Date(now.getTime() - priceDropDays * 86_400_000).toISOString();
  const oldest = searches.reduce((min, s) => minIso(min, s.lastNotifiedAt ?? s.createdAt), until);
  const candidates = searches.length > 0 ? await recentPriceDrops(db, maxIso(oldest, dropWindow)) : [];
  let sent = 0;
  for (const s of searches) {
    if (!s.email) continue;
    const filters = parseSearchParams(s.query);
    const since = s.lastNotifiedAt ?? s.createdAt;
    const ctx = { now, userId: s.userId };
    const count = await countNewMatches(db, filters, since, ctx, until);
    // Dropped after the mark, and there before it: a car new since then is listed once, as new.
    const after = maxIso(since, dropWindow);
    const ids = candidates
      .filter(
        (c) =>
          c.changedAt !== null &&
          c.changedAt > after &&
          c.changedAt <= until &&
          c.publishedAt !== null &&
          c.publishedAt <= since,
      )
      .map((c) => c.id);
    const drops = await droppedMatches(db, filters, { ids, publishedBy: since, after, until }, 5, ctx);
    if (count === 0 && drops.total === 0) continue;
    const top = count > 0 ? await newestMatches(db, filters, { since, until }, 5, ctx) : [];
    const searchUrl = `${siteUrl}/iskanje${s.query ? `?${s.query}` : ""}`;
    const card = (p: PostingCardRow) => ({
      title: titleOf(p),
      url: `${siteUrl}/oglas/${p.id}`,
      imageUrl: p.coverKey ? `${siteUrl}/media/${p.coverKey}` : null,
    });
    const email = savedSearchAlertEmail({
      name: s.name,
      count,
      hits: top.map((p) => ({
        ...card(p),
        price: { priceType: p.priceType, price: p.price, specialPrice: p.specialPrice, rentalPrices: p.rentalPrices },
      })),
      dropCount: drops.total,
      // The drop is named from the low it went under (decision 088), as on the card.
      drops: drops.rows.flatMap((p) =>
        p.searchPrice !== null && p.lastPriceChange !== null
          ? [{ ...card(p), price: p.searchPrice, oldPrice: p.searchPrice - p.lastPriceChange }]
          : [],
      ),
      searchUrl,
      unsubscribeUrl: `${siteUrl}/internal-api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(s.unsubscribeToken)}`,
    });
    await mail.send({ to: s.email, ...email, link: searchUrl });
    await markNotified(db, s.id, now.toISOString());
    sent++;
  }
  return sent;
}

const minIso = (a: string, b: string) => (a < b ? a : b);
const maxIso = (a: string, b: string) => (a > b ? a : b);
