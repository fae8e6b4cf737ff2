import { count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { postings } from "./schema/postings";

/** Pieces the posting lists share: the cover picture and the count behind a page. */

/** A posting by its code, or by its numeric id (page URLs carry the id, API paths the code). */
export const byCodeOrId = (codeOrId: string) =>
  /^\d{1,12}$/.test(codeOrId) ? eq(postings.id, Number(codeOrId)) : eq(postings.code, codeOrId);

/** Who a posting belongs to and its status: what access to it is decided on. */
export const postingAccessColumns = {
  id: postings.id,
  code: postings.code,
  userId: postings.userId,
  dealershipId: postings.dealershipId,
  status: postings.status,
};

/** The object key of the posting's cover (the first exterior picture, else the first picture), or null: a card's or a row's image. */
export const coverKey = sql<
  string | null
>`(SELECT pf.object_key FROM posting_files pf WHERE pf.posting_id = ${postings.id} AND pf.mime_type LIKE 'image/%' ORDER BY CASE pf.file_type WHEN 'EXTERIOR_PICTURE' THEN 0 WHEN 'INTERIOR_PICTURE' THEN 1 WHEN 'DAMAGE_PICTURE' THEN 2 ELSE 3 END, pf.sort_order, pf.id LIMIT 1)`;

/** How many postings match `where`, which may name the make and the base model (they are joined). */
export function countPostingsWithModels(db: Db, where: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(where)
    .get();
}
