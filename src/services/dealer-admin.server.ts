import type { SessionUser } from "~/domain/session";
import {
  type AdminDealershipRow,
  type AdminNetworkRow,
  creditLedgerForAdmin,
  dealershipSnapshot,
  type DealershipAdminValues,
  deleteDealershipGuarded,
  deleteNetworkGuarded,
  findDealershipForAdmin,
  findNetworkForAdmin,
  findNetworkIdByCode,
  grantCreditDays,
  insertDealershipForAdmin,
  insertNetwork,
  listAllSalespeople,
  listDealershipsForAdmin,
  listNetworksForAdmin,
  listSignupRequestsForAdmin,
  networkCodesLike,
  type NetworkRowValues,
  searchUsersForAdmin,
  type SignupRequestRow,
  updateDealershipForAdmin,
  updateNetwork,
} from "~/db/dealer-admin.server";
import { findDealershipById, findSalespersonByPhone } from "~/db/dealer-people.server";
import { dealershipCodesLike, findDealerSignupRequest, isGuardFailure } from "~/db/dealer-signup.server";
import { isPictureInUse } from "~/db/dealerships.server";
import type { AuditActor } from "~/db/audit-log.server";
import type { Db } from "~/db/client.server";
import { dealershipCodeBase, uniqueDealershipCode } from "~/domain/dealership-code";
import { AppError, conflict, notFound } from "~/domain/errors";
import { sniffedExtension } from "~/domain/file-sniff";
import { normalizePhone, toSlovenianMobile } from "~/domain/validators";
import type {
  AdminDealershipValues,
  DealerListQuery,
  NetworkValues,
  SalespeopleListQuery,
} from "~/contracts/admin-dealers";
import { addSalesperson, removeSalesperson, resolveDealerActor } from "./dealer-people.server";
import type { SmsProvider } from "./providers/sms.server";
import {
  type CheckedPicture,
  dealerPageServerMessages,
  type PictureKind,
  unknownBrandError,
} from "./dealer-page.server";
import { extractKeyPrefix } from "./dealer-signup.server";
import type {
  AdminDealership,
  AdminDealershipList,
  AdminNetwork,
  AdminSalespeopleList,
  AdminSignupRequest,
  AdminUser,
  CreditLedger,
} from "~/contracts/admin-dealers";

/** The server's own Slovenian messages of the admin dealer calls (the forms' are in the schemas). */
export const dealerAdminErrors = {
  dealershipNotFound: () => notFound("Poslovna enota ne obstaja."),
  networkNotFound: () => notFound("Poslovna mreža ne obstaja."),
  salespersonNotFound: () => notFound("Svetovalec s to številko ne obstaja."),
  extractNotFound: () => notFound("Izpisek ne obstaja."),
  deleteDealershipRefused: () => conflict("Poslovne enote ni mogoče izbrisati, ker ima še oglase ali člane."),
  deleteNetworkRefused: () => conflict("Poslovne mreže ni mogoče izbrisati, ker ji še pripadajo poslovne enote."),
  picturesChangedMeanwhile: () => conflict(dealerPageServerMessages.changedMeanwhile),
  unknownNetwork: () => fieldFailure("networkCode", "Poslovna mreža ne obstaja."),
};

/** Shown in the ledger for days an admin grants without a note. */
export const defaultGrantReason = "Dodelitev skrbnika";

const fieldFailure = (field: string, message: string) =>
  new AppError(400, message, { code: "VALIDATION", fieldErrors: [{ field, kind: "INVALID", message }], errors: [] });

const isUniqueViolation = (err: unknown, column: string) =>
  new RegExp(`UNIQUE constraint failed: ${column}`, "i").test(
    err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : String(err),
  );

const personName = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(" ") || email;
const mediaUrl = (key: string | null) => (key ? `/media/${key}` : null);

// ---------------------------------------------------------------------------
// Dealerships

const toAdminDealership = (r: AdminDealershipRow): AdminDealership => ({
  id: r.id,
  code: r.code,
  name: r.name,
  publicName: r.publicName,
  address: r.address,
  postalCode: r.postalCode,
  city: r.city,
  region: r.region,
  email: r.email,
  phone: r.phone,
  weekdayFrom: r.weekdayFrom,
  weekdayTo: r.weekdayTo,
  saturdayFrom: r.saturdayFrom,
  saturdayTo: r.saturdayTo,
  webPage: r.webPage,
  facebook: r.facebook,
  instagram: r.instagram,
  tiktok: r.tiktok,
  youtube: r.youtube,
  logoUrl: mediaUrl(r.logoKey),
  bannerUrl: mediaUrl(r.bannerKey),
  brands: r.brands,
  network: r.networkCode ? { code: r.networkCode, name: r.networkName ?? r.networkCode } : null,
  advertisingDays: r.advertisingDays,
  subscriptionEndDate: r.subscriptionEndDate,
  buyerNumber: r.buyerNumber,
  taxNumber: r.taxNumber,
  registrationNumber: r.registrationNumber,
  responsibleFirstName: r.responsibleFirstName,
  responsibleLastName: r.responsibleLastName,
  responsiblePhone: r.responsiblePhone,
  responsibleEmail: r.responsibleEmail,
  remark: r.remark,
  members: r.members,
  salespeople: r.salespeople,
  postings: r.postings,
  publishedPostings: r.publishedPostings,
  views: Number(r.views),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const dealerListPageSize = 20;

/** `GET dealer` (editors and admins): one page of dealerships with search, their counts and credit-day balance. */
export async function listDealerships(db: Db, query: DealerListQuery): Promise<AdminDealershipList> {
  const page = query.page ?? 1;
  const size = query.size ?? dealerListPageSize;
  const { rows, total } = await listDealershipsForAdmin(db, { q: query.q || undefined, page, size });
  return { total, page, size, dealerships: rows.map(toAdminDealership) };
}

async function requireDealership(db: Db, code: string) {
  const row = await findDealershipForAdmin(db, code);
  if (!row) throw dealerAdminErrors.dealershipNotFound();
  return row;
}

/** The form's values as columns: the network by code (400 on `networkCode` when unknown), brands checked against the makes. */
async function toColumns(db: Db, input: AdminDealershipValues): Promise<DealershipAdminValues> {
  const { networkCode, ...rest } = input;
  const brandError = await unknownBrandError(db, input.brands);
  if (brandError)
    throw new AppError(400, brandError.message, { code: "VALIDATION", fieldErrors: [brandError], errors: [] });
  let networkId: number | null = null;
  if (networkCode) {
    const network = await findNetworkIdByCode(db, networkCode);
    if (!network) throw dealerAdminErrors.unknownNetwork();
    networkId = network.id;
  }
  return { ...rest, networkId };
}

/**
 * `POST dealer` (admins): creates a dealership; its URL code comes from the public (or company) name,
 * numbered when taken. The audit row is written in the same batch.
 */
export async function createDealership(
  db: Db,
  actor: AuditActor,
  input: AdminDealershipValues,
): Promise<AdminDealership> {
  const values = await toColumns(db, input);
  const base = dealershipCodeBase(input.publicName ?? input.name);
  for (let attempt = 0; ; attempt++) {
    const code = uniqueDealershipCode(base, await dealershipCodesLike(db, base));
    try {
      await insertDealershipForAdmin(db, code, values, actor);
      return toAdminDealership(await requireDealership(db, code));
    } catch (err) {
      // Another dealership took the code between the lookup and the insert: pick again.
      if (!isUniqueViolation(err, "dealerships.code") || attempt >= 2) throw err;
    }
  }
}

/** `POST dealer/{code}` (editors and admins): every field of the business unit; the audit row keeps before and after. */
export async function updateDealership(
  db: Db,
  actor: AuditActor,
  code: string,
  input: AdminDealershipValues,
): Promise<AdminDealership> {
  const current = await requireDealership(db, code);
  const values = await toColumns(db, input);
  const {
    members: _m,
    salespeople: _s,
    postings: _p,
    publishedPostings: _pp,
    views: _v,
    networkCode: _nc,
    networkName: _nn,
    ...before
  } = current;
  await updateDealershipForAdmin(db, current.id, values, actor, before);
  return toAdminDealership(await requireDealership(db, code));
}

/** Deletes R2 objects nothing points at any more (seeded pictures may be shared); failures only leave an unused object. */
async function removeUnusedPictures(db: Db, bucket: R2Bucket, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    try {
      if (!(await isPictureInUse(db, key))) await bucket.delete(key);
    } catch (e) {
      console.error("dealer admin: old picture not deleted", key, e);
    }
  }
}

/**
 * `DELETE dealer/{code}` (admins): refused with 409 while the dealership has postings (any status) or
 * member accounts, so nothing is lost. Otherwise the row goes with its contacts, listed salespeople and
 * ledger; the audit row keeps all of them.
 */
export async function deleteDealership(db: Db, bucket: R2Bucket, actor: AuditActor, code: string) {
  const current = await requireDealership(db, code);
  if (current.postings > 0 || current.members > 0) throw dealerAdminErrors.deleteDealershipRefused();
  const snapshot = await dealershipSnapshot(db, current.id);
  try {
    await deleteDealershipGuarded(db, current.id, actor, snapshot);
  } catch (err) {
    // A posting or a member arrived between the check and the batch.
    if (isGuardFailure(err, "audit_log.action")) throw dealerAdminErrors.deleteDealershipRefused();
    throw err;
  }
  await removeUnusedPictures(db, bucket, [current.logoKey, current.bannerKey]);
}

/** `GET dealer/{code}/credit-days` (admins): the balance and the ledger, newest first. */
export async function getCreditLedger(db: Db, code: string): Promise<CreditLedger> {
  const d = await requireDealership(db, code);
  const ledger = await creditLedgerForAdmin(db, d.id);
  return {
    code,
    name: d.publicName ?? d.name,
    advertisingDays: d.advertisingDays,
    ledgerTotal: ledger.total,
    entries: ledger.entries.map((e) => ({
      id: e.id,
      amount: e.amount,
      reason: e.reason,
      createdAt: e.createdAt,
      actor: personName(e.actorFirstName, e.actorLastName, e.actorEmail),
      purchaseId: e.purchaseId,
    })),
  };
}

/** `POST dealer/{code}/credit-days` (admins): the ledger row and the balance increase in one batch (with the audit row). */
export async function addCreditDays(
  db: Db,
  actor: AuditActor,
  code: string,
  input: { amount: number; reason: string | null },
): Promise<CreditLedger> {
  const d = await requireDealership(db, code);
  await grantCreditDays(
    db,
    d.id,
    { amount: input.amount, reason: input.reason ?? defaultGrantReason, balanceBefore: d.advertisingDays },
    actor,
  );
  return getCreditLedger(db, code);
}

// ---------------------------------------------------------------------------
// Networks

const toAdminNetwork = (r: AdminNetworkRow): AdminNetwork => ({
  id: r.id,
  code: r.code,
  name: r.name,
  address: r.address,
  city: r.city,
  email: r.email,
  phone: r.phone,
  webPage: r.webPage,
  logoUrl: mediaUrl(r.logoKey),
  bannerUrl: mediaUrl(r.bannerKey),
  dealerships: r.dealerships,
  createdAt: r.createdAt,
});

/** `GET dealer-network` (admins): every network with its number of dealerships. */
export async function listNetworks(db: Db): Promise<AdminNetwork[]> {
  return (await listNetworksForAdmin(db)).map(toAdminNetwork);
}

async function requireNetwork(db: Db, code: string) {
  const row = await findNetworkForAdmin(db, code);
  if (!row) throw dealerAdminErrors.networkNotFound();
  return row;
}

export type NetworkChange = {
  values: NetworkValues;
  logo: CheckedPicture | null;
  banner: CheckedPicture | null;
  removeLogo: boolean;
  removeBanner: boolean;
};

/** Stores new pictures under a random key; `stored` collects them so a failed write can remove them again. */
async function putPicture(bucket: R2Bucket, kind: PictureKind, picture: CheckedPicture, stored: string[]) {
  const key = `networks/${crypto.randomUUID()}-${kind}.${sniffedExtension[picture.mimeType]}`;
  // Listed before the put: a put that fails may still have stored the object.
  stored.push(key);
  await bucket.put(key, picture.bytes, { httpMetadata: { contentType: picture.mimeType } });
  return key;
}

async function dropStored(bucket: R2Bucket, stored: string[]) {
  await Promise.all(
    stored.map((key) =>
      bucket.delete(key).catch((e: unknown) => console.error("dealer network: orphan R2 object", key, e)),
    ),
  );
}

/**
 * `POST dealer-network` (admins, multipart): a new network with optional logo and banner; its code
 * comes from the name. Pictures go to R2 first and are removed again when the insert fails.
 */
export async function createNetwork(
  db: Db,
  bucket: R2Bucket,
  actor: AuditActor,
  change: Omit<NetworkChange, "removeLogo" | "removeBanner">,
): Promise<AdminNetwork> {
  const stored: string[] = [];
  try {
    const values: NetworkRowValues = {
      ...change.values,
      logoKey: change.logo ? await putPicture(bucket, "logo", change.logo, stored) : null,
      bannerKey: change.banner ? await putPicture(bucket, "banner", change.banner, stored) : null,
    };
    const base = dealershipCodeBase(change.values.name);
    for (let attempt = 0; ; attempt++) {
      const code = uniqueDealershipCode(base, await networkCodesLike(db, base));
      try {
        await insertNetwork(db, code, values, actor);
        return toAdminNetwork(await requireNetwork(db, code));
      } catch (err) {
        if (!isUniqueViolation(err, "dealership_networks.code") || attempt >= 2) throw err;
      }
    }
  } catch (err) {
    await dropStored(bucket, stored);
    throw err;
  }
}

/**
 * `POST dealer-network/{code}` (admins, multipart): new fields, pictures replaced or removed. The row is
 * written only while it still shows the pictures read at the start (else 409); replaced objects are
 * deleted afterwards when nothing else shows them.
 */
export async function changeNetwork(
  db: Db,
  bucket: R2Bucket,
  actor: AuditActor,
  code: string,
  change: NetworkChange,
): Promise<AdminNetwork> {
  const current = await requireNetwork(db, code);
  const stored: string[] = [];
  const values: Partial<NetworkRowValues> = { ...change.values };
  try {
    // A new picture wins over a remove flag sent with it.
    if (change.logo) values.logoKey = await putPicture(bucket, "logo", change.logo, stored);
    else if (change.removeLogo) values.logoKey = null;
    if (change.banner) values.bannerKey = await putPicture(bucket, "banner", change.banner, stored);
    else if (change.removeBanner) values.bannerKey = null;
    const { dealerships: _d, ...before } = current;
    await updateNetwork(
      db,
      current.id,
      values,
      { logoKey: current.logoKey, bannerKey: current.bannerKey },
      actor,
      before,
    );
  } catch (err) {
    await dropStored(bucket, stored);
    if (isGuardFailure(err, "audit_log.action")) throw dealerAdminErrors.picturesChangedMeanwhile();
    throw err;
  }
  await removeUnusedPictures(db, bucket, [
    values.logoKey !== undefined && values.logoKey !== current.logoKey ? current.logoKey : null,
    values.bannerKey !== undefined && values.bannerKey !== current.bannerKey ? current.bannerKey : null,
  ]);
  return toAdminNetwork(await requireNetwork(db, code));
}

/** `DELETE dealer-network/{code}` (admins): refused with 409 while dealerships belong to it. */
export async function deleteNetwork(db: Db, bucket: R2Bucket, actor: AuditActor, code: string) {
  const current = await requireNetwork(db, code);
  if (current.dealerships > 0) throw dealerAdminErrors.deleteNetworkRefused();
  try {
    await deleteNetworkGuarded(db, current.id, actor, current);
  } catch (err) {
    if (isGuardFailure(err, "audit_log.action")) throw dealerAdminErrors.deleteNetworkRefused();
    throw err;
  }
  await removeUnusedPictures(db, bucket, [current.logoKey, current.bannerKey]);
}

// ---------------------------------------------------------------------------
// Salespeople of every dealer

export const salespeoplePageSize = 25;

/** `GET admin/salespeople` (admins): every dealer's salespeople with search, optionally of one dealership. */
export async function listSalespeopleForAdmin(db: Db, query: SalespeopleListQuery): Promise<AdminSalespeopleList> {
  const page = query.page ?? 1;
  const { rows, total } = await listAllSalespeople(db, {
    q: query.q || undefined,
    dealershipCode: query.dealershipCode,
    page,
    size: salespeoplePageSize,
  });
  return {
    total,
    page,
    size: salespeoplePageSize,
    salespeople: rows.map((r) => ({
      phoneNumber: r.phoneNumber,
      firstName: r.firstName,
      lastName: r.lastName,
      hasAccount: r.userId !== null,
      status: r.userId !== null ? "JOINED" : r.declinedAt !== null ? "DECLINED" : "INVITED",
      invitedAt: r.invitedAt,
      createdAt: r.createdAt,
      dealership: { code: r.dealershipCode, name: r.dealershipName },
    })),
  };
}

/**
 * `POST admin/salespeople` (admins): a salesperson for the chosen dealership, by the dealers' own rules
 * (a phone listed with another dealer is refused with the spec's message; the number gets the
 * invitation SMS and joins only when its owner accepts, decision 033).
 */
export async function addSalespersonAsAdmin(
  db: Db,
  sms: SmsProvider,
  admin: SessionUser,
  actor: AuditActor,
  input: { dealershipCode: string; phoneNumber: string; firstName: string; lastName: string },
  siteUrl: string,
) {
  const dealer = await resolveDealerActor(db, admin, input.dealershipCode);
  return addSalesperson(
    db,
    sms,
    dealer,
    { phoneNumber: input.phoneNumber, firstName: input.firstName, lastName: input.lastName },
    siteUrl,
    actor,
  );
}

/** `DELETE admin/salespeople/{phoneNumber}` (admins): removes the salesperson from whichever dealership lists them. */
export async function removeSalespersonAsAdmin(db: Db, actor: AuditActor, phoneNumber: string) {
  const row = await findSalespersonByPhone(db, phoneNumber);
  const dealership = row ? await findDealershipById(db, row.dealershipId) : undefined;
  if (!row || !dealership) throw dealerAdminErrors.salespersonNotFound();
  await removeSalesperson(
    db,
    {
      userId: actor.actorUserId,
      dealership: { id: dealership.id, code: dealership.code, name: dealership.publicName ?? dealership.name },
      head: true,
    },
    phoneNumber,
    actor,
  );
}

// ---------------------------------------------------------------------------
// Users (the impersonation entry)

/** `GET admin/users?q=` (admins): accounts by id, phone (any way it is typed), e-mail or name; the newest 25 without a query. */
export async function searchUsers(db: Db, q: string | undefined): Promise<AdminUser[]> {
  const text = q?.trim() || null;
  const id = text && /^\d{1,9}$/.test(text) ? Number(text) : null;
  const phone = text
    ? (toSlovenianMobile(text) ?? (/^\+\d[\d\s-]{5,}$/.test(text) ? normalizePhone(text).replace(/-/g, "") : null))
    : null;
  const rows = await searchUsersForAdmin(db, { id, phone, text });
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null,
    phoneNumber: r.phoneNumber,
    amzsAdmin: r.amzsAdmin,
    amzsPostingEditor: r.amzsPostingEditor,
    amzsMembershipNumber: r.amzsMembershipNumber,
    amzsMembershipVerified: r.amzsMembershipVerified,
    disabled: r.disabled,
    registeredAt: r.registeredAt,
    lastLoginAt: r.lastLoginAt,
    dealership: r.dealershipName ? { code: r.dealershipCode, name: r.dealershipName, role: r.dealershipRole } : null,
  }));
}

// ---------------------------------------------------------------------------
// Dealer sign-up requests

const toSignupRequest = (r: SignupRequestRow): AdminSignupRequest => ({
  id: r.id,
  companyName: r.companyName,
  taxNumber: r.taxNumber,
  registrationNumber: r.registrationNumber,
  firstName: r.firstName,
  lastName: r.lastName,
  phone: r.phone,
  email: r.email,
  status: r.status,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
  decidedBy: r.decidedBy === null ? null : personName(r.decidedByFirstName, r.decidedByLastName, r.decidedByEmail),
  dealershipCode: r.dealershipCode,
  extractUrl: `/internal-api/v1/dealer-signup-interest/${r.id}/extract`,
  extractMimeType: r.extractMimeType,
});

/** `GET dealer-signup-interest` (admins): the pending requests, or the decided ones. */
export async function listSignupRequests(
  db: Db,
  status: "PENDING" | "DECIDED" = "PENDING",
): Promise<AdminSignupRequest[]> {
  return (await listSignupRequestsForAdmin(db, status === "PENDING")).map(toSignupRequest);
}

/** `GET dealer-signup-interest/{id}/extract` (admins): the business register extract from R2 (private, never via /media). */
export async function signupExtract(db: Db, bucket: R2Bucket, id: number) {
  const request = await findDealerSignupRequest(db, id);
  if (!request?.extractKey.startsWith(extractKeyPrefix)) throw dealerAdminErrors.extractNotFound();
  const object = await bucket.get(request.extractKey);
  if (!object) throw dealerAdminErrors.extractNotFound();
  const extension = request.extractKey.split(".").pop() ?? "bin";
  return { body: object.body, mimeType: request.extractMimeType, filename: `izpisek-${id}.${extension}` };
}
