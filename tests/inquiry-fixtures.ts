import { eq } from "drizzle-orm";
import { dealerships } from "~/db/schema/dealerships";
import { db, dealerUser, publishedPosting, signedInUser } from "./fixtures";

let n = 0;

/** A dealership whose head and salesperson are signed in, and a published posting assigned to the salesperson. */
export async function dealerPosting() {
  const head = await dealerUser();
  const dealershipId = head.user.dealershipId ?? 0;
  await db()
    .update(dealerships)
    .set({ email: `trgovina-${Date.now().toString(36)}-${n++}@primer.si` })
    .where(eq(dealerships.id, dealershipId));
  const salesperson = await signedInUser({ dealershipId, dealershipRole: "SALESPERSON" });
  const posting = await publishedPosting({
    userId: head.user.id,
    dealershipId,
    privatePosting: false,
    salespersonUserId: salesperson.user.id,
  });
  return { head, salesperson, posting };
}
