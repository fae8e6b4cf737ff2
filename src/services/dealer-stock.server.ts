import type { SessionUser } from "~/domain/session";
import type { Db } from "~/db/client.server";
import { stockViewsPerDay, stockViewsTotal } from "~/db/dealer-stock.server";
import { csvDecimal, toCsv } from "~/domain/csv";
import { labelOf } from "~/domain/enums/labels";
import { postingStatusLabels } from "~/domain/enums/posting";
import { forbidden } from "~/domain/errors";
import { priceRatingLabels } from "~/domain/market-value/rating";
import { searchPriceOf, toEuros } from "~/domain/money";
import { denseViews, lastDaysFrom } from "~/domain/views-series";
import type { DraftListQuery } from "~/contracts/drafts";
import { listMine } from "./drafts.server";
import { statisticsDays } from "./posting-detail.server";

/** The signed-in user's dealership id, or 403: the stock belongs to dealership members only. */
export function memberDealershipId(user: SessionUser): number {
  if (user.dealershipId === null) throw forbidden("Zaloga je na voljo le članom poslovne enote.");
  return user.dealershipId;
}

/** `GET dealer/statistics`: views on each of the last 30 days over the whole stock, and the all-time total. */
export async function stockStatistics(db: Db, user: SessionUser, now = new Date()) {
  const dealershipId = memberDealershipId(user);
  const from = lastDaysFrom(now, statisticsDays);
  const [rows, total] = await Promise.all([
    stockViewsPerDay(db, dealershipId, from),
    stockViewsTotal(db, dealershipId),
  ]);
  return { total, days: denseViews(from, statisticsDays, rows) };
}

const exportPageSize = 100;
const exportMaxRows = 10_000;

/** `GET dealer/stock.csv`: the filtered stock (every page) as a spreadsheet for the dealership's own records. */
export async function stockCsv(db: Db, user: SessionUser, query: DraftListQuery, siteUrl: string, now = new Date()) {
  memberDealershipId(user);
  const rows: (string | number | null)[][] = [];
  for (let page = 1; rows.length < exportMaxRows; page++) {
    const list = await listMine(db, user, { ...query, includeDealership: "true", page, size: exportPageSize }, now);
    for (const p of list.postings) {
      rows.push([
        p.code,
        p.title,
        p.modelYear,
        p.vin,
        labelOf(postingStatusLabels, p.status),
        // A spreadsheet for people: euros with comma decimals (decision 050), unlike the API's cents.
        csvDecimal(toEuros(searchPriceOf(p))),
        p.priceRating ? priceRatingLabels[p.priceRating] : null,
        p.publishedAt ? p.publishedAt.slice(0, 10) : null,
        p.daysOnline,
        p.views,
        p.featuredUntil ? p.featuredUntil.slice(0, 10) : null,
        p.salesperson?.name ?? null,
        p.status === "DRAFT" ? null : `${siteUrl}/oglas/${p.postId}`,
      ]);
    }
    if (page * exportPageSize >= list.total) break;
  }
  const header = [
    "Šifra",
    "Vozilo",
    "Letnik",
    "VIN",
    "Stanje",
    "Cena (EUR)",
    "Ocena cene",
    "Objavljeno",
    "Dni na spletu",
    "Ogledi",
    "Izpostavljeno do",
    "Svetovalec",
    "Povezava",
  ];
  return toCsv(header, rows);
}
