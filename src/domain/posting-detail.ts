import type { PriceRating } from "./market-value/rating";
import type { Valuation } from "./market-value/valuate";
import type { WeekHours } from "./opening-hours";
import type { OwnFeaturing } from "./featuring";
import type { ShownFinancingOffer } from "./financing";
import { ljubljanaDay } from "./ljubljana-time";
import type { BadgeType } from "./enums/posting";
import type { PostingLevelFieldValues, VehicleFieldValues } from "./posting-field-table/table";

/** A picture or document of a posting, served from R2 at /media/<key>. */
export type PostingFile = {
  url: string;
  fileType: string;
  documentType: string | null;
  mimeType: string;
  name: string | null;
  /** A document's date (YYYY-MM-DD): the one the seller gave, else the upload day in Ljubljana; null for a picture (decision 058). */
  documentDate: string | null;
  width: number | null;
  height: number | null;
};

/** A stored file as the API shows it: its media URL and what the page needs to draw or list it. */
export function toPostingFile(f: {
  objectKey: string;
  fileType: string;
  documentType: string | null;
  mimeType: string;
  originalName: string | null;
  documentDate?: string | null;
  createdAt?: string | null;
  width: number | null;
  height: number | null;
}): PostingFile {
  const uploaded = f.createdAt ? new Date(f.createdAt) : null;
  return {
    url: `/media/${f.objectKey}`,
    fileType: f.fileType,
    documentType: f.documentType,
    mimeType: f.mimeType,
    name: f.originalName,
    documentDate: pictureFileTypes.has(f.fileType)
      ? null
      : (f.documentDate ?? (uploaded && !Number.isNaN(uploaded.getTime()) ? ljubljanaDay(uploaded) : null)),
    width: f.width,
    height: f.height,
  };
}

export type ContactPerson = { name: string | null; phone: string | null; email: string | null };

/** What a posting shows of its salesperson (issue 19, rule 1): the name and the contact phone, never an e-mail or id. */
export type SalespersonContact = { name: string | null; phone: string | null };

/** `GET postings/{code}`: everything the posting page shows (money in integer cents, decision 050). */
/** A posting's market value as its page shows it (issue 28, decision 088); cents. Not valued: null. */
export type PostingMarketValue = Omit<Valuation, "postingId" | "rating"> & { rating: PriceRating; computedAt: string };

export type PostingDetail = PostingLevelFieldValues & {
  postId: number;
  code: string;
  status: "DRAFT" | "PUBLISHED" | "EXPIRED" | "REMOVED" | "SOLD";
  sold: boolean;
  /** Null when the seller hides it. */
  vin: string | null;
  hiddenVin: boolean;
  manufacturerCode: string | null;
  manufacturerName: string | null;
  modelName: string | null;
  /** The model family's code: the comparables' search names it. */
  modelCode: string | null;
  seriesName: string | null;
  priceType: string;
  hasRentalOptions: boolean;
  rentalPrices: { price: number; interval: string }[];
  financingOffers: ShownFinancingOffer[];
  badges: BadgeType[];
  badgeVerifiedDescription: string | null;
  badgeGoodBuyDescription: string | null;
  verifiedAt: string | null;
  arrivalState: "ARRIVING" | "READY" | null;
  views: number;
  publishedAt: string | null;
  featured: boolean;
  /** Null when the posting is not valued (a new car, rental only, not yet in a daily run). */
  marketValue: PostingMarketValue | null;
  /** The latest changes of the asking price, newest first. */
  priceHistory: { oldPrice: number | null; newPrice: number | null; changedAt: string }[];
  /** The table's vehicle fields (decision 055) and two the seller does not edit. */
  vehicle: VehicleFieldValues & { slovenianVehicle: boolean; energyClass: string | null };
  warranty: { type: string; months: number | null } | null;
  /** Each item once with its kind (a PACKAGE item may name its package); `descriptor` is the additional-equipment descriptor for the posting's make, if any. */
  equipment: {
    code: string;
    kind: "SERIAL" | "ADDITIONAL" | "PACKAGE";
    packageName: string | null;
    descriptor: {
      name: string;
      link: string | null;
      videoId: string | null;
      text: string | null;
      articleLink: string | null;
    } | null;
  }[];
  externalUrl: string | null;
  pictures: PostingFile[];
  documents: PostingFile[];
  history: {
    odometer: { date: string; km: number }[];
    ownerAge: { from: string; to: string | null; ownerType: string }[];
    registrationOutcomes: { date: string; outcome: string; km: number | null }[];
  };
  register: { checkedAt: string; stolen: boolean; pledged: boolean } | null;
  seller: {
    type: "dealer" | "person";
    dealer: {
      code: string | null;
      name: string;
      address: string | null;
      postalCode: string | null;
      city: string | null;
      logoUrl: string | null;
      webPage: string | null;
      /**
       * `weekdays`/`saturday`: the spec's two lines; `week`: each day (decision 072); `summary`: the week as the
       * page shows it ("Pon–pet 8.00–16.00", "Sob 8.00–12.00", "Ned zaprto"), written on the server so the posting
       * page carries no opening-hours code.
       */
      hours: { weekdays: string | null; saturday: string | null; week: WeekHours; summary: string[] };
    } | null;
    contact: ContactPerson;
    region: string | null;
    place: string | null;
    salesperson: SalespersonContact | null;
    /** The dealership's contacts marked "add to all postings". */
    contacts: { name: string; phone: string | null; email: string | null; comment: string | null }[];
  };
  article: { title: string; summary: string | null; link: string | null; imageUrl: string | null } | null;
  /** The signed-in viewer owns the posting (or works for its dealership). */
  viewerCanEdit: boolean;
  /** For the posting's seller only (owner or dealership colleague), else null: the owner bar's data. */
  owner: { featuring: OwnFeaturing | null } | null;
};

/** File types that are pictures of the car (gallery); everything else is a document (services and invoices). */
export const pictureFileTypes = new Set(["EXTERIOR_PICTURE", "INTERIOR_PICTURE", "DAMAGE_PICTURE"]);
