import type { AdminDealership, AdminDealershipList } from "~/contracts/admin-dealers";
import {
  type AdminDealershipRow,
  dealershipSnapshot,
  type DealershipAdminValues,
  deleteDealershipGuarded,
  insertDealershipForAdmin,
  listDealershipsForAdmin,
  updateDealershipForAdmin,
} from "~/db/dealer-admin/dealerships.server";
import { findNetworkIdByCode } from "~/db/dealer-admin/networks.server";
import { isGuardFailure, isUniqueViolation } from "~/db/batch.server";
import { dealershipCodesLike } from "~/db/dealer-signup.server";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { dealershipCodeBase, uniqueDealershipCode } from "~/domain/dealership-code";
import { AppError } from "~/domain/errors";
import type { AdminDealershipValues, DealerListQuery } from "~/contracts/admin-dealers";
import { unknownBrandError } from "../dealer-page.server";
import { weekOf } from "~/domain/opening-hours";
import {
  dealerAdminErrors,
  mediaUrl,
  removeUnusedPictures,
  requireDealership,
  requireTypedName,
} from "./shared.server";

const toAdminDealership = (r: AdminDealershipRow) => ({
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
  openingHours: weekOf(r),
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

/**
 * `DELETE dealer/{code}` (admins): refused with 409 while the dealership has postings (any status) or
 * member accounts, so nothing is lost, and with 400 unless `confirmName` is the name the list shows (public name,
 * else the name). Otherwise the row goes with its contacts, listed salespeople and
 * ledger; the audit row keeps all of them.
 */
export async function deleteDealership(db: Db, bucket: R2Bucket, actor: AuditActor, code: string, confirmName: string) {
  const current = await requireDealership(db, code);
  requireTypedName(confirmName, current.publicName ?? current.name);
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
