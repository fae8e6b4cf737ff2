import type { SessionUser } from "~/domain/session";
import { appConfig } from "~/app.config";
import type { Db } from "~/db/client.server";
import { existingManufacturerCodes } from "~/db/catalog.server";
import {
  findDealershipByCode,
  findPublicDealership,
  isPictureInUse,
  updateDealershipPage,
  type DealershipPageUpdate,
} from "~/db/dealerships.server";
import { canEditDealership, type PublicDealership } from "~/domain/dealership";
import { legacyHours, openingHoursSpecification, weekOf } from "~/domain/opening-hours";
import { conflict, type FieldError, forbidden, notFound } from "~/domain/errors";
import { sniffByteCount, sniffedExtension, sniffFileType } from "~/domain/file-sniff";
import { exceedsPictureLimits, imageSize, oversizedPictureMessage } from "~/domain/image-size";
import { dealerPageMessages, type DealerPageValues } from "~/contracts/dealerships";

const maxMegabytes = Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024));
const banner = appConfig.images.dealershipBanner;

/** The server's own Slovenian messages of `GET`/`POST dealership/{code}` (the form's are in the schema). */
export const dealerPageServerMessages = {
  dealerNotFound: "Trgovec ne obstaja.",
  forbidden: "Strani tega trgovca ne morete urejati.",
  missingData: "Manjkajo podatki o trgovcu.",
  notJson: "Podatki o trgovcu niso veljaven JSON.",
  pictureType: "Dovoljene so slike JPEG, PNG ali WebP.",
  pictureTooLarge: `Slika je prevelika (največ ${maxMegabytes} MB).`,
  bannerSize: `Pasica mora meriti natanko ${banner.width} × ${banner.height} slikovnih pik.`,
  changedMeanwhile: "Sliko je medtem zamenjal nekdo drug. Osvežite stran in poskusite znova.",
} as const;

const pictureTypes = new Set(["image/jpeg", "image/png", "image/webp"] as const);
type PictureType = "image/jpeg" | "image/png" | "image/webp";
export type CheckedPicture = { bytes: Uint8Array; mimeType: PictureType };
export type PictureKind = "logo" | "banner";

/** The public page's data by code (404 without one), with `editable` for whoever may edit it. */
export async function publicDealership(db: Db, code: string, user: SessionUser | null): Promise<PublicDealership> {
  const found = await findPublicDealership(db, code);
  if (!found?.dealer.code) throw notFound(dealerPageServerMessages.dealerNotFound);
  const d = found.dealer;
  const slot = (from: string | null, to: string | null) => (from && to ? { from, to } : null);
  const week = weekOf(d);
  const spec = legacyHours(week);
  return {
    code: d.code ?? "",
    name: d.publicName ?? d.name,
    address: d.address,
    postalCode: d.postalCode,
    city: d.city,
    phone: d.phone,
    email: d.email,
    webPage: d.webPage,
    social: { facebook: d.facebook, instagram: d.instagram, tiktok: d.tiktok, youtube: d.youtube },
    hours: { weekdays: slot(spec.weekdayFrom, spec.weekdayTo), saturday: slot(spec.saturdayFrom, spec.saturdayTo) },
    openingHours: week,
    openingHoursSpecification: openingHoursSpecification(week),
    logoUrl: d.logoKey ? `/media/${d.logoKey}` : null,
    bannerUrl: d.bannerKey ? `/media/${d.bannerKey}` : null,
    brands: found.brands,
    network: found.networkName,
    publishedPostings: found.published,
    views: found.views,
    editable: canEditDealership(user, d.id),
  };
}

/** The dealership whose page the user edits: 404 when the code is unknown, 403 unless a member or an admin. */
export async function editableDealership(db: Db, code: string, user: SessionUser) {
  const dealer = await findDealershipByCode(db, code);
  if (!dealer?.code) throw notFound(dealerPageServerMessages.dealerNotFound);
  if (!canEditDealership(user, dealer.id)) throw forbidden(dealerPageServerMessages.forbidden);
  return dealer;
}

/**
 * Checks an uploaded logo or banner: within the size limit, really a JPEG, PNG or WebP by its bytes,
 * not declaring more pixels than an upload may have, and a banner exactly 1440 × 500. A part that is
 * absent, text or empty means "no new picture".
 */
export async function checkPagePicture(
  value: string | File | undefined,
  kind: PictureKind,
): Promise<{ picture: CheckedPicture | null; error: FieldError | null }> {
  if (!(value instanceof File) || value.size === 0) return { picture: null, error: null };
  const invalid = (message: string) => ({ picture: null, error: { field: kind, kind: "INVALID" as const, message } });
  if (value.size > appConfig.limits.fileSizeBytes) return invalid(dealerPageServerMessages.pictureTooLarge);
  const bytes = new Uint8Array(await value.arrayBuffer());
  const sniffed = sniffFileType(bytes.subarray(0, sniffByteCount));
  if (!sniffed || !pictureTypes.has(sniffed as PictureType)) return invalid(dealerPageServerMessages.pictureType);
  if (exceedsPictureLimits(bytes)) return invalid(oversizedPictureMessage);
  if (kind === "banner") {
    const size = imageSize(bytes);
    if (size?.width !== banner.width || size.height !== banner.height)
      return invalid(dealerPageServerMessages.bannerSize);
  }
  return { picture: { bytes, mimeType: sniffed as PictureType }, error: null };
}

/** A fieldError on `brands` when a chosen brand is not one of the manufacturers. */
export async function unknownBrandError(db: Db, brands: readonly string[]): Promise<FieldError | null> {
  const known = await existingManufacturerCodes(db, brands);
  return brands.every((b) => known.has(b))
    ? null
    : { field: "brands", kind: "INVALID", message: dealerPageMessages.unknownBrand };
}

export type DealerPageChange = {
  values: DealerPageValues;
  logo: CheckedPicture | null;
  banner: CheckedPicture | null;
  removeLogo: boolean;
  removeBanner: boolean;
};

/**
 * Saves an already validated page: new pictures to R2 first, then the row in one statement (only while
 * it still shows the pictures read at the start, else 409), then the replaced or removed objects are
 * deleted, now that nothing points at them. A failed write removes the new objects again.
 */
export async function saveDealerPage(
  db: Db,
  bucket: R2Bucket,
  dealer: { id: number; logoKey: string | null; bannerKey: string | null },
  change: DealerPageChange,
) {
  const update: DealershipPageUpdate = { ...change.values };
  const stored: string[] = [];
  const put = async (kind: PictureKind, picture: CheckedPicture) => {
    const key = `dealers/${dealer.id}/${kind}-${crypto.randomUUID()}.${sniffedExtension[picture.mimeType]}`;
    // Listed before the put: a put that fails may still have stored the object.
    stored.push(key);
    await bucket.put(key, picture.bytes, { httpMetadata: { contentType: picture.mimeType } });
    return key;
  };
  try {
    // A new picture wins over a remove flag sent with it.
    if (change.logo) update.logoKey = await put("logo", change.logo);
    else if (change.removeLogo) update.logoKey = null;
    if (change.banner) update.bannerKey = await put("banner", change.banner);
    else if (change.removeBanner) update.bannerKey = null;
    const picturesChange = update.logoKey !== undefined || update.bannerKey !== undefined;
    const written = await updateDealershipPage(
      db,
      dealer.id,
      update,
      picturesChange ? { logoKey: dealer.logoKey, bannerKey: dealer.bannerKey } : undefined,
    );
    if (!written) throw conflict(dealerPageServerMessages.changedMeanwhile);
  } catch (err) {
    await Promise.all(
      stored.map((key) =>
        bucket.delete(key).catch((e: unknown) => console.error("dealer page: orphan R2 object", key, e)),
      ),
    );
    throw err;
  }
  const replaced = [
    update.logoKey !== undefined && dealer.logoKey !== update.logoKey ? dealer.logoKey : null,
    update.bannerKey !== undefined && dealer.bannerKey !== update.bannerKey ? dealer.bannerKey : null,
  ].filter((key): key is string => Boolean(key));
  for (const key of replaced) {
    // The page is saved; a failed clean-up only leaves an unused object behind.
    try {
      if (!(await isPictureInUse(db, key))) await bucket.delete(key);
    } catch (e) {
      console.error("dealer page: old picture not deleted", key, e);
    }
  }
}
