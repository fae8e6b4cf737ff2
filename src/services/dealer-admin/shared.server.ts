import { findDealershipForAdmin } from "~/db/dealer-admin/dealerships.server";
import { isPictureInUse } from "~/db/dealerships.server";
import type { Db } from "~/db/client.server";
import { AppError, conflict, notFound } from "~/domain/errors";
import { typedNameMatches, typedNameMismatch } from "~/domain/typed-confirmation";
import { dealerPageServerMessages } from "../dealer-page.server";

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
  typedNameMismatch: () => fieldFailure("confirmName", typedNameMismatch),
};

/** A delete goes ahead only with the name typed as the list shows it (decision 073). */
export function requireTypedName(typed: string, name: string) {
  if (!typedNameMatches(typed, name)) throw dealerAdminErrors.typedNameMismatch();
}

const fieldFailure = (field: string, message: string) =>
  new AppError(400, message, { code: "VALIDATION", fieldErrors: [{ field, kind: "INVALID", message }], errors: [] });

export const personName = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(" ") || email;

export const mediaUrl = (key: string | null) => (key ? `/media/${key}` : null);

// ---------------------------------------------------------------------------
// Dealerships

export async function requireDealership(db: Db, code: string) {
  const row = await findDealershipForAdmin(db, code);
  if (!row) throw dealerAdminErrors.dealershipNotFound();
  return row;
}

/** Deletes R2 objects nothing points at any more (seeded pictures may be shared); failures only leave an unused object. */
export async function removeUnusedPictures(db: Db, bucket: R2Bucket, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    try {
      if (!(await isPictureInUse(db, key))) await bucket.delete(key);
    } catch (e) {
      console.error("dealer admin: old picture not deleted", key, e);
    }
  }
}
