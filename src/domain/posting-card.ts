import type { BadgeType } from "./enums/posting";
import type { PriceRating } from "./market-value/rating";

/** A posting as search results, carousels and cards show it (spec section 3 carousel item plus card facts). */
export type PostingCard = {
  postId: number;
  code: string;
  /** PUBLISHED, or SOLD when sold postings were asked for (includeSold): cards then say "Prodano". */
  status?: string;
  imageUrl: string | null;
  manufacturer: string | null;
  manufacturerName: string | null;
  modelName: string | null;
  vehicleManufacturerName: string | null;
  vehicleBaseModelName: string | null;
  trimName: string | null;
  priceType: string;
  price: number | null;
  specialPrice: number | null;
  rentalPrices: { price: number; interval: string }[];
  badge: BadgeType | null;
  badges: BadgeType[];
  year: number | null;
  firstRegistration: string | null;
  mileage: number | null;
  fuel: string | null;
  powerKw: number | null;
  transmission: string | null;
  region: string | null;
  condition: string | null;
  arriving: boolean;
  featured: boolean;
  /** The featuring package while featured (EXPOSED packages get the stronger look). */
  featuredPackage?: string | null;
  sellerType: "dealer" | "person";
  publishedAt: string | null;
  /** The market-value rating (decision 088); null when not valued. */
  priceRating?: PriceRating | null;
  /** The price came down (cents, positive) within the last `priceDropDays` days; null otherwise. */
  priceDrop?: number | null;
};

/** How long a card keeps its "price dropped" mark. */
export const priceDropDays = 30;

export type SearchResponse = { total: number; results: PostingCard[] };
