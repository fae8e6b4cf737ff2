import { and, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { InquiryChoice } from "~/domain/inquiry";
import type { Db } from "./client.server";
import { insertWhere } from "./insert-where.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { dealerships } from "./schema/dealerships";
import { inquiries } from "./schema/inquiries";
import { postingDetails, postings } from "./schema/postings";
import { users } from "./schema/users";

/**
 * A posting as an inquiry needs it: who owns it, its state, its title, and every address a seller may be
 * reached at (the salesperson's only while they are a member of the posting's dealership, decision 035).
 */
export async function findPostingForInquiry(db: Db, code: string) {
  const row = await db
    .select({
      id: postings.id,
      code: postings.code,
      status: postings.status,
      hidden: postings.hidePosting,
      userId: postings.userId,
      dealershipId: postings.dealershipId,
      make: manufacturers.name,
      model: baseModels.name,
      trimName: postings.trimName,
      contactEmail: postingDetails.contactEmail,
      ownerEmail: users.email,
      dealershipName: dealerships.name,
      dealershipPublicName: dealerships.publicName,
      dealershipEmail: dealerships.email,
      dealershipResponsibleEmail: dealerships.responsibleEmail,
      salespersonId: sql<
        number | null
      >`(SELECT s.id FROM ${users} s WHERE s.id = ${postings.salespersonUserId} AND s.dealership_id = ${postings.dealershipId})`,
      salespersonEmail: sql<
        string | null
      >`(SELECT s.email FROM ${users} s WHERE s.id = ${postings.salespersonUserId} AND s.dealership_id = ${postings.dealershipId})`,
    })
    .from(postings)
    .innerJoin(users, eq(users.id, postings.userId))
    .leftJoin(postingDetails, eq(postingDetails.postingId, postings.id))
    .leftJoin(dealerships, eq(dealerships.id, postings.dealershipId))
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(eq(postings.code, code))
    .get();
  return row ?? null;
}
export type InquiryPosting = NonNullable<Awaited<ReturnType<typeof findPostingForInquiry>>>;

/** How many inquiries one sender may leave, each in its window (decision 066). */
export type InquiryCaps = {
  perClient: { max: number; since: string } | null;
  perSender: { max: number; since: string };
  perPostingPerSender: { max: number; since: string };
};

/**
 * Stores an inquiry only while every cap holds when SQLite runs the statement (INSERT … SELECT … WHERE),
 * so a parallel burst cannot pass them. Null when a cap refused it.
 */
export async function insertInquiry(
  db: Db,
  values: {
    postingId: number;
    sellerUserId: number;
    dealershipId: number | null;
    buyerUserId: number | null;
    name: string;
    email: string | null;
    emailKey: string | null;
    phone: string | null;
    message: string;
    choices: InquiryChoice[];
    client: string;
    replyTokenHash: string;
    tokenUserId: number | null;
    createdAt: string;
  },
  caps: InquiryCaps,
) {
  // The same person by any address they gave (and, behind Cloudflare, by their client).
  const byAddress = [
    values.emailKey ? eq(inquiries.emailKey, values.emailKey) : undefined,
    values.phone ? eq(inquiries.phone, values.phone) : undefined,
  ];
  const sameSender = or(...byAddress, caps.perClient ? eq(inquiries.client, values.client) : undefined);
  const under = (condition: SQL | undefined, since: string, max: number) =>
    sql`(SELECT count(*) FROM ${inquiries} WHERE ${and(condition, gt(inquiries.createdAt, since))}) < ${max}`;
  const conditions = [
    under(or(...byAddress), caps.perSender.since, caps.perSender.max),
    under(
      and(eq(inquiries.postingId, values.postingId), sameSender),
      caps.perPostingPerSender.since,
      caps.perPostingPerSender.max,
    ),
    ...(caps.perClient ? [under(eq(inquiries.client, values.client), caps.perClient.since, caps.perClient.max)] : []),
  ];
  const [row] = await db.all<{ id: number }>(
    insertWhere(inquiries, { ...values, status: "NEW" }, sql.join(conditions, sql` AND `), sql`id`),
  );
  return row ?? null;
}

/** Which inquiries a user may read and answer: their dealership's, or their own private postings'. */
export function receivedBy(user: { id: number; dealershipId: number | null }) {
  const own = and(isNull(inquiries.dealershipId), eq(inquiries.sellerUserId, user.id));
  return user.dealershipId === null ? own : or(eq(inquiries.dealershipId, user.dealershipId), own);
}

const listColumns = {
  id: inquiries.id,
  status: inquiries.status,
  createdAt: inquiries.createdAt,
  postingId: inquiries.postingId,
  code: postings.code,
  make: manufacturers.name,
  model: baseModels.name,
  trimName: postings.trimName,
  name: inquiries.name,
  email: inquiries.email,
  phone: inquiries.phone,
  message: inquiries.message,
  choices: inquiries.choices,
  reply: inquiries.reply,
  repliedAt: inquiries.repliedAt,
  answeredAt: inquiries.answeredAt,
  sellerUserId: inquiries.sellerUserId,
  dealershipId: inquiries.dealershipId,
  tokenUserId: inquiries.tokenUserId,
  /** Whether the person the reply link was mailed to may still answer for the posting (decision 066). */
  tokenHolderStillSeller: sql<number>`CASE WHEN ${inquiries.tokenUserId} IS NULL THEN 1
    WHEN ${inquiries.dealershipId} IS NULL THEN ${inquiries.tokenUserId} = ${inquiries.sellerUserId}
    ELSE EXISTS (SELECT 1 FROM ${users} u WHERE u.id = ${inquiries.tokenUserId} AND u.dealership_id = ${inquiries.dealershipId}) END`,
};
/** Inquiries with their posting's code and vehicle names. */
const selectInquiries = (db: Db) =>
  db
    .select(listColumns)
    .from(inquiries)
    .innerJoin(postings, eq(postings.id, inquiries.postingId))
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId));

/** The inquiries the user received, newest first (at most `limit`), and how many are still new. */
export async function listReceivedInquiries(db: Db, user: { id: number; dealershipId: number | null }, limit: number) {
  const scope = receivedBy(user);
  const [rows, counted] = await Promise.all([
    selectInquiries(db).where(scope).orderBy(desc(inquiries.id)).limit(limit).all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(inquiries)
      .where(and(scope, eq(inquiries.status, "NEW")))
      .get(),
  ]);
  return { rows, newCount: counted?.n ?? 0 };
}

/** One inquiry by id, only within what the user received (null for anyone else's). */
export async function findReceivedInquiry(db: Db, user: { id: number; dealershipId: number | null }, id: number) {
  return (
    (await selectInquiries(db)
      .where(and(eq(inquiries.id, id), receivedBy(user)))
      .get()) ?? null
  );
}

/** One inquiry by the hash of its reply link's token (the link is the permission). */
export async function findInquiryByTokenHash(db: Db, tokenHash: string) {
  return (await selectInquiries(db).where(eq(inquiries.replyTokenHash, tokenHash)).get()) ?? null;
}

/**
 * Stores the seller's reply once: only while the inquiry has none (a second reply, or two at once,
 * finds it taken). False when it already had one.
 */
export async function storeReply(db: Db, id: number, reply: string, byUserId: number | null, now: string) {
  const row = await db
    .update(inquiries)
    .set({ reply, repliedAt: now, status: "ANSWERED", answeredAt: now, answeredByUserId: byUserId })
    .where(and(eq(inquiries.id, id), isNull(inquiries.reply)))
    .returning({ id: inquiries.id })
    .get();
  return row !== undefined;
}

/** Takes back a stored reply that could not be delivered: the inquiry is new again and the buyer's address hidden. */
export async function undoReply(db: Db, id: number, repliedAt: string) {
  await db
    .update(inquiries)
    .set({ reply: null, repliedAt: null, status: "NEW", answeredAt: null, answeredByUserId: null })
    .where(and(eq(inquiries.id, id), eq(inquiries.repliedAt, repliedAt)));
}

/** "Označi kot odgovorjeno": the seller answered another way (a call); the buyer's address stays hidden. */
export async function markAnswered(db: Db, id: number, byUserId: number, now: string) {
  await db
    .update(inquiries)
    .set({ status: "ANSWERED", answeredAt: now, answeredByUserId: byUserId })
    .where(and(eq(inquiries.id, id), eq(inquiries.status, "NEW")));
}

/**
 * Deletes inquiries whose last activity (sent, replied, marked answered) is before `before`: the buyer's
 * name, address and words are kept no longer than the conversation needs them (decision 066). The count.
 */
export async function deleteInquiriesIdleSince(db: Db, before: string) {
  const deleted = await db
    .delete(inquiries)
    .where(
      sql`max(${inquiries.createdAt}, coalesce(${inquiries.repliedAt}, ''), coalesce(${inquiries.answeredAt}, '')) < ${before}`,
    )
    .returning({ id: inquiries.id })
    .all();
  return deleted.length;
}
