import { appConfig } from "~/app.config";
import { hitRateLimit, recordPinAttempt } from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import {
  type Applicant,
  type ConfirmedSignup,
  dealershipCodesLike,
  findDealerSignupRequest,
  findOpenDealerSignupPin,
  findUserByEmailAddress,
  findUserByPhoneNumber,
  insertDealerSignupPin,
  insertDealerSignupRequest,
  markDealerSignupEmailVerified,
  storeConfirmedSignup,
  storeRejectedSignup,
} from "~/db/dealer-signup.server";
import { isGuardFailure, isUniqueViolation } from "~/db/batch.server";
import { dealershipCodeBase, uniqueDealershipCode } from "~/domain/dealership-code";
import { AppError, conflict, type FieldError, notFound } from "~/domain/errors";
import { sniffByteCount, sniffedExtension, sniffFileType, type SniffedFileType } from "~/domain/file-sniff";
import { exceedsPictureLimits, oversizedPictureMessage } from "~/domain/image-size";
import { dealerSignupMessages as msg, type DealerSignup } from "~/contracts/dealer-signup";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { pinHash, pinLoginErrors, randomPin } from "./pin-login.server";
import type { EmailProvider } from "./providers/email.server";
import type { SmsProvider } from "./providers/sms.server";

// The applicant fills in the rest of the form after the SMS arrives (and may look for the register
// extract first), so the password lives longer than a sign-in code.
const pinLifetimeMs = 30 * 60_000;
const maxAttemptsPerPin = 5;
// The applicant confirms the application's e-mail within a week, or the request never counts.
const emailLinkLifetimeMs = 7 * 24 * 60 * 60_000;
const acceptedExtractTypes: ReadonlySet<SniffedFileType> = new Set([
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
]);

/** Where the extracts live in R2: a random key, never derived from the request (nobody can guess one). */
export const extractKeyPrefix = "private/dealer-signup/";

const fieldError = (statusCode: number, field: string, kind: FieldError["kind"], message: string, code: string) =>
  new AppError(statusCode, message, { code, fieldErrors: [{ field, kind, message }], errors: [] });

/** The errors of the registration endpoints (one place, for the routes and the tests). */
export const dealerSignupErrors = {
  pinIncorrect: () => fieldError(400, "pin", "INVALID", msg.pinIncorrect, "INCORRECT_PIN"),
  pinNotRequested: () => fieldError(400, "pin", "INVALID", msg.pinNotRequested, "NO_PIN_REQUEST"),
  extractTooLarge: () => fieldError(413, "businessRegistryExtract", "INVALID", msg.extractTooLarge, "FILE_TOO_LARGE"),
  extractUnsupported: () =>
    fieldError(415, "businessRegistryExtract", "INVALID", msg.extractUnsupported, "UNSUPPORTED_FILE_TYPE"),
  extractOversizedPicture: () =>
    fieldError(413, "businessRegistryExtract", "INVALID", oversizedPictureMessage, "IMAGE_TOO_LARGE"),
  requestNotFound: () => notFound("Zahteva za registracijo ne obstaja."),
  notPending: () => conflict("O tej zahtevi za registracijo je že odločeno."),
  applicantTaken: () => conflict("Prijavitelj že pripada drugemu trgovcu."),
  emailNotVerified: () => conflict("Prijavitelj še ni potrdil e-poštnega naslova."),
  emailLinkInvalid: () => fieldError(400, "token", "INVALID", msg.emailLinkInvalid, "INVALID_EMAIL_LINK"),
};

/** Where the confirmation link of a dealer registration leads (the page posts the token back). */
export const emailConfirmationPath = "/trgovec/registracija/potrditev";

/**
 * `POST dealer-signup-interest/pin`: sends the registration password by SMS (the outbox locally).
 * Throttled per number and per IP (429); anyone may ask, signed in or not.
 */
export async function sendDealerSignupPin(
  db: Db,
  sms: SmsProvider,
  input: { phoneNumber: string; ip: string; userId: number | null },
  now = new Date(),
) {
  const okPhone = await hitRateLimit(db, `dealer-pin:phone:${input.phoneNumber}`, 3, 10 * 60_000, now);
  const okIp = await hitRateLimit(db, `dealer-pin:ip:${input.ip}`, 20, 60 * 60_000, now);
  if (!okPhone || !okIp) throw pinLoginErrors.tooManyRequests();
  const pin = randomPin();
  await insertDealerSignupPin(db, {
    phoneNumber: input.phoneNumber,
    pinHash: await pinHash(input.phoneNumber, pin),
    expiresAt: new Date(now.getTime() + pinLifetimeMs).toISOString(),
    userId: input.userId,
  });
  await sms.send({
    to: input.phoneNumber,
    text: `Geslo za registracijo trgovca na Avtotrgu je ${pin}. Velja 30 minut.`,
    pin,
  });
}

/** The extract's real type by its bytes (PDF or a picture), after the size limit; else 413 / 415 on the field (413 also for a picture declaring too many pixels). */
async function extractType(file: File): Promise<SniffedFileType> {
  if (file.size > appConfig.limits.fileSizeBytes) throw dealerSignupErrors.extractTooLarge();
  const sniffed = sniffFileType(new Uint8Array(await file.slice(0, sniffByteCount).arrayBuffer()));
  if (!sniffed || !acceptedExtractTypes.has(sniffed)) throw dealerSignupErrors.extractUnsupported();
  if (sniffed.startsWith("image/") && exceedsPictureLimits(new Uint8Array(await file.arrayBuffer())))
    throw dealerSignupErrors.extractOversizedPicture();
  return sniffed;
}

/**
 * `POST dealer-signup-interest` with valid fields: checks the file by its bytes, then the password
 * (wrong: 400 on `pin`), stores the extract in R2 and the PENDING request with the password's hash.
 * A failed put or insert removes the object again, so no extract is left without its request.
 */
export async function submitDealerSignup(
  db: Db,
  bucket: R2Bucket,
  input: { fields: DealerSignup; file: File; userId: number | null; ip: string; email: EmailProvider; origin: string },
  now = new Date(),
): Promise<{ id: number; status: "UNVERIFIED" }> {
  const { fields, file } = input;
  if (!(await hitRateLimit(db, `dealer-signup:ip:${input.ip}`, 30, 60 * 60_000, now)))
    throw pinLoginErrors.tooManyRequests();
  const mimeType = await extractType(file);

  const pinRequest = await findOpenDealerSignupPin(db, fields.phoneNumber, now);
  if (!pinRequest || pinRequest.attempts >= maxAttemptsPerPin) throw dealerSignupErrors.pinNotRequested();
  const hash = await pinHash(fields.phoneNumber, fields.pin);
  if (hash !== pinRequest.pinHash) {
    await recordPinAttempt(db, pinRequest.id, false, now);
    throw dealerSignupErrors.pinIncorrect();
  }

  // Each application e-mails its address: a few per address and hour, so nobody floods a stranger's inbox
  // (each one needs a password sent to the applicant's phone). Counted after the checks of the form, the
  // extract and the password (which stays usable), so only applications that would be stored count.
  if (
    !(await hitRateLimit(
      db,
      `dealer-signup:email:${fields.email.trim().toLowerCase()}`,
      appConfig.limits.dealerSignupEmailsPerAddressPerHour,
      60 * 60_000,
      now,
    ))
  )
    throw pinLoginErrors.tooManyRequests();
  const extractKey = `${extractKeyPrefix}${crypto.randomUUID()}.${sniffedExtension[mimeType]}`;
  const emailToken = randomToken(32);
  let id: number;
  try {
    // Inside the try: a put that fails may still have stored the object.
    await bucket.put(extractKey, file, { httpMetadata: { contentType: mimeType } });
    id = await insertDealerSignupRequest(
      db,
      pinRequest.id,
      {
        companyName: fields.companyName,
        taxNumber: fields.taxNumber,
        registrationNumber: fields.registrationNumber,
        firstName: fields.firstName,
        lastName: fields.lastName,
        phone: fields.phoneNumber,
        email: fields.email,
        pinHash: hash,
        extractKey,
        extractMimeType: mimeType,
        userId: input.userId,
        emailTokenHash: await sha256Hex(emailToken),
      },
      now,
    );
  } catch (err) {
    await bucket
      .delete(extractKey)
      .catch((e: unknown) => console.error("dealer signup: orphan R2 object", extractKey, e));
    // The same password was used by a parallel submission a moment ago.
    if (isGuardFailure(err, "dealer_signup_requests.pin_hash")) throw dealerSignupErrors.pinNotRequested();
    throw err;
  }
  // The request counts only after the applicant opens this link (issue 19, rule 5; decision 034).
  const link = `${input.origin}${emailConfirmationPath}?token=${emailToken}`;
  await input.email
    .send({
      to: fields.email,
      subject: "Potrdite e-poštni naslov za registracijo trgovca",
      text: [
        `Pozdravljeni, ${fields.firstName}!`,
        `Za podjetje ${fields.companyName} ste oddali zahtevo za registracijo trgovca na Avtotrgu. Zahtevo bomo začeli preverjati, ko potrdite ta e-poštni naslov:`,
        link,
        "Povezava velja 7 dni. Če zahteve niste oddali vi, to sporočilo prezrite.",
      ].join("\n\n"),
      link,
    })
    .catch((err: unknown) => console.error("dealer signup: confirmation e-mail failed", fields.email, err));
  return { id, status: "UNVERIFIED" };
}

/**
 * `POST dealer-signup-interest/verify-email {token}`: the applicant confirms the application's e-mail;
 * from then on the request is PENDING for admins. An unknown, used or expired token is a 400 on `token`.
 */
export async function verifyDealerSignupEmail(db: Db, token: string, now = new Date()) {
  const createdAfter = new Date(now.getTime() - emailLinkLifetimeMs).toISOString();
  const row = await markDealerSignupEmailVerified(db, await sha256Hex(token), createdAfter, now);
  if (!row) throw dealerSignupErrors.emailLinkInvalid();
  return { id: row.id, status: "PENDING" as const, companyName: row.companyName, email: row.email };
}

/**
 * Who becomes the head: only the account of the e-mail the applicant confirmed (whoever opens that
 * inbox can sign in to it anyway), else a new account. Never the account of the phone or of whoever
 * happened to be signed in (issue 19, rule 5): those may be a stranger's.
 */
async function findApplicant(db: Db, request: { email: string; phone: string }) {
  const byEmail = await findUserByEmailAddress(db, request.email);
  const phoneOwner = await findUserByPhoneNumber(db, request.phone);
  return { applicant: byEmail ?? null, phoneOwner: phoneOwner ?? null };
}

/** Fills what the existing account lacks from the request; never overwrites what the user has set. */
function fillAccount(
  applicant: Applicant,
  phoneOwner: Applicant | null,
  request: { email: string; phone: string; firstName: string; lastName: string },
) {
  const set: Extract<ConfirmedSignup["head"], { kind: "existing" }>["set"] = {};
  if (!applicant.firstName) set.firstName = request.firstName;
  if (!applicant.lastName) set.lastName = request.lastName;
  if (!applicant.phoneNumber && !phoneOwner) {
    // The number was proven with the SMS password on the form.
    set.phoneNumber = request.phone;
    set.phoneVerified = true;
  }
  return set;
}

export type DealerSignupDecision = { email?: EmailProvider; origin?: string; now?: Date };

/**
 * Admin confirms a PENDING request: one batch creates the dealership (code from the company name,
 * unique), makes the applicant its HEAD (the account with that e-mail or phone, else a new account)
 * and marks the request CONFIRMED; then the access e-mail goes out when a provider is given.
 * 404 unknown request, 409 already decided or the applicant already belongs to a dealership.
 */
export async function confirmDealerSignup(
  db: Db,
  requestId: number,
  adminUserId: number,
  options: DealerSignupDecision = {},
) {
  const now = options.now ?? new Date();
  const request = await findDealerSignupRequest(db, requestId);
  if (!request) throw dealerSignupErrors.requestNotFound();
  if (request.status !== "PENDING") throw dealerSignupErrors.notPending();
  if (!request.emailVerifiedAt) throw dealerSignupErrors.emailNotVerified();
  const { applicant, phoneOwner } = await findApplicant(db, request);
  if (applicant?.dealershipId) throw dealerSignupErrors.applicantTaken();

  const head: ConfirmedSignup["head"] = applicant
    ? { kind: "existing", userId: applicant.id, set: fillAccount(applicant, phoneOwner, request) }
    : {
        kind: "new",
        email: request.email,
        firstName: request.firstName,
        lastName: request.lastName,
        phoneNumber: phoneOwner ? null : request.phone,
      };
  const base = dealershipCodeBase(request.companyName);
  const dealership: ConfirmedSignup["dealership"] = {
    name: request.companyName,
    publicName: request.companyName,
    email: request.email,
    phone: request.phone,
    taxNumber: request.taxNumber,
    registrationNumber: request.registrationNumber,
    responsibleFirstName: request.firstName,
    responsibleLastName: request.lastName,
    responsiblePhone: request.phone,
    responsibleEmail: request.email,
  };

  // Another dealership may take the chosen code between the lookup and the batch: pick again.
  let stored: { dealershipId: number; userId: number };
  let code: string;
  for (let attempt = 0; ; attempt++) {
    code = uniqueDealershipCode(base, await dealershipCodesLike(db, base));
    try {
      stored = await storeConfirmedSignup(db, { requestId, adminUserId, code, dealership, head }, now);
      break;
    } catch (err) {
      if (isGuardFailure(err, "audit_log.action")) throw dealerSignupErrors.notPending();
      if (!isUniqueViolation(err, "dealerships.code") || attempt >= 2) throw err;
    }
  }

  const loginEmail = head.kind === "new" ? head.email : (applicant?.email ?? request.email);
  if (options.email)
    await sendAccessEmail(options.email, options.origin ?? appConfig.siteUrl, {
      to: request.email,
      loginEmail,
      companyName: request.companyName,
      firstName: request.firstName,
      code,
    });
  return { dealershipId: stored.dealershipId, userId: stored.userId, code };
}

async function sendAccessEmail(
  email: EmailProvider,
  origin: string,
  p: { to: string; loginEmail: string; companyName: string; firstName: string; code: string },
) {
  const loginUrl = `${origin}/relogin`;
  try {
    await email.send({
      to: p.to,
      subject: "Registracija trgovca na Avtotrgu je potrjena",
      text: [
        `Pozdravljeni, ${p.firstName}!`,
        `Potrdili smo registracijo podjetja ${p.companyName} kot trgovca na Avtotrgu.`,
        `Prijavite se na ${loginUrl} z e-poštnim naslovom ${p.loginEmail}: nanj vam pošljemo povezavo za prijavo, gesla ne potrebujete.`,
        `Stran vašega podjetja: ${origin}/trgovec/${p.code}`,
      ].join("\n\n"),
      link: loginUrl,
    });
  } catch (err) {
    // The confirmation itself is stored; the admin can resend access data by other means.
    console.error("dealer signup: access e-mail failed", p.to, err);
  }
}

/** Admin rejects a PENDING request (404 unknown, 409 already decided); the applicant is told by e-mail when a provider is given. */
export async function rejectDealerSignup(
  db: Db,
  requestId: number,
  adminUserId: number,
  options: DealerSignupDecision = {},
) {
  const request = await findDealerSignupRequest(db, requestId);
  if (!request) throw dealerSignupErrors.requestNotFound();
  if (request.status !== "PENDING") throw dealerSignupErrors.notPending();
  if (!request.emailVerifiedAt) throw dealerSignupErrors.emailNotVerified();
  try {
    await storeRejectedSignup(db, requestId, adminUserId, options.now);
  } catch (err) {
    if (isGuardFailure(err, "audit_log.action")) throw dealerSignupErrors.notPending();
    throw err;
  }
  if (options.email) {
    await options.email
      .send({
        to: request.email,
        subject: "Registracija trgovca na Avtotrgu",
        text: `Pozdravljeni, ${request.firstName}!\n\nRegistracije podjetja ${request.companyName} kot trgovca žal nismo mogli potrditi. Za pojasnila pišite na ${appConfig.helpEmail}.`,
      })
      .catch((err: unknown) => console.error("dealer signup: rejection e-mail failed", request.email, err));
  }
}
