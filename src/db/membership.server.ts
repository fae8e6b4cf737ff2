import { and, eq } from "drizzle-orm";
import { auditEntry, type AuditActor } from "./audit.server";
import type { Db } from "./client.server";
import { auditLog } from "./schema/audit";
import { users } from "./schema/users";

/**
 * An admin verifies (or withdraws) a user's AMZS membership, with its audit row.
 * Verifying stores the number the admin saw, and only while it is still the number on the profile:
 * a number changed meanwhile is not verified in passing (then nothing is audited either).
 * Answers whether the user was changed.
 */
export async function setMembershipVerification(
  db: Db,
  actor: AuditActor,
  userId: number,
  number: string,
  verified: boolean,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const matches = and(eq(users.id, userId), eq(users.amzsMembershipNumber, number));
  const entry = auditEntry(
    actor,
    verified ? "amzs-membership-verify" : "amzs-membership-unverify",
    "user",
    String(userId),
    { amzsMembershipNumber: number, verified: !verified },
    { amzsMembershipNumber: number, verified },
  );
  const updated = await db
    .update(users)
    .set(
      verified
        ? {
            amzsMembershipVerifiedNumber: number,
            amzsMembershipVerifiedAt: nowIso,
            amzsMembershipVerifiedBy: actor.actorUserId,
          }
        : { amzsMembershipVerifiedNumber: null, amzsMembershipVerifiedAt: null, amzsMembershipVerifiedBy: null },
    )
    .where(matches)
    .returning({ id: users.id });
  if (updated.length > 0) await db.insert(auditLog).values({ ...entry, entityId: String(userId), createdAt: nowIso });
  return updated.length > 0;
}
