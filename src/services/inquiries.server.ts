import { appConfig } from "~/app.config";
import type { InquiryList, InquiryView, SendInquiry } from "~/contracts/inquiries";
import type { Db } from "~/db/client.server";
import {
  findInquiryByTokenHash,
  findPostingForInquiry,
  findReceivedInquiry,
  type InquiryPosting,
  insertInquiry,
  listReceivedInquiries,
  markAnswered,
  storeReply,
  undoReply,
} from "~/db/inquiries.server";
import { AppError, conflict, forbidden, gone, notFound } from "~/domain/errors";
import { inquiryChoiceLabels, mailboxKey } from "~/domain/inquiry";
import type { SessionUser } from "~/domain/session";
import { localClient } from "~/lib/client-address";
import { randomToken, sha256Hex } from "~/lib/crypto";
import type { CaptchaProvider } from "./providers/captcha.server";
import type { EmailProvider } from "./providers/email.server";
import type { SmsProvider } from "./providers/sms.server";

const hourMs = 3_600_000;
const title = (p: { make: string | null; model: string | null; trimName: string | null }) =>
  [p.make, p.model, p.trimName].filter(Boolean).join(" ") || "vozilo";

/** Where the seller is told: the salesperson, the dealership, the posting's contact, the account (decision 066). */
export function sellerAddress(p: InquiryPosting): string | null {
  const candidates = p.dealershipId
    ? [p.salespersonEmail, p.dealershipEmail, p.dealershipResponsibleEmail, p.contactEmail, p.ownerEmail]
    : [p.contactEmail, p.ownerEmail];
  return candidates.find((a): a is string => Boolean(a?.trim())) ?? null;
}

/**
 * Whose address the reply link goes to, when it is a person's: the link then works only while that person
 * still sells the posting (a salesperson who left the dealership cannot answer for it).
 */
function linkHolder(p: InquiryPosting, to: string | null): number | null {
  if (!to) return null;
  if (p.dealershipId === null) return p.userId;
  if (to === p.salespersonEmail) return p.salespersonId;
  if (to === p.ownerEmail) return p.userId;
  return null;
}

export type InquiryChannels = { mail: EmailProvider; captcha: CaptchaProvider; siteUrl: string; client: string };

/**
 * `POST postings/{code}/inquiries`: stores the buyer's message within the limits and e-mails it to the
 * seller without the buyer's address, and a confirmation to the buyer without the seller's.
 */
export async function sendInquiry(
  db: Db,
  channels: InquiryChannels,
  code: string,
  input: SendInquiry,
  buyer: SessionUser | null,
  now = new Date(),
) {
  const posting = await findPostingForInquiry(db, code);
  // A hidden posting does not exist for buyers (its page is a 404), so it takes no inquiry either.
  if (!posting || posting.hidden || (posting.status !== "PUBLISHED" && posting.status !== "SOLD"))
    throw notFound("Oglas ne obstaja.");
  if (posting.status === "SOLD") throw conflict("Vozilo je že prodano, zato prodajalec povpraševanj ne sprejema več.");
  if (
    buyer &&
    (buyer.id === posting.userId || (posting.dealershipId !== null && buyer.dealershipId === posting.dealershipId))
  )
    throw forbidden("Na svoj oglas ne morete poslati povpraševanja.");
  if (!(await channels.captcha.verify(input.captchaToken, channels.client, new URL(channels.siteUrl).hostname)))
    throw new AppError(400, "Preverjanje, da niste robot, ni uspelo. Poskusite znova.", { code: "CAPTCHA" });
  const limits = appConfig.inquiries;
  const since = (hours: number) => new Date(now.getTime() - hours * hourMs).toISOString();
  const token = randomToken(24);
  const to = sellerAddress(posting);
  // The chips' questions are part of the message (the form adds them as it goes; a form sent without
  // scripts has them only as choices).
  const questions = input.choices.map((c) => inquiryChoiceLabels[c]).filter((q) => !input.message.includes(q));
  const message = [input.message, ...questions].filter(Boolean).join("\n");
  const row = await insertInquiry(
    db,
    {
      postingId: posting.id,
      sellerUserId: posting.userId,
      dealershipId: posting.dealershipId,
      buyerUserId: buyer?.id ?? null,
      name: input.name,
      email: input.email ?? null,
      emailKey: input.email ? mailboxKey(input.email) : null,
      phone: input.phone ?? null,
      message,
      choices: input.choices,
      client: channels.client,
      replyTokenHash: await sha256Hex(token),
      tokenUserId: linkHolder(posting, to),
      createdAt: now.toISOString(),
    },
    {
      // A local run is one client (decision 037): only the per-address limits apply there.
      perClient: channels.client === localClient ? null : { max: limits.perClientPerHour, since: since(1) },
      perSender: { max: limits.perSenderPerDay, since: since(24) },
      perPostingPerSender: { max: limits.perPostingPerSenderPerDay, since: since(24) },
    },
  );
  if (!row)
    throw new AppError(
      429,
      "Poslali ste že veliko sporočil. Prodajalcu lahko znova pišete jutri; če se vam mudi, ga pokličite.",
      { code: "TOO_MANY_REQUESTS" },
    );
  const vehicle = title(posting);
  const postingUrl = `${channels.siteUrl}/oglas/${posting.id}`;
  const replyUrl = `${channels.siteUrl}/povprasevanja/odgovor?token=${encodeURIComponent(token)}`;
  if (to)
    await channels.mail.send({
      to,
      subject: `Povpraševanje za ${vehicle} (${posting.code})`,
      text: `${input.name} sprašuje o vašem oglasu ${vehicle} (${postingUrl}):\n\n${message}\n\nOdgovorite na strani: ${replyUrl}\n\nKupčev naslov vam pokažemo, ko mu odgovorite; vaš naslov kupec izve šele iz vašega odgovora.`,
      link: replyUrl,
    });
  // The confirmation repeats the buyer's words only to their own account's address: to an address anyone
  // may type it carries none of the sender's text, so the form cannot mail a stranger someone else's words.
  const ownAddress = Boolean(buyer?.email && input.email && mailboxKey(buyer.email) === mailboxKey(input.email));
  if (input.email)
    await channels.mail.send({
      to: input.email,
      subject: `Vaše sporočilo je poslano: ${vehicle}`,
      text: ownAddress
        ? `Pozdravljeni, ${input.name}.\n\nVaše sporočilo o vozilu ${vehicle} smo poslali prodajalcu:\n\n${message}\n\nKo vam odgovori, boste odgovor prejeli po e-pošti. Oglas: ${postingUrl}`
        : `Pozdravljeni.\n\nNa Avtotrgu je bilo s tem naslovom poslano sporočilo prodajalcu vozila ${vehicle}. Ko prodajalec odgovori, boste odgovor prejeli po e-pošti. Oglas: ${postingUrl}\n\nČe sporočila niste poslali vi, to e-pošto prezrite.`,
      link: postingUrl,
    });
  return { id: row.id, postId: posting.id };
}

type Row = NonNullable<Awaited<ReturnType<typeof findReceivedInquiry>>>;

/** The seller's view of one inquiry: the buyer's address only once the seller replied (decision 066). */
export function toInquiryView(r: Row): InquiryView {
  return {
    id: r.id,
    status: r.status,
    createdAt: r.createdAt,
    posting: { postId: r.postingId, code: r.code, title: title(r) },
    name: r.name,
    message: r.message,
    choices: r.choices,
    contact: r.reply !== null ? { email: r.email, phone: r.phone } : null,
    reachableBy: r.email ? "email" : "phone",
    reply: r.reply,
    repliedAt: r.repliedAt,
    answeredAt: r.answeredAt,
  };
}

/** `GET inquiries`: the newest received inquiries (the dealership's for its members) and the count of new ones. */
export async function receivedInquiries(db: Db, user: SessionUser): Promise<InquiryList> {
  const { rows, newCount } = await listReceivedInquiries(db, user, appConfig.inquiries.listed);
  return { newCount, items: rows.map(toInquiryView) };
}

async function receivedOrNotFound(db: Db, user: SessionUser, id: number) {
  const row = await findReceivedInquiry(db, user, id);
  // Another seller's inquiry is indistinguishable from one that does not exist.
  if (!row) throw notFound("Povpraševanje ne obstaja.");
  return row;
}

export type ReplyChannels = { mail: EmailProvider; sms: () => SmsProvider; siteUrl: string };

/**
 * The seller's reply, once: stored, then sent to the buyer (by e-mail with the seller's address to reply to,
 * or by SMS to a buyer who left only a phone). From then on the seller sees the buyer's address.
 */
async function deliverReply(db: Db, channels: ReplyChannels, row: Row, reply: string, byUserId: number | null) {
  const now = new Date().toISOString();
  if (!(await storeReply(db, row.id, reply, byUserId, now))) throw conflict("Na to povpraševanje ste že odgovorili.");
  try {
    await sendReply(db, channels, row, reply);
  } catch (err) {
    // Not delivered (a refused SMS, a failed mail): the reply does not count, so the buyer's address stays
    // hidden and the seller can send it again.
    await undoReply(db, row.id, now);
    throw err;
  }
  return { replied: true };
}

async function sendReply(db: Db, channels: ReplyChannels, row: Row, reply: string) {
  const posting = await findPostingForInquiry(db, row.code);
  const seller = posting ? sellerAddress(posting) : null;
  const sellerName = posting?.dealershipPublicName ?? posting?.dealershipName ?? "Prodajalec";
  const vehicle = title(row);
  const postingUrl = `${channels.siteUrl}/oglas/${row.postingId}`;
  if (row.email)
    await channels.mail.send({
      to: row.email,
      subject: `Odgovor prodajalca: ${vehicle}`,
      text: `Pozdravljeni, ${row.name}.\n\n${sellerName} vam je odgovoril na sporočilo o vozilu ${vehicle} (${postingUrl}):\n\n${reply}\n\n${seller ? `Prodajalcu lahko pišete neposredno: ${seller}` : "Prodajalca lahko pokličete s strani oglasa."}\n\nVaše sporočilo:\n${row.message}`,
      link: postingUrl,
      ...(seller ? { replyTo: seller } : {}),
    });
  else if (row.phone)
    await channels.sms().send({
      to: row.phone,
      text: `Avtotrg, ${vehicle}: ${reply.slice(0, 300)}${seller ? ` Kontakt: ${seller}` : ""}`,
    });
}

/** `POST inquiries/{id}/reply`: a member of the dealership or the private seller answers from the site. */
export async function replyToInquiry(db: Db, channels: ReplyChannels, user: SessionUser, id: number, reply: string) {
  const row = await receivedOrNotFound(db, user, id);
  await deliverReply(db, channels, row, reply, user.id);
  return toInquiryView((await findReceivedInquiry(db, user, id)) ?? row);
}

/** `POST inquiries/{id}/answered`: closes an inquiry answered another way; the buyer's address stays hidden. */
export async function markInquiryAnswered(db: Db, user: SessionUser, id: number) {
  await receivedOrNotFound(db, user, id);
  await markAnswered(db, id, user.id, new Date().toISOString());
  return toInquiryView(await receivedOrNotFound(db, user, id));
}

const dayMs = 24 * hourMs;

/**
 * The inquiry an e-mailed link answers: the token is the permission, for that one only, for
 * `replyLinkDays`, and only while the person it was mailed to still sells the posting.
 */
async function byToken(db: Db, token: string, now = new Date()) {
  const row = token ? await findInquiryByTokenHash(db, await sha256Hex(token)) : null;
  if (!row) throw notFound("Povezava za odgovor ni veljavna.");
  const expired = now.getTime() - Date.parse(row.createdAt) > appConfig.inquiries.replyLinkDays * dayMs;
  if (expired || !row.tokenHolderStillSeller)
    throw gone("Povezava za odgovor ne velja več. Povpraševanja najdete med svojimi oglasi, ko se prijavite.");
  return row;
}

/**
 * `GET inquiries/reply?token=`: the inquiry the link answers. The link never shows the buyer's address:
 * a forwarded or logged link reads the message, not who sent it.
 */
export async function inquiryByToken(db: Db, token: string) {
  return { ...toInquiryView(await byToken(db, token)), contact: null };
}

/** `POST inquiries/reply`: the seller answers through the e-mailed link, signed in or not. */
export async function replyByToken(db: Db, channels: ReplyChannels, token: string, reply: string) {
  const row = await byToken(db, token);
  await deliverReply(db, channels, row, reply, null);
  return toInquiryView(await byToken(db, token));
}
