import type { SessionUser } from "~/domain/session";
import { appConfig } from "~/app.config";
import type { Db } from "~/db/client.server";
import { countActivePrivate, listOwnPostings } from "~/db/drafts.server";
import type { PostingStatus } from "~/domain/enums/posting";
import type { DraftListQuery } from "~/contracts/drafts";
import { daysOnline } from "~/domain/days-online";
import { ownFeaturing } from "~/domain/featuring";

const dayMs = 86_400_000;

/** `GET draft`: own postings (or the dealership's) filtered, searched, sorted and paged, with the counts for the filter chips and the cap for private sellers. */
export async function listMine(db: Db, user: SessionUser, query: DraftListQuery, now = new Date()) {
  const size = query.size ?? 20;
  const page = query.page ?? 1;
  const nowIso = now.toISOString();
  const owner =
    query.includeDealership === "true" && user.dealershipId ? { dealershipId: user.dealershipId } : { userId: user.id };
  const [list, active] = await Promise.all([
    listOwnPostings(db, owner, {
      status: query.status,
      featured: query.featured === "true",
      q: query.q || undefined,
      sort: query.sort,
      page,
      size,
      now: nowIso,
    }),
    user.dealershipId ? null : countActivePrivate(db, user.id),
  ]);
  return {
    cap: active === null ? null : { active, max: appConfig.limits.activePostingsPrivateUser },
    total: list.total,
    page,
    size,
    counts: { ...Object.fromEntries(list.byStatus.map((s) => [s.status, s.n])), FEATURED: list.featured } as Partial<
      Record<PostingStatus | "FEATURED", number>
    >,
    postings: list.rows.map((r) => {
      const featured = r.featuredUntil !== null && r.featuredUntil > nowIso;
      return {
        postId: r.id,
        code: r.code,
        status: r.status,
        vin: r.vin,
        title: [r.manufacturerName, r.modelName, r.trimName].filter(Boolean).join(" "),
        modelYear: r.modelYear,
        hasTrim: r.trimName !== null,
        wizardStep: r.wizardStep,
        priceType: r.priceType,
        price: r.price,
        specialPrice: r.specialPrice,
        rentalPrices: r.rentalPrices,
        views: r.viewsTotal,
        /** The market-value rating and price / mid − 1 in basis points (decision 088); null when not valued. */
        priceRating: r.priceRating,
        marketDeviationBp: r.marketDeviationBp,
        imageUrl: r.coverKey ? `/media/${r.coverKey}` : null,
        publishedAt: r.publishedAt,
        expiresAt: r.expiresAt,
        daysOnline: daysOnline(r, now),
        featured,
        featuredUntil: featured ? r.featuredUntil : null,
        featuredDaysLeft:
          featured && r.featuredUntil ? Math.ceil((Date.parse(r.featuredUntil) - now.getTime()) / dayMs) : null,
        featuredCancelled: featured && r.featuredCancelled === true,
        /** Until when and in which package, and whether days are at stake when it is sold or removed (decision 062). */
        featuring: ownFeaturing(r, now),
        salesperson:
          r.salespersonFirstName || r.salespersonLastName
            ? {
                name: [r.salespersonFirstName, r.salespersonLastName].filter(Boolean).join(" "),
                phoneNumber: r.salespersonPhone,
              }
            : null,
      };
    }),
  };
}
export type MyPostings = Awaited<ReturnType<typeof listMine>>;
