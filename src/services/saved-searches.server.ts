import type { Db } from "~/db/client.server";
import {
  deleteSavedSearch,
  hasSavedCriteria,
  insertSavedSearch,
  listAlertingSearches,
  listSavedSearches,
  markNotified,
} from "~/db/saved-searches.server";
import { countNewMatches, newestMatches } from "~/db/search.server";
import { appConfig } from "~/app.config";
import { conflict, notFound } from "~/domain/errors";
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

/**
 * Daily alert job (cron): one e-mail per saved search with new matches since the last e-mail.
 * Safe to run twice: the second run finds nothing newer than the mark the first one set.
 */
export async function sendSavedSearchAlerts(db: Db, mail: EmailProvider, siteUrl: string, now = new Date()) {
  let sent = 0;
  for (const s of await listAlertingSearches(db)) {
    if (!s.email) continue;
    const filters = parseSearchParams(s.query);
    const since = s.lastNotifiedAt ?? s.createdAt;
    const ctx = { now, userId: s.userId };
    const count = await countNewMatches(db, filters, since, ctx);
    if (count === 0) continue;
    const top = await newestMatches(db, filters, since, 5, ctx);
    const searchUrl = `${siteUrl}/iskanje${s.query ? `?${s.query}` : ""}`;
    const email = savedSearchAlertEmail({
      name: s.name,
      count,
      hits: top.map((p) => ({
        title: [p.manufacturerName, p.baseModelName, p.trimName].filter(Boolean).join(" "),
        price: p.price === null ? null : (p.specialPrice ?? p.price),
        url: `${siteUrl}/oglas/${p.id}`,
        imageUrl: p.coverKey ? `${siteUrl}/media/${p.coverKey}` : null,
      })),
      searchUrl,
      unsubscribeUrl: `${siteUrl}/internal-api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(s.unsubscribeToken)}`,
    });
    await mail.send({ to: s.email, ...email, link: searchUrl });
    await markNotified(db, s.id, now.toISOString());
    sent++;
  }
  return sent;
}
