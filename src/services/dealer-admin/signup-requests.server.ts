import type { AdminSignupRequest } from "~/contracts/admin-dealers";
import { listSignupRequestsForAdmin, type SignupRequestRow } from "~/db/dealer-admin/people.server";
import { findDealerSignupRequest } from "~/db/dealer-signup.server";
import type { Db } from "~/db/client.server";
import { extractKeyPrefix } from "../dealer-signup.server";
import { dealerAdminErrors, personName } from "./shared.server";

const toSignupRequest = (r: SignupRequestRow) => ({
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
