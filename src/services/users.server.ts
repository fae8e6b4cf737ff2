import { eq } from "drizzle-orm";
import type { SessionInfo, SessionProfile } from "~/domain/session";
import type { Db } from "~/db/client.server";
import { dealerships } from "~/db/schema/dealerships";
import { favorites } from "~/db/schema/engagement";
import type { Me } from "~/domain/user";

/** Builds the `GET me` profile for a session: liked postings and dealership in one round trip. */
export async function toMeResponse(db: Db, session: SessionInfo): Promise<Me> {
  const u = session.user;
  const { likedPostings, dealership: d } = session.profile ?? (await readProfile(db, u));
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    amzsMembershipNumber: u.amzsMembershipNumber,
    amzsMembershipVerified: u.amzsMembershipVerified === true,
    phoneNumber: u.phoneNumber,
    phoneVerified: Boolean(u.phoneNumber && u.phoneVerified),
    registrationStatus: !u.email ? "MISSINGEMAIL" : !u.phoneNumber || !u.phoneVerified ? "MISSINGPHONE" : "COMPLETE",
    accountsWereMerged: u.accountsWereMerged,
    likedPostings,
    impersonated: session.impersonatorUserId !== null,
    dealership: d ? { code: d.code, publicName: d.publicName ?? d.name, role: u.dealershipRole } : null,
    amzsAdmin: u.amzsAdmin,
    amzsPostingEditor: u.amzsPostingEditor,
  };
}

/** Liked postings and the dealership in one round trip, when the session lookup did not read them. */
async function readProfile(db: Db, u: SessionInfo["user"]): Promise<SessionProfile> {
  const [liked, dealership] = await db.batch([
    db.select({ postingId: favorites.postingId }).from(favorites).where(eq(favorites.userId, u.id)),
    db
      .select({ code: dealerships.code, publicName: dealerships.publicName, name: dealerships.name })
      .from(dealerships)
      .where(eq(dealerships.id, u.dealershipId ?? -1)),
  ]);
  return { likedPostings: liked.map((l) => l.postingId), dealership: dealership[0] ?? null };
}
