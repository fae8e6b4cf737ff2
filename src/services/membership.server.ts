import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { setMembershipVerification } from "~/db/membership.server";
import { AppError } from "~/domain/errors";

export const membershipMessages = {
  changed: "Številka članstva AMZS se je medtem spremenila ali je ni več. Osvežite seznam in preverite znova.",
} as const;

/**
 * `POST admin/users/{id}/amzs-membership {number, verified}`: an admin verifies the number the user
 * declared (or withdraws the verification). Only a verified number gets the members' package
 * (decision 039). 409 when the profile no longer holds that number.
 */
export async function verifyMembership(
  db: Db,
  actor: AuditActor,
  userId: number,
  input: { number: string; verified: boolean },
  now = new Date(),
) {
  if (!(await setMembershipVerification(db, actor, userId, input.number, input.verified, now)))
    throw new AppError(409, membershipMessages.changed, { code: "MEMBERSHIP_CHANGED" });
  return { id: userId, amzsMembershipNumber: input.number, amzsMembershipVerified: input.verified };
}
