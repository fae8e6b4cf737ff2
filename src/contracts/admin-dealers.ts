/**
 * Admin dealership, network, credit-day and salesperson inputs (spec sections 3, 5 and 7): one set of
 * schemas for the admin forms and the API routes, so both refuse the same input with the same message.
 */
import {
  isValidRegistrationNumber,
  isValidTaxNumber,
  normalizeRegistrationNumber,
  normalizeTaxNumber,
} from "~/domain/business-ids";
import { typedNameMismatch } from "~/domain/typed-confirmation";
import { toCanonicalPhone } from "~/domain/phone";
import { isDealerWebAddress, withWebScheme } from "~/domain/web-address";
import { type DealerSignupApplicant, hoursProblem } from "~/domain/dealership";
import { type DealershipRole, regions } from "~/domain/enums/dealer";
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  slovenianMobileSchema,
  toSlovenianMobile,
  validationMessages,
} from "~/domain/validators";
import type { WeekHours } from "~/domain/opening-hours";
import { z } from "~/domain/zod-locale";
import { weekHoursInputSchema, withOpeningHours } from "./opening-hours";

/** The spec's admin messages (section 5) and ours in the same style. */
export const dealerAdminMessages = {
  companyName: "Ime podjetja ne sme biti prazno!",
  firstName: "Ime ne sme biti prazno!",
  lastName: "Priimek ne sme biti prazen!",
  phone: "Telefon ne sme biti prazen!",
  email: "E-pošta ne sme biti prazna!",
  emailInvalid: "Napačen zapis email!",
  buyerNumber: "Številka kupca ne sme biti prazna!",
  taxNumber: "Davčna številka ne sme biti prazna!",
  taxNumberInvalid: "Davčna številka ni veljavna!",
  registrationNumber: "Matična številka ne sme biti prazna!",
  registrationNumberInvalid: "Matična številka ima 7 ali 10 številk!",
  subscriptionEndDate: "Datum konca naročnine ne sme biti prazen!",
  dateInvalid: "Napačen zapis datuma!",
  mobileOnly: validationMessages.slovenianMobileOnly,
  phoneInvalid: validationMessages.phoneInvalid,
  postalCode: "Poštna številka ima 4 števke.",
  url: "Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
  brand: "Neveljavna znamka.",
  tooManyBrands: "Izberete lahko največ 60 znamk.",
  region: "Neveljavna regija.",
  networkCode: "Neveljavna oznaka poslovne mreže.",
  tooLong: "Vnos je predolg.",
  creditDays: "Število dni mora biti število, večje od 0!",
  creditDaysTooMany: "Naenkrat lahko dodate največ 3650 dni.",
  networkName: "Ime poslovne mreže ne sme biti prazno!",
  dealershipCode: "Izberite poslovno enoto.",
} as const;
const msg = dealerAdminMessages;

/**
 * A trimmed text that must not be empty, with the spec's "… ne sme biti prazno!" when it is. Nothing
 * aborts (the opening-hours check across fields still runs), so later checks let "" pass: an empty
 * field gets only its one message.
 */
const requiredText = (required: string, max = 200) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: msg.tooLong });
const emptyOr = (check: (v: string) => boolean) => (v: string) => v === "" || check(v);

/** An optional one-line text; empty is stored as NULL. */
const optionalText = (max: number) =>
  z
    .string({ error: msg.tooLong })
    .trim()
    .max(max, msg.tooLong)
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, " ") : null));

const isEmail = (v: string) => emailSchema.safeParse(v).success;

/** A web or social address: "www.primer.si" gets https://; anything but http(s) is refused. */
const webAddress = optionalText(500)
  .transform((v) => (v ? withWebScheme(v) : v))
  .refine((v) => v === null || isDealerWebAddress(v), msg.url);

const optionalEmail = optionalText(254).refine((v) => v === null || isEmail(v), msg.emailInvalid);
// A showroom's switchboard may be a landline; only the responsible person's must be a mobile.
// Stored in the one E.164 form (issue 21).
const optionalPhone = optionalText(40)
  .refine((v) => v === null || toCanonicalPhone(v) !== null, msg.phoneInvalid)
  .transform((v) => (v === null ? null : (toCanonicalPhone(v) ?? v)));

const isoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

/** Dealership and network URL codes (`/trgovec/{code}`). */
export const dealerCodeSchema = z.string({ error: msg.dealershipCode }).regex(/^[a-z0-9-]{1,60}$/, msg.dealershipCode);

/**
 * `POST dealer` and `POST dealer/{code}`: every field of the dealership business unit (spec section 3)
 * except the URL code (made from the name on creation), the pictures (the page editor's multipart
 * call) and advertisingDays (changed only through credit days, so the ledger explains the balance).
 */
export const adminDealershipInputSchema = z
  .object({
    name: requiredText(msg.companyName),
    publicName: optionalText(120),
    address: optionalText(200),
    postalCode: optionalText(10).refine((v) => v === null || /^\d{4}$/.test(v), msg.postalCode),
    city: optionalText(100),
    region: z
      .enum(regions, { error: msg.region })
      .nullish()
      .transform((v) => v ?? null),
    email: optionalEmail,
    phone: optionalPhone,
    weekdayFrom: optionalText(5),
    weekdayTo: optionalText(5),
    saturdayFrom: optionalText(5),
    saturdayTo: optionalText(5),
    /** Per-day hours (decision 072); without them the weekly and Saturday hours above make the week. */
    hours: weekHoursInputSchema.nullish(),
    webPage: webAddress,
    facebook: webAddress,
    instagram: webAddress,
    tiktok: webAddress,
    youtube: webAddress,
    brands: z
      .array(z.string({ error: msg.brand }).regex(/^[a-z0-9-]{1,60}$/, msg.brand), { error: msg.brand })
      .max(60, msg.tooManyBrands)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    networkCode: z
      .string({ error: msg.networkCode })
      .regex(/^[a-z0-9-]{0,60}$/, msg.networkCode)
      .nullish()
      .transform((v) => v || null),
    subscriptionEndDate: requiredText(msg.subscriptionEndDate, 10).refine(emptyOr(isoDate), msg.dateInvalid),
    buyerNumber: requiredText(msg.buyerNumber, 40),
    taxNumber: requiredText(msg.taxNumber, 20)
      .overwrite(normalizeTaxNumber)
      .refine(emptyOr(isValidTaxNumber), msg.taxNumberInvalid),
    registrationNumber: requiredText(msg.registrationNumber, 20)
      .overwrite(normalizeRegistrationNumber)
      .refine(emptyOr(isValidRegistrationNumber), msg.registrationNumberInvalid),
    responsibleFirstName: requiredText(msg.firstName, 60),
    responsibleLastName: requiredText(msg.lastName, 60),
    responsiblePhone: requiredText(msg.phone, 30)
      .refine(
        emptyOr((v) => toSlovenianMobile(v) !== null),
        msg.mobileOnly,
      )
      .transform((v) => toSlovenianMobile(v) ?? v),
    responsibleEmail: requiredText(msg.email, 254).refine(emptyOr(isEmail), msg.emailInvalid),
    remark: z
      .string({ error: msg.tooLong })
      .trim()
      .max(2000, msg.tooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    for (const [from, to] of [
      ["weekdayFrom", "weekdayTo"],
      ["saturdayFrom", "saturdayTo"],
    ] as const) {
      const problem = hoursProblem(v[from], v[to]);
      if (problem)
        ctx.addIssue({ code: "custom", path: [problem.side === "from" ? from : to], message: problem.message });
    }
  })
  .transform(withOpeningHours);
export type AdminDealershipInput = z.input<typeof adminDealershipInputSchema>;
export type AdminDealershipValues = z.output<typeof adminDealershipInputSchema>;

/** `POST dealer/{code}/credit-days`: whole days to add, more than 0; an optional note for the ledger. */
export const creditDaysInputSchema = z.object({
  amount: z
    .number({ error: msg.creditDays })
    .int({ error: msg.creditDays })
    .gt(0, { error: msg.creditDays, abort: true })
    .max(3650, { error: msg.creditDaysTooMany }),
  reason: z
    .string({ error: msg.tooLong })
    .trim()
    .max(200, msg.tooLong)
    .nullish()
    .transform((v) => v || null),
});
export type CreditDaysInput = z.input<typeof creditDaysInputSchema>;

/** The `dealership` part of `POST dealer-network` and `POST dealer-network/{code}` (the pictures are parts of their own). */
export const networkInputSchema = z.object({
  name: requiredText(msg.networkName, 120),
  address: optionalText(200),
  city: optionalText(100),
  email: optionalEmail,
  phone: optionalPhone,
  webPage: webAddress,
});
export type NetworkInput = z.input<typeof networkInputSchema>;
export type NetworkValues = z.output<typeof networkInputSchema>;

const page = z.coerce.number().int().min(1).max(10_000).optional().catch(undefined);
const search = z.string().trim().max(100).optional().catch(undefined);

/** `GET dealer`: text search (names, code, city, tax and buyer number, e-mail), page and page size. Bad values fall back to defaults. */
/**
 * `DELETE dealer/{code}` and `DELETE dealer-network/{code}`: the name the admin typed to confirm (decision 073);
 * the server compares it with the name shown in the list.
 */
export const typedDeleteSchema = z.object({
  confirmName: z.string({ error: typedNameMismatch }).max(200, typedNameMismatch),
});
export type TypedDelete = z.infer<typeof typedDeleteSchema>;

export const dealerListQuerySchema = z.object({
  q: search,
  page,
  size: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});
export type DealerListQuery = z.output<typeof dealerListQuerySchema>;

/** `GET admin/salespeople`: every dealer's salespeople, optionally of one dealership, with search and paging. */
export const salespeopleListQuerySchema = z.object({
  q: search,
  page,
  dealershipCode: dealerCodeSchema.optional().catch(undefined),
});
export type SalespeopleListQuery = z.output<typeof salespeopleListQuerySchema>;

/** A salesperson's phone: only Slovenian mobile numbers (spec section 5), stored as +386…. */
export const adminSalespersonPhoneSchema = z.string({ error: msg.mobileOnly }).trim().pipe(slovenianMobileSchema);

/** `POST admin/salespeople`: a salesperson for the chosen dealership. */
export const adminSalespersonInputSchema = z.object({
  dealershipCode: dealerCodeSchema,
  phoneNumber: adminSalespersonPhoneSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type AdminSalespersonInput = z.input<typeof adminSalespersonInputSchema>;

/** `GET admin/users`: phone, e-mail, id or name. */
export const userSearchQuerySchema = z.object({ q: z.string().trim().max(100).optional().catch(undefined) });

export const signupRequestStatuses = ["PENDING", "DECIDED"] as const;
/** `GET dealer-signup-interest`: the pending requests (default) or the decided ones. */
export const signupRequestListQuerySchema = z.object({
  status: z.enum(signupRequestStatuses).optional().catch(undefined),
});

export type CreditLedger = {
  code: string;
  name: string;
  advertisingDays: number;
  /** The sum of the ledger's entries (equals the balance unless days were set outside the ledger). */
  ledgerTotal: number;
  entries: {
    id: number;
    amount: number;
    reason: string;
    createdAt: string;
    actor: string | null;
    purchaseId: number | null;
  }[];
};

export type AdminSalesperson = {
  phoneNumber: string;
  firstName: string | null;
  lastName: string | null;
  hasAccount: boolean;
  status: "INVITED" | "JOINED" | "DECLINED";
  invitedAt: string | null;
  createdAt: string;
  dealership: { code: string | null; name: string };
};

export type AdminSalespeopleList = { total: number; page: number; size: number; salespeople: AdminSalesperson[] };

export type AdminUser = {
  id: number;
  email: string | null;
  name: string | null;
  phoneNumber: string | null;
  amzsAdmin: boolean;
  amzsPostingEditor: boolean;
  /** The self-declared AMZS number and whether an admin verified it (decision 039). */
  amzsMembershipNumber: string | null;
  amzsMembershipVerified: boolean;
  disabled: boolean;
  registeredAt: string;
  lastLoginAt: string | null;
  dealership: { code: string | null; name: string; role: DealershipRole | null } | null;
};

/** A dealership as the admin list and form show it, with its counts. */
export type AdminDealership = {
  id: number;
  code: string | null;
  name: string;
  publicName: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  region: string | null;
  email: string | null;
  phone: string | null;
  weekdayFrom: string | null;
  weekdayTo: string | null;
  saturdayFrom: string | null;
  saturdayTo: string | null;
  /** Each day's hours, or null when closed (decision 072). */
  openingHours: WeekHours;
  webPage: string | null;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
  youtube: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  brands: string[];
  network: { code: string; name: string } | null;
  advertisingDays: number;
  subscriptionEndDate: string | null;
  buyerNumber: string | null;
  taxNumber: string | null;
  registrationNumber: string | null;
  responsibleFirstName: string | null;
  responsibleLastName: string | null;
  responsiblePhone: string | null;
  responsibleEmail: string | null;
  remark: string | null;
  members: number;
  salespeople: number;
  postings: number;
  publishedPostings: number;
  views: number;
  createdAt: string;
  updatedAt: string;
};
export type AdminDealershipList = { total: number; page: number; size: number; dealerships: AdminDealership[] };

/** A dealer network as the admin list shows it. */
export type AdminNetwork = {
  id: number;
  code: string;
  name: string;
  address: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  webPage: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  dealerships: number;
  createdAt: string;
};

/** A dealer's sign-up request as the admin list shows it, with the link to its registry extract. */
export type AdminSignupRequest = DealerSignupApplicant & {
  id: number;
  status: "PENDING" | "CONFIRMED" | "REJECTED";
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  dealershipCode: string | null;
  extractUrl: string;
  extractMimeType: string;
};
