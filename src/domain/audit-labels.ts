import { regionLabels } from "./enums/dealer";
import { labelOf } from "./enums/labels";
import { postingTypeLabels, priceTypeLabels } from "./enums/posting";
import { formatDate, formatDateTime, formatPrice } from "./format";

// The audit log in Slovenian (issue 25, decision 074). The tables are plain strings in the domain, as the
// enumerations' labels are: a message per key would put the whole catalogue in the admin's chunk.

/** Every action the writers store, with what the log says about it. */
export const auditActionLabels = {
  "posting-review.save": "Pregled oglasa shranjen",
  "impersonate.start": "Prevzem računa začet",
  "impersonate.stop": "Prevzem računa končan",
  "amzs-membership-verify": "Članstvo AMZS potrjeno",
  "amzs-membership-unverify": "Potrditev članstva AMZS preklicana",
  "article.create": "Članek dodan",
  "article.update": "Članek spremenjen",
  "article.delete": "Članek izbrisan",
  "equipment-descriptor.create": "Opis opreme dodan",
  "equipment-descriptor.update": "Opis opreme spremenjen",
  "equipment-descriptor.delete": "Opis opreme izbrisan",
  "model-admin.save": "Razvrstitev modelov shranjena",
  "dealer.create": "Poslovna enota dodana",
  "dealer.update": "Poslovna enota spremenjena",
  "dealer.delete": "Poslovna enota izbrisana",
  "dealer.credit-days": "Dnevi oglaševanja dodeljeni",
  "dealer-network.create": "Poslovna mreža dodana",
  "dealer-network.update": "Poslovna mreža spremenjena",
  "dealer-network.delete": "Poslovna mreža izbrisana",
  "dealerSignup.confirm": "Prijava trgovca potrjena",
  "dealerSignup.reject": "Prijava trgovca zavrnjena",
  "salesperson.add": "Svetovalec dodan",
  "salesperson.remove": "Svetovalec odstranjen",
} as const satisfies Record<string, string>;

/** A write made while impersonating is logged as its request ("POST /internal-api/v1/…"). */
export type RequestAuditAction = `${"POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;
export type AuditAction = keyof typeof auditActionLabels | RequestAuditAction;
/** The action of a write made while impersonating (the middleware logs every such request). */
export const requestAuditAction = (method: string, path: string) =>
  `${method.toUpperCase()} ${path}` as RequestAuditAction;

/** Every kind of record the log names, as a Slovenian noun. */
export const auditEntityLabels = {
  posting: "oglas",
  user: "uporabnik",
  article: "članek",
  equipment_descriptor: "opis opreme",
  manufacturer: "znamka",
  dealership: "poslovna enota",
  dealership_network: "poslovna mreža",
  dealer_signup_request: "prijava trgovca",
  salesperson: "svetovalec",
  request: "zahteva",
} as const satisfies Record<string, string>;
export type AuditEntity = keyof typeof auditEntityLabels;

/** The fields of the snapshots (rows of the tables the writers change, and their own summaries). */
export const auditFieldLabels: Record<string, string> = {
  id: "ID",
  code: "Koda",
  name: "Naziv",
  publicName: "Javno ime",
  title: "Naslov",
  subtitle: "Podnaslov",
  summary: "Povzetek",
  body: "Besedilo",
  moreLink: "Povezava »Več«",
  position: "Položaj",
  imageKey: "Slika",
  expiresAt: "Velja do",
  createdAt: "Ustvarjeno",
  updatedAt: "Spremenjeno",
  address: "Naslov",
  postalCode: "Poštna številka",
  city: "Kraj",
  region: "Regija",
  email: "E-pošta",
  phone: "Telefon",
  phoneNumber: "Mobilna številka",
  webPage: "Spletna stran",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  logoKey: "Logotip",
  bannerKey: "Pasica",
  brands: "Znamke",
  networkId: "Poslovna mreža",
  network: "Poslovna mreža",
  advertisingDays: "Dnevi oglaševanja",
  amount: "Število dni",
  reason: "Razlog",
  subscriptionEndDate: "Naročnina do",
  buyerNumber: "Številka kupca",
  taxNumber: "Davčna številka",
  registrationNumber: "Matična številka",
  responsibleFirstName: "Ime odgovorne osebe",
  responsibleLastName: "Priimek odgovorne osebe",
  responsiblePhone: "Telefon odgovorne osebe",
  responsibleEmail: "E-pošta odgovorne osebe",
  remark: "Opomba",
  weekdayFrom: "Delavniki od",
  weekdayTo: "Delavniki do",
  saturdayFrom: "Sobota od",
  saturdayTo: "Sobota do",
  openingHours: "Delovni čas",
  contacts: "Kontakti",
  salespeople: "Svetovalci",
  members: "Člani",
  dealershipId: "Poslovna enota",
  dealershipCode: "Poslovna enota",
  firstName: "Ime",
  lastName: "Priimek",
  userId: "Uporabnik",
  invitedAt: "Povabljen",
  inviteTokenHash: "Povabilo",
  declinedAt: "Povabilo zavrnjeno",
  head: "Vodja",
  equipmentCode: "Koda opreme",
  displayName: "Prikazno ime",
  videoId: "Video",
  description: "Opis",
  category: "Kategorija",
  link: "Povezava",
  articleLink: "Povezava do članka",
  limitedToMakes: "Samo za znamke",
  priceType: "Vrsta cene",
  price: "Cena",
  specialPrice: "Akcijska cena",
  searchPrice: "Cena za iskanje",
  odometerKm: "Prevoženi kilometri",
  modelYear: "Letnik",
  badgeVerified: "Značka Preverjeno",
  badgeGoodBuy: "Značka Dober nakup",
  badgePromising: "Značka Obetavno",
  badgeFinancing: "Značka Financiranje",
  badgeVerifiedDescription: "Opis značke Preverjeno",
  badgeGoodBuyDescription: "Opis značke Dober nakup",
  verifiedAt: "Preverjeno dne",
  hiddenVin: "Skrita številka šasije",
  postingType: "Vrsta oglasa",
  amzsMembershipNumber: "Številka članstva AMZS",
  verified: "Potrjeno",
  manufacturer: "Znamka",
  created: "Novi modeli",
  renamed: "Preimenovani modeli",
  moves: "Premaknjene serije",
};

// Amounts in cents (decision 050) and enumerations by their Slovenian labels.
const moneyFields = new Set(["price", "specialPrice", "searchPrice"]);
const enumLabels: Record<string, Record<string, string>> = {
  region: regionLabels,
  priceType: priceTypeLabels,
  postingType: postingTypeLabels,
};

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** "someFieldName" / "some_field" → "Some field name": a field nobody labelled yet still reads as words. */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : "–";
}

const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The Slovenian label of an action; a request made while impersonating names its method and path. */
export function auditActionLabel(action: string): string {
  const known = own<string>(auditActionLabels, action);
  if (known) return known;
  const request = /^(POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(action);
  if (request) return `Sprememba med prevzemom računa (${request[1]} ${request[2]})`;
  return readableKey(action);
}

/** The Slovenian noun of an entity type. */
export const auditEntityLabel = (entity: string) => own<string>(auditEntityLabels, entity) ?? readableKey(entity);

/** The Slovenian label of a snapshot's field. */
export const auditFieldLabel = (field: string) =>
  field === "" ? "–" : (own(auditFieldLabels, field) ?? readableKey(field));

/** A snapshot's value as the log shows it: dates in Ljubljana time, Da/Ne, labels of enumerations, euros. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "–";
  if (typeof value === "boolean") return value ? "Da" : "Ne";
  if (typeof value === "number") return moneyFields.has(field) ? formatPrice(value) : String(value);
  if (typeof value === "string") {
    const labels = own(enumLabels, field);
    const label = labels ? labelOf(labels, value) : "";
    if (label) return label;
    if (isoDateTime.test(value)) return formatDateTime(value) || value;
    if (isoDate.test(value)) return formatDate(value) || value;
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => formatAuditValue(field, v)).join(", ") : "–";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${auditFieldLabel(k)}: ${formatAuditValue(k, v)}`)
      .join("; ");
  }
  return String(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const textField = (snapshot: unknown, field: string) => {
  const v = isRecord(snapshot) ? snapshot[field] : undefined;
  return typeof v === "string" && v ? v : null;
};
const withQuery = (path: string, key: string, value: string | null) =>
  value ? `${path}?${key}=${encodeURIComponent(value)}` : path;

/**
 * Where an entry's record can be seen: the public posting, the admin screen of the dealership, user,
 * salesperson, article or make; null for a request. `code` is a dealership's code when the service knows it.
 */
export function auditEntityHref(entry: {
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  code?: string | null;
}): string | null {
  const id = entry.entityId;
  const snapshotCode = entry.code ?? textField(entry.after, "code") ?? textField(entry.before, "code");
  switch (entry.entity) {
    case "posting":
      return id && /^\d+$/.test(id) ? `/oglas/${id}` : "/admin/postings";
    case "user":
      return withQuery("/administracija/uporabniki", "q", id);
    case "salesperson":
      return withQuery("/administracija/svetovalci", "q", id);
    case "dealership":
      return withQuery("/administracija/poslovne-enote", "q", id && !/^\d+$/.test(id) ? id : snapshotCode);
    case "dealer_signup_request":
      return withQuery("/administracija/poslovne-enote", "q", snapshotCode);
    case "dealership_network":
      return "/administracija/poslovne-mreze";
    case "article":
      return "/administracija/clanki";
    case "equipment_descriptor":
      return "/administracija/oprema";
    case "manufacturer":
      return withQuery("/admin/models", "manufacturer", textField(entry.after, "manufacturer"));
    default:
      return null;
  }
}
