import { z } from "~/domain/zod-locale";
import { appConfig } from "~/app.config";

export const postingSorts = ["newest", "priceAsc", "priceDesc", "mileageAsc", "mileageDesc", "yearDesc", "yearAsc", "powerDesc", "popular"] as const;

/** Garbage never fails a search: an unusable page becomes 0, an unknown sort the default. */
const lenientInt = (fallback: number, min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .catch(undefined)
    .transform((v) => {
      const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
      return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : fallback;
    });

export const marketplaceSearchQuerySchema = z.object({
  page: lenientInt(0, 0, 10_000),
  size: lenientInt(appConfig.limits.searchPageSize, 1, appConfig.limits.maxSearchPageSize),
  sort: z.enum(postingSorts).catch("newest"),
});
export type MarketplaceSearchQuery = z.infer<typeof marketplaceSearchQuerySchema>;
