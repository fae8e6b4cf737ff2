import type { SessionUser } from "~/domain/session";
import { hitRateLimit } from "~/db/auth.server";
import { auditEntry, type AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import {
  deleteContact,
  deleteSalesperson,
  findDealershipByCode,
  findDealershipById,
  acceptInvitation,
  declineInvitation,
  findMemberByPhone,
  findOpenInvitation,
  findSalespersonByPhone,
  insertContact,
  insertSalesperson,
  listContacts,
  listSalespeople,
  renewInvitation,
  type AuditRow,
  type SalespersonRow,
  setPostingSalesperson,
  updateContact,
  updateSalespersonNames,
} from "~/db/dealer-people.server";
import { findPostingAccess } from "~/db/posting-detail.server";
import type { AuditAction } from "~/domain/audit-labels";
import type { DealerContact, DelegationResult, Salesperson } from "~/domain/dealer-people";
import { AppError, badRequest, conflict, forbidden, notFound } from "~/domain/errors";
import { randomToken, sha256Hex } from "~/lib/crypto";
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
  noAccount: () => conflict("Povabilo v ekipo še ni sprejeto. Oglas lahko dodelite, ko bo sprejeto."),
  alreadyJoined: () => conflict("Svetovalec je že v vaši ekipi."),
  invitationNotFound: () => notFound("Povabilo ne obstaja, je že uporabljeno ali je poteklo."),
  memberOfOtherDealership: () =>
    conflict("Ste že član druge poslovne enote. Povabilo lahko sprejmete, ko jo zapustite."),
  contactNotFound: () => notFound("Kontakt ne obstaja."),
  postingNotFound: () => notFound("Oglas ne obstaja."),
  postingOfOtherDealership: () => forbidden("Oglas pripada drugi poslovni enoti."),
  tooManySms: () =>
    new AppError(429, "Preveč poslanih SMS sporočil. Poskusite znova čez nekaj časa.", { code: "TOO_MANY_REQUESTS" }),
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
    return {
      userId: user.id,
      dealership: { id: chosen.id, code: chosen.code, name: chosen.publicName ?? chosen.name },
      head: true,
    };
  }
  if (!own) throw user.amzsAdmin ? dealerPeopleErrors.pickDealership() : dealerPeopleErrors.membersOnly();
  return {
    userId: user.id,
    dealership: { id: own.id, code: own.code, name: own.publicName ?? own.name },
    head: user.dealershipRole === "HEAD" || user.amzsAdmin,
  };
}

/** An admin's change of a dealer's salespeople carries its audit row into the same batch. */
const auditRow = (a: AuditActor, action: AuditAction, phoneNumber: string, before: unknown, after: unknown): AuditRow =>
  auditEntry(a, action, "salesperson", phoneNumber, before, after);

function requireHead(actor: DealerActor) {
  if (!actor.head) throw dealerPeopleErrors.headOnly();
}

/**
 * What the head sees of a salesperson: the names they typed, the phone, and the invitation's state.
 * Nothing of an account (not even whether one exists) until its owner has accepted (decision 033).
 */
const toSalesperson = (row: SalespersonRow): Salesperson => {
  const status = row.userId !== null ? "JOINED" : row.declinedAt !== null ? "DECLINED" : "INVITED";
  return {
    phoneNumber: row.phoneNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    status,
    hasAccount: status === "JOINED",
    invitedAt: row.invitedAt,
  };
};

/** How long an invitation link stays valid. */
const invitationLifetimeMs = 14 * 24 * 60 * 60_000;
const invitedAfter = (now: Date) => new Date(now.getTime() - invitationLifetimeMs).toISOString();

/** Where the invitation link leads: the owner signs in there and accepts or declines. */
export const invitationPath = "/povabilo";

async function sendInvitation(
  sms: SmsProvider,
  dealershipName: string,
  phoneNumber: string,
  token: string,
  siteUrl: string,
) {
  const link = `${siteUrl}${invitationPath}?token=${token}`;
  await sms.send({
    to: phoneNumber,
    text: `${dealershipName} vas vabi v ekipo svetovalcev na Avtotrgu. Povabilo sprejmete ali zavrnete na ${link} (po prijavi).`,
  });
}

/** `GET dealer/salespeople`: every member of the dealership reads the list. */
export async function getSalespeople(db: Db, actor: DealerActor): Promise<Salesperson[]> {
  return (await listSalespeople(db, actor.dealership.id)).map(toSalesperson);
}

/**
 * `POST dealer/salespeople` (head): lists the number and sends it an invitation by SMS (decision 033).
 * A phone already listed by another dealer is refused with the spec's message; accounts are never
 * looked up, so the answer is the same whether the number has an account or not (issue 19, rule 12).
 */
export async function addSalesperson(
  db: Db,
  sms: SmsProvider,
  actor: DealerActor,
  input: { phoneNumber: string; firstName: string; lastName: string },
  siteUrl: string,
  audit?: AuditActor,
  now = new Date(),
): Promise<Salesperson> {
  requireHead(actor);
  const listed = await findSalespersonByPhone(db, input.phoneNumber);
  if (listed)
    throw listed.dealershipId === actor.dealership.id
      ? dealerPeopleErrors.alreadyListed()
      : dealerPeopleErrors.takenByOtherDealer();
  await limitSms(db, actor, input.phoneNumber, now);
  const token = randomToken(32);
  let row: SalespersonRow;
  try {
    const values = {
      dealershipId: actor.dealership.id,
      ...input,
      inviteTokenHash: await sha256Hex(token),
      invitedAt: now.toISOString(),
    };
    row = await insertSalesperson(
      db,
      values,
      audit && auditRow(audit, "salesperson.add", input.phoneNumber, undefined, input),
    );
  } catch (e) {
    // Two heads adding the same phone at once: the UNIQUE phone decides, the loser gets the spec's answer.
    if (e instanceof Error && /UNIQUE/i.test(`${e.message} ${String(e.cause ?? "")}`))
      throw dealerPeopleErrors.takenByOtherDealer();
    throw e;
  }
  await sendInvitation(sms, actor.dealership.name, row.phoneNumber, token, siteUrl);
  return toSalesperson(row);
}

async function ownSalesperson(db: Db, actor: DealerActor, phoneNumber: string) {
  const row = await findSalespersonByPhone(db, phoneNumber);
  if (!row || row.dealershipId !== actor.dealership.id) throw dealerPeopleErrors.salespersonNotFound();
  return row;
}

/** `POST dealer/salespeople/{phoneNumber}` (head): new first and last name. */
export async function renameSalesperson(
  db: Db,
  actor: DealerActor,
  phoneNumber: string,
  names: { firstName: string; lastName: string },
): Promise<Salesperson> {
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

/** The site the SMS links to, and the time of sending. */
type SmsLink = { siteUrl: string; now?: Date };

async function limitSms(db: Db, actor: DealerActor, phoneNumber: string, now: Date) {
  const perPhone = await hitRateLimit(db, `dealer-sms:phone:${phoneNumber}`, 3, 60 * 60_000, now);
  const perDealer = await hitRateLimit(db, `dealer-sms:dealership:${actor.dealership.id}`, 50, 24 * 60 * 60_000, now);
  if (!perPhone || !perDealer) throw dealerPeopleErrors.tooManySms();
}

/**
 * `POST dealer/salespeople/{phoneNumber}/send-sms` (head): the invitation again, with a new link (the
 * old one dies; a declined invitation is open again). A salesperson already in the team is 409.
 */
export async function inviteSalesperson(
  db: Db,
  sms: SmsProvider,
  actor: DealerActor,
  phoneNumber: string,
  { siteUrl, now = new Date() }: SmsLink,
): Promise<Salesperson> {
  requireHead(actor);
  const row = await ownSalesperson(db, actor, phoneNumber);
  if (row.userId !== null) throw dealerPeopleErrors.alreadyJoined();
  await limitSms(db, actor, phoneNumber, now);
  const token = randomToken(32);
  const renewed = await renewInvitation(db, row.id, await sha256Hex(token), now.toISOString());
  if (!renewed) throw dealerPeopleErrors.alreadyJoined();
  await sendInvitation(sms, actor.dealership.name, row.phoneNumber, token, siteUrl);
  return toSalesperson(renewed);
}

/**
 * `POST dealer/{phoneNumber}/send-sms` (head): a short SMS to one of the dealership's salespeople
 * with the link to the dealership's stock (the invitation is the other call).
 */
export async function sendStockLink(
  db: Db,
  sms: SmsProvider,
  actor: DealerActor,
  phoneNumber: string,
  { siteUrl, now = new Date() }: SmsLink,
) {
  requireHead(actor);
  const row = await ownSalesperson(db, actor, phoneNumber);
  await limitSms(db, actor, phoneNumber, now);
  await sms.send({
    to: row.phoneNumber,
    text: `${actor.dealership.name}: zaloga vozil na Avtotrgu je na ${siteUrl}/dms/zaloga`,
  });
}

/** A dealership's posting its member (or an admin) may delegate: 404 when there is none, 403 for others. */
export async function delegablePosting(db: Db, user: SessionUser, code: string) {
  const posting = await findPostingAccess(db, code);
  if (!posting) throw dealerPeopleErrors.postingNotFound();
  if (posting.dealershipId === null || (!user.amzsAdmin && user.dealershipId !== posting.dealershipId))
    throw dealerPeopleErrors.postingOfOtherDealership();
  return { posting, dealershipId: posting.dealershipId };
}

/**
 * `POST postings/{code}/delegate`: a member of the posting's dealership (or an admin) hands the
 * posting to a salesperson of that dealership by phone (or to a member account with that phone).
 * A salesperson who has not accepted the invitation cannot take it yet (409).
 */
export async function delegatePosting(
  db: Db,
  user: SessionUser,
  code: string,
  phoneNumber: string,
): Promise<DelegationResult> {
  const { posting, dealershipId } = await delegablePosting(db, user, code);
  const listed = await findSalespersonByPhone(db, phoneNumber);
  if (listed && listed.dealershipId === dealershipId) {
    // Only after the owner accepted the invitation; the same answer whether an account exists or not.
    if (listed.userId === null) throw dealerPeopleErrors.noAccount();
    if (!(await setPostingSalesperson(db, posting.id, dealershipId, listed.userId)))
      throw dealerPeopleErrors.salespersonNotFound();
    return {
      code: posting.code,
      salesperson: { phoneNumber: listed.phoneNumber, firstName: listed.firstName, lastName: listed.lastName },
    };
  }
  const member = await findMemberByPhone(db, dealershipId, phoneNumber);
  if (!member || !(await setPostingSalesperson(db, posting.id, dealershipId, member.id)))
    throw dealerPeopleErrors.salespersonNotFound();
  return { code: posting.code, salesperson: { phoneNumber, firstName: member.firstName, lastName: member.lastName } };
}

export type InvitationView = { dealershipName: string };

/** `GET dealer-invitations/{token}` (signed in): what the invitation page asks ("Pridružite se ekipi …?"). */
export async function getInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView> {
  const invitation = await findOpenInvitation(db, await sha256Hex(token), invitedAfter(now));
  if (!invitation) throw dealerPeopleErrors.invitationNotFound();
  return { dealershipName: invitation.dealershipName };
}

/**
 * `POST dealer-invitations/{token}/accept` (signed in): the account joins the dealership as a
 * salesperson (a head of the same dealership stays head). Only the holder of the link, i.e. whoever
 * received the SMS, and only while signed in; a member of another dealership is 409.
 */
export async function acceptSalespersonInvitation(
  db: Db,
  user: SessionUser,
  token: string,
  now = new Date(),
): Promise<InvitationView> {
  const hash = await sha256Hex(token);
  const invitation = await findOpenInvitation(db, hash, invitedAfter(now));
  if (!invitation) throw dealerPeopleErrors.invitationNotFound();
  const linked = await acceptInvitation(db, hash, user.id, invitedAfter(now));
  if (!linked) {
    // The batch changed nothing: another dealership's member, or the invitation closed meanwhile.
    if (await findOpenInvitation(db, hash, invitedAfter(now))) throw dealerPeopleErrors.memberOfOtherDealership();
    throw dealerPeopleErrors.invitationNotFound();
  }
  return { dealershipName: invitation.dealershipName };
}

/** `POST dealer-invitations/{token}/decline` (signed in): the invitation closes; the head sees it declined. */
export async function declineSalespersonInvitation(db: Db, token: string, now = new Date()) {
  const row = await declineInvitation(db, await sha256Hex(token), invitedAfter(now), now.toISOString());
  if (!row) throw dealerPeopleErrors.invitationNotFound();
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
  input: {
    id?: number;
    name: string;
    phone: string | null;
    email: string | null;
    comment: string | null;
    addToAllPostings: boolean;
  },
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
