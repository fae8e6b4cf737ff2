import { eq, or } from "drizzle-orm";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { campaignTransfers } from "./schema/featuring";
import { postings } from "./schema/postings";
import { users } from "./schema/users";

/** A posting's campaign facts by code or numeric id, with its seller's contact for the gift card e-mail. */
export function findCampaignPosting(db: Db, codeOrId: string) {
  const id = /^\d+$/.test(codeOrId) ? Number(codeOrId) : -1;
  return db
    .select({
      id: postings.id,
      code: postings.code,
      vin: postings.vin,
      status: postings.status,
      publishedAt: postings.publishedAt,
      userId: postings.userId,
      manufacturerName: manufacturers.name,
      modelName: baseModels.name,
      trimName: postings.trimName,
      sellerEmail: users.email,
      sellerFirstName: users.firstName,
    })
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .leftJoin(users, eq(users.id, postings.userId))
    .where(or(eq(postings.code, codeOrId), eq(postings.id, id)))
    .get();
}

export function findTransferByVin(db: Db, vin: string) {
  return db.select().from(campaignTransfers).where(eq(campaignTransfers.vin, vin)).get();
}

/** Records the transfer; the VIN is unique, so a second claim for the same vehicle inserts nothing (answers undefined). */
export async function insertTransfer(db: Db, values: typeof campaignTransfers.$inferInsert) {
  const [row] = await db
    .insert(campaignTransfers)
    .values(values)
    .onConflictDoNothing({ target: campaignTransfers.vin })
    .returning();
  return row;
}
