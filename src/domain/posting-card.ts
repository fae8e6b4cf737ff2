import type { BadgeType } from "./enums/posting";

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
};

export type SearchResponse = { total: number; results: PostingCard[] };
