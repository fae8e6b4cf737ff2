import type { AdminNetwork } from "~/contracts/admin-dealers";
import {
  type AdminNetworkRow,
  deleteNetworkGuarded,
  findNetworkForAdmin,
  insertNetwork,
  listNetworksForAdmin,
  networkCodesLike,
  type NetworkRowValues,
  updateNetwork,
} from "~/db/dealer-admin/networks.server";
import { isGuardFailure, isUniqueViolation } from "~/db/batch.server";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { dealershipCodeBase, uniqueDealershipCode } from "~/domain/dealership-code";
import { sniffedExtension } from "~/domain/file-sniff";
import type { NetworkValues } from "~/contracts/admin-dealers";
import type { CheckedPicture, PictureKind } from "../dealer-page.server";
import { dealerAdminErrors, mediaUrl, removeUnusedPictures, requireTypedName } from "./shared.server";

const toAdminNetwork = (r: AdminNetworkRow) => ({
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

/** `DELETE dealer-network/{code}` (admins): 400 unless `confirmName` is its name; refused with 409 while dealerships belong to it. */
export async function deleteNetwork(db: Db, bucket: R2Bucket, actor: AuditActor, code: string, confirmName: string) {
  const current = await requireNetwork(db, code);
  requireTypedName(confirmName, current.name);
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
