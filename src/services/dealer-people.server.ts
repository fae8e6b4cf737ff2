import type { SessionUser } from "~/api/env";
import { hitRateLimit } from "~/db/auth.server";
import { auditEntry, type AuditActor } from "~/db/audit-log.server";
import type { Db } from "~/db/client.server";
import {
  deleteContact,
  deleteSalesperson,
  findDealershipByCode,
  findDealershipById,
  findMemberByPhone,
  findSalespersonByPhone,
  findUnlinkedSalespeopleWithAccounts,
  findUserMembershipByPhone,
  insertContact,
  insertSalesperson,
  linkSalespeople,
  listContacts,
  listSalespeople,
  markSalespersonInvited,
  type AuditRow,
  type SalespersonRow,
  setPostingSalesperson,
  updateContact,
  updateSalespersonNames,
} from "~/db/dealer-people.server";
import { findPostingAccess } from "~/db/posting-detail.server";
import type { DealerContact, DelegationResult, Salesperson } from "~/domain/dealer-people";
import { AppError, badRequest, conflict, forbidden, notFound } from "~/domain/errors";
import type { SmsProvider } from "./providers/sms.server";

/** Slovenian messages of these rules (tests and the UI rely on them). */
export const dealerPeopleErrors = {
  membersOnly: () => forbidden("Svetovalci in kontakti so na voljo le uporabnikom poslovne enote."),
  headOnly: () => forbidden("Svetovalce lahko ureja le vodja poslovne enote."),
  otherDealership: () => forbidden("Dostop do druge poslovne enote ni dovoljen."),
  pickDealership: () => badRequest("Izberite poslovno enoto (parameter dealershipCode)."),
  dealershipNotFound: () => notFound("Poslovna enota ne obstaja."),
  takenByOtherDealer: () => conflict("Ta svetovalec je že registiran pri drugem trgovcu!"),
  alreadyListed: () => conflict("Svetovalec s to številko je že na vašem seznamu."),
  salespersonNotFound: () => notFound("Svetovalec s to številko ni v vaši poslovni enoti."),
  noAccount: () => conflict("Svetovalec še nima uporabniškega računa. Pošljite mu povabilo in poskusite znova, ko se prijavi."),
  contactNotFound: () => notFound("Kontakt ne obstaja."),
  postingNotFound: () => notFound("Oglas ne obstaja."),
  postingOfOtherDealership: () => forbidden("Oglas pripada drugi poslovni enoti."),
  tooManySms: () => new AppError(429, "Preveč poslanih SMS sporočil. Poskusite znova čez nekaj časa.", { code: "TOO_MANY_REQUESTS" }),
};

/** Who acts and for which dealership: a member for their own, or an admin for the chosen one. */
export type DealerActor = {
  userId: number;
  dealership: { id: number; code: string | null; name: string };
  /** Manages salespeople: the head, or an admin acting for the dealership. */
  head: boolean;
};

/**
 * The dealership a request acts for. Members act for their own (naming another one is 403);
 * admins name any with `dealershipCode`, or act for their own membership; everyone else is 403.
 */
export async function resolveDealerActor(db: Db, user: SessionUser, dealershipCode?: string): Promise<DealerActor> {
  const own = user.dealershipId !== null ? await findDealershipById(db, user.dealershipId) : undefined;
  if (dealershipCode !== undefined && dealershipCode !== own?.code) {
    if (!user.amzsAdmin) throw own ? dealerPeopleErrors.otherDealership() : dealerPeopleErrors.membersOnly();
    const chosen = await findDealershipByCode(db, dealershipCode);
    if (!chosen) throw dealerPeopleErrors.dealershipNotFound();
    return { userId: user.id, dealership: { id: chosen.id, code: chosen.code, name: chosen.publicName ?? chosen.name }, head: true };
  }
  if (!own) throw user.amzsAdmin ? dealerPeopleErrors.pickDealership() : dealerPeopleErrors.membersOnly();
  return { userId: user.id, dealership: { id: own.id, code: own.code, name: own.publicName ?? own.name }, head: user.dealershipRole === "HEAD" || user.amzsAdmin };
}

/** An admin's change of a dealer's salespeople carries its audit row into the same batch. */
const auditRow = (a: AuditActor, action: string, phoneNumber: string, before: unknown, after: unknown): AuditRow => auditEntry(a, action, "salesperson", phoneNumber, before, after);

function requireHead(actor: DealerActor) {
  if (!actor.head) throw dealerPeopleErrors.headOnly();
}

const toSalesperson = (row: SalespersonRow): Salesperson => ({
  phoneNumber: row.phoneNumber,
  firstName: row.firstName,
  lastName: row.lastName,
  hasAccount: row.userId !== null,
  invitedAt: row.invitedAt,
});

/**
 * Salespeople who have since signed up with their phone get linked to their account (and join the
 * dealership), so delegation reaches them; accounts of another dealership are left alone.
 */
async function linkSignedUpSalespeople(db: Db, dealershipId: number) {
  const candidates = await findUnlinkedSalespeopleWithAccounts(db, dealershipId);
  const links = candidates.filter((c) => c.userDealershipId === null || c.userDealershipId === dealershipId);
  await linkSalespeople(db, dealershipId, links);
}

/** `GET dealer/salespeople`: every member of the dealership reads the list. */
export async function getSalespeople(db: Db, actor: DealerActor): Promise<Salesperson[]> {
  await linkSignedUpSalespeople(db, actor.dealership.id);
  return (await listSalespeople(db, actor.dealership.id)).map(toSalesperson);
}

/**
 * `POST dealer/salespeople` (head): a phone already listed by another dealer, or belonging to a
 * member of another dealership, is refused with the spec's message; an existing account with that
 * phone is linked at once, so the salesperson sees the stock.
 */
export async function addSalesperson(db: Db, actor: DealerActor, input: { phoneNumber: string; firstName: string; lastName: string }, audit?: AuditActor): Promise<Salesperson> {
  requireHead(actor);
  const listed = await findSalespersonByPhone(db, input.phoneNumber);
  if (listed) throw listed.dealershipId === actor.dealership.id ? dealerPeopleErrors.alreadyListed() : dealerPeopleErrors.takenByOtherDealer();
  const account = await findUserMembershipByPhone(db, input.phoneNumber);
  if (account?.dealershipId != null && account.dealershipId !== actor.dealership.id) throw dealerPeopleErrors.takenByOtherDealer();
  try {
    const values = { dealershipId: actor.dealership.id, ...input, userId: account?.id ?? null };
    return toSalesperson(await insertSalesperson(db, values, audit && auditRow(audit, "salesperson.add", input.phoneNumber, undefined, values)));
  } catch (e) {
    // Two heads adding the same phone at once: the UNIQUE phone decides, the loser gets the spec's answer.
    if (e instanceof Error && /UNIQUE/i.test(`${e.message} ${String(e.cause ?? "")}`)) throw dealerPeopleErrors.takenByOtherDealer();
    throw e;
  }
}

async function ownSalesperson(db: Db, actor: DealerActor, phoneNumber: string) {
  const row = await findSalespersonByPhone(db, phoneNumber);
  if (!row || row.dealershipId !== actor.dealership.id) throw dealerPeopleErrors.salespersonNotFound();
  return row;
}

/** `POST dealer/salespeople/{phoneNumber}` (head): new first and last name. */
export async function renameSalesperson(db: Db, actor: DealerActor, phoneNumber: string, names: { firstName: string; lastName: string }): Promise<Salesperson> {
  requireHead(actor);
  const row = await updateSalespersonNames(db, actor.dealership.id, phoneNumber, names);
  if (!row) throw dealerPeopleErrors.salespersonNotFound();
  return toSalesperson(row);
}

/** `DELETE dealer/salespeople/{phoneNumber}` (head): unassigns their postings and ends their membership. */
export async function removeSalesperson(db: Db, actor: DealerActor, phoneNumber: string, audit?: AuditActor) {
  requireHead(actor);
  const row = await ownSalesperson(db, actor, phoneNumber);
  await deleteSalesperson(db, row, audit && auditRow(audit, "salesperson.remove", phoneNumber, row, undefined));
}

async function limitSms(db: Db, actor: DealerActor, phoneNumber: string, now: Date) {
  const perPhone = await hitRateLimit(db, `dealer-sms:phone:${phoneNumber}`, 3, 60 * 60_000, now);
  const perDealer = await hitRateLimit(db, `dealer-sms:dealership:${actor.dealership.id}`, 50, 24 * 60 * 60_000, now);
  if (!perPhone || !perDealer) throw dealerPeopleErrors.tooManySms();
}

/**
 * `POST dealer/salespeople/{phoneNumber}/send-sms` (head): the invitation SMS (through the SMS
 * provider, so it lands in the outbox) with the sign-in link; records when it went out.
 */
export async function inviteSalesperson(db: Db, sms: SmsProvider, actor: DealerActor, phoneNumber: string, siteUrl: string, now = new Date()): Promise<Salesperson> {
  requireHead(actor);
  const row = await ownSalesperson(db, actor, phoneNumber);
  await limitSms(db, actor, phoneNumber, now);
  const link = `${siteUrl}/relogin?redirectUrl=${encodeURIComponent("/dms/zaloga")}`;
  await sms.send({
    to: row.phoneNumber,
    text: `${actor.dealership.name} vas vabi med svetovalce na Avtotrgu. Prijavite se na ${link} in v profilu potrdite to telefonsko številko, pa boste videli zalogo vozil.`,
  });
  const invitedAt = now.toISOString();
  await markSalespersonInvited(db, row.id, invitedAt);
  return toSalesperson({ ...row, invitedAt });
}

/**
 * `POST dealer/{phoneNumber}/send-sms` (head): a short SMS to one of the dealership's salespeople
 * with the link to the dealership's stock (the invitation is the other call).
 */
export async function sendStockLink(db: Db, sms: SmsProvider, actor: DealerActor, phoneNumber: string, siteUrl: string, now = new Date()) {
  requireHead(actor);
  const row = await ownSalesperson(db, actor, phoneNumber);
  await limitSms(db, actor, phoneNumber, now);
  await sms.send({ to: row.phoneNumber, text: `${actor.dealership.name}: zaloga vozil na Avtotrgu je na ${siteUrl}/dms/zaloga` });
}

/**
 * `POST postings/{code}/delegate`: a member of the posting's dealership (or an admin) hands the
 * posting to a salesperson of that dealership by phone (or to a member account with that phone).
 * A salesperson without an account cannot take it yet (409).
 */
export async function delegatePosting(db: Db, user: SessionUser, code: string, phoneNumber: string): Promise<DelegationResult> {
  const posting = await findPostingAccess(db, code);
  if (!posting) throw dealerPeopleErrors.postingNotFound();
  if (posting.dealershipId === null || (!user.amzsAdmin && user.dealershipId !== posting.dealershipId)) throw dealerPeopleErrors.postingOfOtherDealership();
  const dealershipId = posting.dealershipId;
  const listed = await findSalespersonByPhone(db, phoneNumber);
  if (listed && listed.dealershipId === dealershipId) {
    let userId = listed.userId;
    if (userId === null) {
      // Signed up since being added: link now rather than refusing.
      await linkSignedUpSalespeople(db, dealershipId);
      userId = (await findSalespersonByPhone(db, phoneNumber))?.userId ?? null;
    }
    if (userId === null) throw dealerPeopleErrors.noAccount();
    await setPostingSalesperson(db, posting.id, userId);
    return { code: posting.code, salesperson: { phoneNumber: listed.phoneNumber, firstName: listed.firstName, lastName: listed.lastName } };
  }
  const member = await findMemberByPhone(db, dealershipId, phoneNumber);
  if (!member) throw dealerPeopleErrors.salespersonNotFound();
  await setPostingSalesperson(db, posting.id, member.id);
  return { code: posting.code, salesperson: { phoneNumber, firstName: member.firstName, lastName: member.lastName } };
}

/**
 * For the phone-verification flow: an account that has just confirmed a phone listed as a
 * salesperson is linked to it and joins that dealership. Answers whether it was linked.
 */
export async function linkSalespersonAccount(db: Db, userId: number, phoneNumber: string): Promise<boolean> {
  const row = await findSalespersonByPhone(db, phoneNumber);
  if (!row || row.userId !== null) return false;
  const account = await findUserMembershipByPhone(db, phoneNumber);
  if (!account || account.id !== userId || (account.dealershipId !== null && account.dealershipId !== row.dealershipId)) return false;
  await linkSalespeople(db, row.dealershipId, [{ salespersonId: row.id, userId }]);
  return true;
}

// ---------------------------------------------------------------------------
// Contacts: every member of the dealership manages them.

/** `GET dealer/contacts`. */
export function getContacts(db: Db, actor: DealerActor): Promise<DealerContact[]> {
  return listContacts(db, actor.dealership.id);
}

/** `POST dealer/contacts`: creates a contact, or with `id` changes one of the dealership's (404 otherwise). */
export async function saveContact(
  db: Db,
  actor: DealerActor,
  input: { id?: number; name: string; phone: string | null; email: string | null; comment: string | null; addToAllPostings: boolean },
): Promise<{ contact: DealerContact; created: boolean }> {
  const { id, ...values } = input;
  if (id === undefined) return { contact: await insertContact(db, actor.dealership.id, values), created: true };
  const updated = await updateContact(db, actor.dealership.id, id, values);
  if (!updated) throw dealerPeopleErrors.contactNotFound();
  return { contact: updated, created: false };
}

/** `DELETE dealer/contacts/{id}`: 404 for an id that is not one of the dealership's. */
export async function removeContact(db: Db, actor: DealerActor, id: number) {
  if (!(await deleteContact(db, actor.dealership.id, id))) throw dealerPeopleErrors.contactNotFound();
}
