import { appConfig } from "~/app.config";
import {
  type Backoff,
  claimPinAttempt,
  clearPinBackoff,
  findOpenLoginPinRequestOfBrowser,
  findOpenPinRequest,
  findUserByPhone,
  hitRateLimit,
  insertPinRequest,
  pinLockedUntil,
  takePinAttempt,
  spendPinRequest,
} from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import { AppError } from "~/domain/errors";
import { sha256Hex } from "~/lib/crypto";
import { startSession } from "./auth.server";
import type { SmsProvider } from "./providers/sms.server";

/** Login errors with the spec's status codes (section 8) and Slovenian messages. */
export const pinLoginErrors = {
  incorrectPin: () => new AppError(401, "Vnesena koda ni pravilna.", { code: "INCORRECT_PIN" }),
  noPinRequest: () =>
    new AppError(404, "Za to številko nismo poslali kode ali je koda potekla. Zahtevajte novo.", {
      code: "NO_PIN_REQUEST",
    }),
  /** 404 as without a code: the number's open code was asked for in another browser (decision 036). */
  pinAskedElsewhere: () =>
    new AppError(404, "Kodo vnesite v brskalniku, v katerem ste jo zahtevali, ali zahtevajte novo.", {
      code: "NO_PIN_REQUEST",
    }),
  tooManyRequests: () =>
    new AppError(429, "Preveč poskusov. Poskusite znova čez nekaj minut.", { code: "TOO_MANY_REQUESTS" }),
  phoneNotFound: () => new AppError(445, "Telefonska številka ni registrirana.", { code: "PHONE_NUMBER_NOT_FOUND" }),
  userMigrated: () =>
    new AppError(446, "Vaš račun je že prenesen na nov način prijave. Prijavite se z e-pošto ali družbenim omrežjem.", {
      code: "USER_MIGRATED",
    }),
};

/** How long a sign-in code (and the cookie of the browser that asked for it) lives. */
export const pinLifetimeMs = 5 * 60_000;
const maxAttemptsPerPin = 5;
const legacyCutoff = new Date(appConfig.legacyPhoneLoginBefore).getTime();

export const pinHash = (phone: string, pin: string) => sha256Hex(`pin:${phone}:${pin}`);
/** What the pin request stores of the browser's nonce (the cookie itself never reaches the database). */
export const browserHashOf = (nonce: string) => sha256Hex(`pin-browser:${nonce}`);

/** A fresh random nonce for the browser that asks for a code (256 bits, base64url). */
export function randomBrowserNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function randomPin(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return String(n % 100_000).padStart(5, "0");
}

/** A user may sign in by phone only if registered before 22 July 2025 and not yet moved to e-mail. */
function isLegacyPhoneUser(user: { registeredAt: string; email: string | null }) {
  return new Date(user.registeredAt).getTime() < legacyCutoff && !user.email;
}

/**
 * `GET login?number=`: sends a 5-digit code by SMS, bound to the asking browser (`browser`: the nonce
 * of its cookie; only its hash is stored). Throttled per number and per IP. Answers the same for
 * unknown numbers (no probing which numbers have accounts).
 */
export async function sendLoginPin(
  db: Db,
  sms: SmsProvider,
  input: { phoneNumber: string; ip: string; browser: string },
  now = new Date(),
) {
  const okPhone = await hitRateLimit(db, `pin-send:phone:${input.phoneNumber}`, 3, 10 * 60_000, now);
  const okIp = await hitRateLimit(db, `pin-send:ip:${input.ip}`, 20, 60 * 60_000, now);
  if (!okPhone || !okIp) throw pinLoginErrors.tooManyRequests();
  const user = await findUserByPhone(db, input.phoneNumber);
  if (!user || !isLegacyPhoneUser(user) || user.disabled) return;
  const pin = randomPin();
  await insertPinRequest(db, {
    phoneNumber: input.phoneNumber,
    pinHash: await pinHash(input.phoneNumber, pin),
    expiresAt: new Date(now.getTime() + pinLifetimeMs).toISOString(),
    userId: user.id,
    browserHash: await browserHashOf(input.browser),
  });
  await sms.send({ to: input.phoneNumber, text: `Vaša koda za prijavo v Avtotrg je ${pin}. Velja 5 minut.`, pin });
}

/**
 * Legacy PIN sign-in backs off exponentially (decision 036): per number and client (two free attempts,
 * then 1 s, 2 s, 4 s … up to 15 minutes: one client guessing only locks itself out), and per number over
 * every client (five free, then 15 s doubling up to `pinNumberLockCapMs`). Each attempt is taken in one
 * conditional write; a locked key counts nothing, so no lock grows past its cap. A code counts only in
 * the browser that asked for it, and that browser's FIRST attempt on it is not stopped by any lock (it
 * still counts): the owner who types the right code once always gets in, whatever strangers do.
 */
export const pinClientBackoff: Backoff = { free: 2, baseMs: 1000, capMs: 15 * 60_000, quietMs: 15 * 60_000 };
export const pinNumberLockCapMs = 5 * 60_000;
export const pinNumberBackoff: Backoff = { free: 5, baseMs: 15_000, capMs: pinNumberLockCapMs, quietMs: 15 * 60_000 };

const lockedOut = (untilMs: number | null, now: Date) => {
  const minutes = Math.max(1, Math.ceil(((untilMs ?? now.getTime()) - now.getTime()) / 60_000));
  return new AppError(429, `Preveč napačnih poskusov. Poskusite znova čez ${minutes} min.`, {
    code: "TOO_MANY_REQUESTS",
  });
};

/**
 * `POST login {phoneNumber, pin}`: a session for the legacy phone user, or the spec's error. `browser`
 * is the nonce of the browser's code cookie (null without one): only the open code that browser asked
 * for is checked, so a browser without it never uses or burns anyone's code.
 */
export async function signInWithPin(
  db: Db,
  input: { phoneNumber: string; pin: string; ip: string; browser: string | null },
  now = new Date(),
) {
  const okIp = await hitRateLimit(db, `pin-try:ip:${input.ip}`, 30, 15 * 60_000, now);
  if (!okIp) throw pinLoginErrors.tooManyRequests();
  const user = await findUserByPhone(db, input.phoneNumber);
  if (!user || user.disabled) throw pinLoginErrors.phoneNotFound();
  if (!isLegacyPhoneUser(user)) throw pinLoginErrors.userMigrated();
  const clientKey = `${input.phoneNumber}|${input.ip}`;
  const numberKey = `${input.phoneNumber}|*`;
  const request = input.browser
    ? await findOpenLoginPinRequestOfBrowser(db, input.phoneNumber, await browserHashOf(input.browser), now)
    : undefined;
  // The holder's first attempt on its code: claimed in one conditional write (attempts < 1), so only one
  // request ever gets it; it counts under both keys but no lock stops it.
  const first = request && request.attempts === 0 ? await claimPinAttempt(db, request.id, 1, now) : null;
  if (first) {
    await takePinAttempt(db, clientKey, pinClientBackoff, now);
    await takePinAttempt(db, numberKey, pinNumberBackoff, now);
  } else {
    if ((await takePinAttempt(db, clientKey, pinClientBackoff, now)) === null)
      throw lockedOut(await pinLockedUntil(db, clientKey, now), now);
    if ((await takePinAttempt(db, numberKey, pinNumberBackoff, now)) === null)
      throw lockedOut(await pinLockedUntil(db, numberKey, now), now);
  }
  if (!request)
    throw (await findOpenPinRequest(db, input.phoneNumber, now))
      ? pinLoginErrors.pinAskedElsewhere()
      : pinLoginErrors.noPinRequest();
  if (!first && !(await claimPinAttempt(db, request.id, maxAttemptsPerPin, now))) throw pinLoginErrors.noPinRequest();
  const correct = request.pinHash === (await pinHash(input.phoneNumber, input.pin));
  if (!correct) throw pinLoginErrors.incorrectPin();
  if (!(await spendPinRequest(db, request.id, now))) throw pinLoginErrors.noPinRequest();
  await clearPinBackoff(db, [clientKey, numberKey]);
  return { userId: user.id, session: await startSession(db, user.id, now) };
}
