import {
  confirmPhone,
  findOpenPinRequest,
  findUserByPhone,
  hitRateLimit,
  insertPinRequest,
  recordPinAttempt,
} from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import { conflict } from "~/domain/errors";
import { pinHash, pinLoginErrors, randomPin } from "./pin-login.server";
import type { SmsProvider } from "./providers/sms.server";

const takenMessage = "Ta telefonska številka je že povezana z drugim računom.";

/** Sends a code to a number the signed-in user wants to add (verify-phone dialog); the same answer for every number. */
export async function startPhoneVerification(
  db: Db,
  sms: SmsProvider,
  userId: number,
  phoneNumber: string,
  now = new Date(),
) {
  if (!(await hitRateLimit(db, `phone-verify:user:${userId}`, 5, 60 * 60_000, now)))
    throw pinLoginErrors.tooManyRequests();
  // No look-up here: whether another account has the number is told only to whoever proves, with
  // the code, that the number is theirs (issue 19, rule 12).
  const pin = randomPin();
  await insertPinRequest(db, {
    phoneNumber,
    pinHash: await pinHash(phoneNumber, pin),
    expiresAt: new Date(now.getTime() + 5 * 60_000).toISOString(),
    userId,
    purpose: "userUpdate",
  });
  await sms.send({
    to: phoneNumber,
    text: `Koda za potrditev telefonske številke na Avtotrgu je ${pin}. Velja 5 minut.`,
    pin,
  });
}

/** Confirms the number with the code: saved as the user's verified phone (409 only now, to the number's owner, when another account has it). */
export async function finishPhoneVerification(
  db: Db,
  userId: number,
  phoneNumber: string,
  pin: string,
  now = new Date(),
) {
  const request = await findOpenPinRequest(db, phoneNumber, now, "userUpdate", userId);
  if (!request || request.attempts >= 5) throw pinLoginErrors.noPinRequest();
  if (request.pinHash !== (await pinHash(phoneNumber, pin))) {
    await recordPinAttempt(db, request.id, false, now);
    throw pinLoginErrors.incorrectPin();
  }
  const owner = await findUserByPhone(db, phoneNumber);
  if (owner && owner.id !== userId) throw conflict(takenMessage);
  await confirmPhone(db, request.id, userId, phoneNumber, now);
}
