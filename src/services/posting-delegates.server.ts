import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listDelegates } from "~/db/dealer-people.server";
import { postings } from "~/db/schema/postings";
import type { Delegate } from "~/domain/dealer-people";
import type { SessionUser } from "~/domain/session";
import { delegablePosting } from "./dealer-people.server";

/**
 * `GET postings/{code}/delegates`: everyone in the posting's dealership it can be given to, the head
 * first, each with the published postings they hold, the current holder marked (decision 070). The
 * same members and admins who may delegate it may ask.
 */
export async function postingDelegates(db: Db, user: SessionUser, code: string): Promise<Delegate[]> {
  const { posting, dealershipId } = await delegablePosting(db, user, code);
  const [holder, { members, invited }] = await Promise.all([
    db.select({ id: postings.salespersonUserId }).from(postings).where(eq(postings.id, posting.id)).get(),
    listDelegates(db, dealershipId),
  ]);
  return [
    ...members.map((p) => ({
      phoneNumber: p.phoneNumber,
      firstName: p.firstName,
      lastName: p.lastName,
      head: p.role === "HEAD",
      holder: p.userId === holder?.id,
      hasAccount: true,
      postings: p.postings,
    })),
    ...invited.map((p) => ({
      phoneNumber: p.phoneNumber,
      firstName: p.firstName,
      lastName: p.lastName,
      head: false,
      holder: false,
      hasAccount: false,
      postings: 0,
    })),
  ];
}
