import type { FinancingOffer } from "./financing";
import type { BadgeType } from "./enums/posting";

/** A picture or document of a posting, served from R2 at /media/<key>. */
export type PostingFile = {
  url: string;
  fileType: string;
  documentType: string | null;
  mimeType: string;
  name: string | null;
  width: number | null;
  height: number | null;
};

export type ContactPerson = { name: string | null; phone: string | null; email: string | null };

/** What a posting shows of its salesperson (issue 19, rule 1): the name and the contact phone, never an e-mail or id. */
export type SalespersonContact = { name: string | null; phone: string | null };

/** `GET postings/{code}`: everything the posting page shows (money in integer cents, decision 050). */
export type PostingDetail = {
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
  seriesName: string | null;
  trimName: string | null;
  priceType: string;
  price: number | null;
  specialPrice: number | null;
  financingPrice: number | null;
  priceWithoutVat: number | null;
  vatDeductible: boolean;
  cashDiscount: number | null;
  leaseTakeover: boolean;
  swap: boolean;
  hasRentalOptions: boolean;
  rentalPrices: { price: number; interval: string }[];
  financingOffers: FinancingOffer[];
  badges: BadgeType[];
  badgeVerifiedDescription: string | null;
  badgeGoodBuyDescription: string | null;
  verifiedAt: string | null;
  arrivalState: "ARRIVING" | "READY" | null;
  views: number;
  publishedAt: string | null;
  featured: boolean;
  vehicle: {
    condition: string | null;
    modelYear: number | null;
    firstRegistration: string | null;
    firstRegistrationCountry: string | null;
    slovenianVehicle: boolean;
    odometerKm: number | null;
    previousOwners: number | null;
    damage: string | null;
    fuel: string | null;
    powerKw: number | null;
    displacementCcm: number | null;
    transmission: string | null;
    driveWheels: string | null;
    bodyType: string | null;
    doors: number | null;
    seats: number | null;
    color: string | null;
    metallic: boolean;
    interiorColor: string | null;
    interiorMaterial: string | null;
    roofType: string | null;
    consumptionCity: number | null;
    consumptionHighway: number | null;
    consumptionCombined: number | null;
    co2: number | null;
    euroStandard: string | null;
    energyClass: string | null;
    batteryKwh: number | null;
    rangeKm: number | null;
    rimsMaterial: string | null;
    rimsSize: number | null;
    airbags: number | null;
    serviceBook: boolean;
  };
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
  description: string | null;
  view360Url: string | null;
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
      hours: { weekdays: string | null; saturday: string | null };
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
};

/** File types that are pictures of the car (gallery); everything else is a document (services and invoices). */
export const pictureFileTypes = new Set(["EXTERIOR_PICTURE", "INTERIOR_PICTURE", "DAMAGE_PICTURE"]);
