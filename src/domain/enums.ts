// Every enumeration of the product, with Slovenian labels.
// Values mirror the backend/API wire format exactly, so they must never be "fixed"
// (e.g. MALFUCTIONING is misspelled on purpose).

/** Generic lookup that never throws and never leaks `undefined` into the UI. */
export function labelOf<T extends string | number>(
  labels: Record<T, string>,
  value: string | number | null | undefined,
): string {
  if (value === null || value === undefined) return "";
  // Own-property check so values like "toString" don't resolve to prototype members.
  if (!Object.hasOwn(labels, value)) return "";
  const label: unknown = (labels as Record<string | number, unknown>)[value];
  return typeof label === "string" ? label : "";
}

/** Type guard for narrowing untrusted input (query params, API payloads) to an enum value. */
export function isOneOf<T extends string | number>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

export const postingStatuses = ["DRAFT", "PUBLISHED", "EXPIRED", "REMOVED", "SOLD"] as const;
export type PostingStatus = (typeof postingStatuses)[number];
export const postingStatusLabels: Record<PostingStatus, string> = {
  DRAFT: "Osnutek",
  PUBLISHED: "Aktiven",
  EXPIRED: "Potekel",
  REMOVED: "Neaktiven",
  SOLD: "Prodan",
};

/** Status changes a seller may make (spec leaves them open; decision 012): the server enforces them, lists offer them. */
export const postingTransitions: Record<PostingStatus, PostingStatus[]> = {
  DRAFT: [],
  PUBLISHED: ["SOLD", "REMOVED"],
  SOLD: ["PUBLISHED"],
  REMOVED: ["PUBLISHED"],
  EXPIRED: ["PUBLISHED"],
};

export const arrivalStates = ["ARRIVING", "READY"] as const;
export type ArrivalState = (typeof arrivalStates)[number];
export const arrivalStateLabels: Record<ArrivalState, string> = {
  ARRIVING: "V prihodu",
  READY: "Takoj na voljo",
};

export const badgeTypes = ["PROMISING", "VERIFIED", "GOOD_BUY", "FINANCING"] as const;
export type BadgeType = (typeof badgeTypes)[number];
export const badgeTypeLabels: Record<BadgeType, string> = {
  PROMISING: "Obetavno",
  VERIFIED: "Preverjeno",
  GOOD_BUY: "Dober nakup",
  FINANCING: "Financiranje",
};

export const bodyColors = [
  "WHITE",
  "SILVER",
  "BLACK",
  "GRAY",
  "BLUE",
  "RED",
  "BEIGE",
  "GREEN",
  "OTHER",
  "DARK_GRAY",
  "LIGHT_GRAY",
  "BROWN",
  "BORDEAUX_RED",
] as const;
export type BodyColor = (typeof bodyColors)[number];
export const bodyColorLabels: Record<BodyColor, string> = {
  WHITE: "Bela",
  SILVER: "Srebrna",
  BLACK: "Črna",
  GRAY: "Siva",
  BLUE: "Modra",
  RED: "Rdeča",
  BEIGE: "Bež",
  GREEN: "Zelena",
  OTHER: "Druga",
  DARK_GRAY: "Temno siva",
  LIGHT_GRAY: "Svetlo siva",
  BROWN: "Rjava",
  BORDEAUX_RED: "Bordo rdeča",
};
// Typical factory paint tones rather than pure RGB primaries, so generated car
// pictures look like real cars; OTHER is a neutral champagne that reads as "some colour".
export const bodyColorHex: Record<BodyColor, string> = {
  WHITE: "#F2F3EF",
  SILVER: "#C3C7CB",
  BLACK: "#1C1D20",
  GRAY: "#7E8388",
  BLUE: "#1F4A8A",
  RED: "#B0161E",
  BEIGE: "#D6C7A4",
  GREEN: "#2E5B3C",
  OTHER: "#A89A7E",
  DARK_GRAY: "#3D4246",
  LIGHT_GRAY: "#B4B8BA",
  BROWN: "#5A3E2E",
  BORDEAUX_RED: "#6A1627",
};

export const interiorColors = [
  "WHITE",
  "BLACK",
  "LIGHT_GRAY",
  "DARK_GRAY",
  "BEIGE",
  "BROWN",
  "BLUE",
  "RED",
  "BORDEAUX_RED",
  "GREEN",
  "OTHER",
] as const;
export type InteriorColor = (typeof interiorColors)[number];
export const interiorColorLabels: Record<InteriorColor, string> = {
  WHITE: "Bela",
  BLACK: "Črna",
  LIGHT_GRAY: "Svetlo siva",
  DARK_GRAY: "Temno siva",
  BEIGE: "Bež",
  BROWN: "Rjava",
  BLUE: "Modra",
  RED: "Rdeča",
  BORDEAUX_RED: "Bordo rdeča",
  GREEN: "Zelena",
  OTHER: "Druga",
};

export const bodyTypes = [
  "STATION_WAGON",
  "SALOON",
  "COUPE",
  "CONVERTIBLE",
  "SUV",
  "MINIVAN",
  "HATCHBACK",
  "VAN",
  "PICKUP",
] as const;
export type BodyType = (typeof bodyTypes)[number];
export const bodyTypeLabels: Record<BodyType, string> = {
  STATION_WAGON: "Karavan",
  SALOON: "Limuzina",
  COUPE: "Kupe",
  CONVERTIBLE: "Kabriolet",
  SUV: "SUV",
  MINIVAN: "Enoprostorec",
  HATCHBACK: "Kombilimuzina",
  VAN: "Kombi",
  PICKUP: "Pick-up",
};

export const energyClasses = ["A+", "A", "B", "C", "D", "E", "F", "G"] as const;
export type EnergyClass = (typeof energyClasses)[number];
export const energyClassLabels: Record<EnergyClass, string> = {
  "A+": "A+",
  A: "A",
  B: "B",
  C: "C",
  D: "D",
  E: "E",
  F: "F",
  G: "G",
};

export const damageStates = ["UNDAMAGED", "MALFUCTIONING", "DAMAGED", "CRASHED"] as const;
export type DamageState = (typeof damageStates)[number];
export const damageStateLabels: Record<DamageState, string> = {
  UNDAMAGED: "Nepoškodovano",
  MALFUCTIONING: "V okvari",
  DAMAGED: "Poškodovano",
  CRASHED: "Karambolirano",
};

export const periodUnits = ["DAY", "MONTH", "YEAR"] as const;
export type PeriodUnit = (typeof periodUnits)[number];
export const periodUnitLabels: Record<PeriodUnit, string> = {
  DAY: "Dan",
  MONTH: "Mesec",
  YEAR: "Leto",
};

export const rentalIntervals = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type RentalInterval = (typeof rentalIntervals)[number];
// Lower-case because they are appended to a price ("45 € na dan").
export const rentalIntervalLabels: Record<RentalInterval, string> = {
  DAILY: "na dan",
  WEEKLY: "na teden",
  MONTHLY: "na mesec",
  YEARLY: "na leto",
};

export const driveWheels = ["FRONT", "REAR", "BOTH"] as const;
export type DriveWheel = (typeof driveWheels)[number];
export const driveWheelLabels: Record<DriveWheel, string> = {
  FRONT: "Prednji pogon",
  REAR: "Zadnji pogon",
  BOTH: "Štirikolesni pogon (4x4)",
};

export const euroStandards = [
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "5a",
  "5b",
  "6",
  "6b",
  "6c",
  "6d-Temp",
  "6d",
  "6e",
] as const;
export type EuroStandard = (typeof euroStandards)[number];
export const euroStandardLabels: Record<EuroStandard, string> = {
  "0": "Euro 0",
  "1": "Euro 1",
  "2": "Euro 2",
  "3": "Euro 3",
  "4": "Euro 4",
  "5": "Euro 5",
  "5a": "Euro 5a",
  "5b": "Euro 5b",
  "6": "Euro 6",
  "6b": "Euro 6b",
  "6c": "Euro 6c",
  "6d-Temp": "Euro 6d-Temp",
  "6d": "Euro 6d",
  "6e": "Euro 6e",
};

export const entryModes = ["VIN_ENTRY", "MANUAL_ENTRY"] as const;
export type EntryMode = (typeof entryModes)[number];
export const entryModeLabels: Record<EntryMode, string> = {
  VIN_ENTRY: "Vnos s številko šasije",
  MANUAL_ENTRY: "Ročni vnos",
};

export const metallicPaints = ["ALWAYS", "SOMETIMES", "NEVER"] as const;
export type MetallicPaint = (typeof metallicPaints)[number];
export const metallicPaintLabels: Record<MetallicPaint, string> = {
  ALWAYS: "Vedno metalik",
  SOMETIMES: "Včasih metalik",
  NEVER: "Nikoli metalik",
};

export const fieldErrorKinds = ["MISSING", "INVALID"] as const;
export type FieldErrorKind = (typeof fieldErrorKinds)[number];
export const fieldErrorKindLabels: Record<FieldErrorKind, string> = {
  MISSING: "Manjka",
  INVALID: "Neveljavno",
};

export const inspectionProducts = ["SUMMIT_PREVERJENO", "SUMMIT_PREVERJENO_PLUS"] as const;
export type InspectionProduct = (typeof inspectionProducts)[number];
export const inspectionProductLabels: Record<InspectionProduct, string> = {
  SUMMIT_PREVERJENO: "Summit Preverjeno",
  SUMMIT_PREVERJENO_PLUS: "Summit Preverjeno Plus",
};

// NONE exists in some legacy payloads but is deliberately not a selectable fuel.
export const fuels = ["PETROL", "DIESEL", "GAS", "HYBRID", "ELECTRIC", "OTHER"] as const;
export type Fuel = (typeof fuels)[number];
export const fuelLabels: Record<Fuel, string> = {
  PETROL: "Bencin",
  DIESEL: "Dizel",
  GAS: "Plin",
  HYBRID: "Hibrid",
  ELECTRIC: "Elektrika",
  OTHER: "Drugo",
};

export const interiorMaterials = [
  "ALCANTARA",
  "LEATHER",
  "NAPA_LEATHER",
  "SYNTHETIC_LEATHER",
  "PART_LEATHER",
  "DESIGNO_LEATHER",
  "TEXTILE",
  "VELOUR",
  "OTHER",
] as const;
export type InteriorMaterial = (typeof interiorMaterials)[number];
export const interiorMaterialLabels: Record<InteriorMaterial, string> = {
  ALCANTARA: "Alcantara",
  LEATHER: "Usnje",
  NAPA_LEATHER: "Napa usnje",
  SYNTHETIC_LEATHER: "Umetno usnje",
  PART_LEATHER: "Delno usnje",
  DESIGNO_LEATHER: "Designo usnje",
  TEXTILE: "Blago",
  VELOUR: "Velur",
  OTHER: "Drugo",
};

export const contactStatuses = ["MISSING_EMAIL", "MISSING_PHONE", "OK"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabels: Record<ContactStatus, string> = {
  MISSING_EMAIL: "Manjka e-poštni naslov",
  MISSING_PHONE: "Manjka telefonska številka",
  OK: "V redu",
};

export const postingTypes = ["NORMAL", "CORRECTED"] as const;
export type PostingType = (typeof postingTypes)[number];
export const postingTypeLabels: Record<PostingType, string> = {
  NORMAL: "Običajen",
  CORRECTED: "Popravljen",
};

export const advertisingStates = ["ADVERTISED", "ADVERTISED_NON_CANCELLABLE", "NOT_ADVERTISED"] as const;
export type AdvertisingState = (typeof advertisingStates)[number];
export const advertisingStateLabels: Record<AdvertisingState, string> = {
  ADVERTISED: "Oglaševano",
  ADVERTISED_NON_CANCELLABLE: "Oglaševano (preklic ni mogoč)",
  NOT_ADVERTISED: "Ni oglaševano",
};

export const postingAges = ["TODAY", "P1D", "P3D", "P7D"] as const;
export type PostingAge = (typeof postingAges)[number];
export const postingAgeLabels: Record<PostingAge, string> = {
  TODAY: "Danes",
  P1D: "Zadnji dan",
  P3D: "Zadnji 3 dnevi",
  P7D: "Zadnjih 7 dni",
};

export const postingFileTypes = [
  "SERVICE_BOOKLET",
  "INVOICE",
  "VEHICLE_INSPECTION_REPORT",
  "DAMAGE_PICTURE",
  "EXTERIOR_PICTURE",
  "INTERIOR_PICTURE",
  "AMZS_WARRANTY",
  "EXTENDED_WARRANTY",
  "FACTORY_WARRANTY",
  "OTHER_WARRANTY",
  "BADGE_PROMISING",
  "BADGE_VERIFIED",
  "BADGE_GOOD_BUY",
] as const;
export type PostingFileType = (typeof postingFileTypes)[number];
export const postingFileTypeLabels: Record<PostingFileType, string> = {
  SERVICE_BOOKLET: "Servisna knjižica",
  INVOICE: "Račun",
  VEHICLE_INSPECTION_REPORT: "Poročilo o pregledu vozila",
  DAMAGE_PICTURE: "Slika poškodbe",
  EXTERIOR_PICTURE: "Slika zunanjosti",
  INTERIOR_PICTURE: "Slika notranjosti",
  AMZS_WARRANTY: "Garancija AMZS",
  EXTENDED_WARRANTY: "Podaljšana garancija",
  FACTORY_WARRANTY: "Tovarniška garancija",
  OTHER_WARRANTY: "Druga garancija",
  BADGE_PROMISING: "Značka Obetavno",
  BADGE_VERIFIED: "Značka Preverjeno",
  BADGE_GOOD_BUY: "Značka Dober nakup",
};

// Older records were stored with "SERVICEBOOKLET"; accept it so those files still resolve.
const legacyPostingFileTypes: Readonly<Record<string, PostingFileType>> = {
  SERVICEBOOKLET: "SERVICE_BOOKLET",
};

export function normalizePostingFileType(v: string): PostingFileType | null {
  const key = v.trim().toUpperCase();
  if (isOneOf(postingFileTypes, key)) return key;
  return Object.hasOwn(legacyPostingFileTypes, key) ? (legacyPostingFileTypes[key] ?? null) : null;
}

export const inspectionDocumentTypes = ["INVOICE", "REPORT", "SERVICE_BOOK", "OTHER"] as const;
export type InspectionDocumentType = (typeof inspectionDocumentTypes)[number];
export const inspectionDocumentTypeLabels: Record<InspectionDocumentType, string> = {
  INVOICE: "Račun",
  REPORT: "Poročilo",
  SERVICE_BOOK: "Servisna knjiga",
  OTHER: "Drugo",
};

export const priceTypes = [
  "NORMAL",
  "SPECIAL_OFFER",
  "WITH_FINANCING",
  "NEGOTIABLE",
  "FINAL_PRICE",
  "RENTAL_ONLY",
] as const;
export type PriceType = (typeof priceTypes)[number];
export const priceTypeLabels: Record<PriceType, string> = {
  NORMAL: "Redna cena",
  SPECIAL_OFFER: "Akcijska cena",
  WITH_FINANCING: "Cena s financiranjem",
  NEGOTIABLE: "Cena po dogovoru",
  FINAL_PRICE: "Končna cena",
  RENTAL_ONLY: "Samo najem",
};

// WITH_RENTAL_OPTIONS is a search filter only; a posting can never carry it as its price type.
export const searchPriceTypes = [...priceTypes, "WITH_RENTAL_OPTIONS"] as const;
export type SearchPriceType = (typeof searchPriceTypes)[number];
export const searchPriceTypeLabels: Record<SearchPriceType, string> = {
  ...priceTypeLabels,
  WITH_RENTAL_OPTIONS: "Z možnostjo najema",
};

export const roofTypes = ["NORMAL", "SUNROOF", "CANVAS", "TARGA", "HARDTOP", "HARDTOP_READY"] as const;
export type RoofType = (typeof roofTypes)[number];
export const roofTypeLabels: Record<RoofType, string> = {
  NORMAL: "Običajna streha",
  SUNROOF: "Strešno okno",
  CANVAS: "Platnena streha",
  TARGA: "Targa",
  HARDTOP: "Trda streha (hardtop)",
  HARDTOP_READY: "Pripravljeno za trdo streho",
};

export const postingSources = ["USER", "AI", "FE_AUTO"] as const;
export type PostingSource = (typeof postingSources)[number];
export const postingSourceLabels: Record<PostingSource, string> = {
  USER: "Uporabnik",
  AI: "Umetna inteligenca",
  FE_AUTO: "Samodejno",
};

export const sellerTypes = ["dealer", "person"] as const;
export type SellerType = (typeof sellerTypes)[number];
export const sellerTypeLabels: Record<SellerType, string> = {
  dealer: "Trgovec",
  person: "Zasebnik",
};

export const regions = [
  "SLOVENIJA",
  "LJUBLJANA",
  "MARIBOR",
  "CELJE",
  "KRANJ",
  "GORICA",
  "KOPER",
  "NOVO MESTO",
  "MURSKA SOBOTA",
] as const;
export type Region = (typeof regions)[number];
export const regionLabels: Record<Region, string> = {
  SLOVENIJA: "Vsa Slovenija",
  LJUBLJANA: "Ljubljana",
  MARIBOR: "Maribor",
  CELJE: "Celje",
  KRANJ: "Kranj",
  GORICA: "Nova Gorica",
  KOPER: "Koper",
  "NOVO MESTO": "Novo mesto",
  "MURSKA SOBOTA": "Murska Sobota",
};

export const loginProviders = ["google", "meta", "apple", "x", "email"] as const;
export type LoginProvider = (typeof loginProviders)[number];
export const loginProviderLabels: Record<LoginProvider, string> = {
  google: "Google",
  meta: "Meta",
  apple: "Apple",
  x: "X",
  email: "E-pošta",
};

export const transmissions = ["M", "A", "SEMI_A"] as const;
export type Transmission = (typeof transmissions)[number];
export const transmissionLabels: Record<Transmission, string> = {
  M: "Ročni",
  A: "Avtomatski",
  SEMI_A: "Polavtomatski",
};

export const rimsMaterials = ["ALU", "STEEL"] as const;
export type RimsMaterial = (typeof rimsMaterials)[number];
export const rimsMaterialLabels: Record<RimsMaterial, string> = {
  ALU: "Aluminijasta platišča",
  STEEL: "Jeklena platišča",
};

export const vehicleConditions = ["BRAND_NEW", "TESTING", "USED"] as const;
export type VehicleCondition = (typeof vehicleConditions)[number];
export const vehicleConditionLabels: Record<VehicleCondition, string> = {
  BRAND_NEW: "Novo",
  TESTING: "Testno",
  USED: "Rabljeno",
};

export const registrationStates = ["NOT_REGISTERED", "REGISTERED"] as const;
export type RegistrationState = (typeof registrationStates)[number];
export const registrationStateLabels: Record<RegistrationState, string> = {
  NOT_REGISTERED: "Neregistrirano",
  REGISTERED: "Registrirano",
};

// Numeric because they are compared as thresholds ("score above n").
export const scoreLevels = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ScoreLevel = (typeof scoreLevels)[number];
export const scoreLevelLabels: Record<ScoreLevel, string> = {
  1: "nad 1",
  2: "nad 2",
  3: "nad 3",
  4: "nad 4",
  5: "nad 5",
  6: "nad 6",
  7: "nad 7",
  8: "nad 8",
};

export const warrantyTypes = ["AMZS_WARRANTY", "EXTENDED_WARRANTY", "FACTORY_WARRANTY", "OTHER_WARRANTY"] as const;
export type WarrantyType = (typeof warrantyTypes)[number];
export const warrantyTypeLabels: Record<WarrantyType, string> = {
  AMZS_WARRANTY: "Garancija AMZS",
  EXTENDED_WARRANTY: "Podaljšana garancija",
  FACTORY_WARRANTY: "Tovarniška garancija",
  OTHER_WARRANTY: "Druga garancija",
};

// Internal onboarding state only; never shown to users, hence no labels.
export const userRegistrationStatuses = ["MISSINGPHONE", "MISSINGEMAIL"] as const;
export type UserRegistrationStatus = (typeof userRegistrationStatuses)[number];

export const dealershipRoles = ["HEAD", "SALESPERSON"] as const;
export type DealershipRole = (typeof dealershipRoles)[number];
export const dealershipRoleLabels: Record<DealershipRole, string> = {
  HEAD: "Vodja",
  SALESPERSON: "Prodajalec",
};

/** Sort orders of the posting lists (my postings, the dealer's stock). */
export const postingListSorts = ["updated", "published", "price-asc", "price-desc", "views", "featured"] as const;
export type PostingListSort = (typeof postingListSorts)[number];
