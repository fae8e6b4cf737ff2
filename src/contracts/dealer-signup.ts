/**
 * Dealer registration (`/trgovec/registracija`, `POST dealer-signup-interest`): the form's fields,
 * shared by the page and the API so both refuse the same input with the same Slovenian message.
 */
import { appConfig } from "~/app.config";
import {
  isValidRegistrationNumber,
  isValidTaxNumber,
  normalizeRegistrationNumber,
  normalizeTaxNumber,
} from "~/domain/business-ids";
import { emailSchema, slovenianMobileSchema, toSlovenianMobile } from "~/domain/validators";
import { z } from "~/domain/zod-locale";

const maxMegabytes = Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024));

/** One message per required field (spec section 5) and per way a value can be wrong. */
export const dealerSignupMessages = {
  companyNameRequired: "Vnesite ime podjetja.",
  taxNumberRequired: "Vnesite davčno številko podjetja.",
  taxNumberFormat: "Davčna številka ima 8 številk.",
  taxNumberInvalid: "Davčna številka ni veljavna. Preverite jo.",
  registrationNumberRequired: "Vnesite matično številko podjetja.",
  registrationNumberInvalid: "Matična številka ima 7 ali 10 številk.",
  firstNameRequired: "Vnesite ime odgovorne osebe.",
  lastNameRequired: "Vnesite priimek odgovorne osebe.",
  nameTooShort: "Vnesite vsaj 2 znaka.",
  phoneRequired: "Vnesite mobilno telefonsko številko.",
  pinRequired: "Vnesite geslo, ki ste ga prejeli po SMS.",
  pinInvalid: "Geslo ima 5 številk.",
  pinIncorrect: "Geslo ni pravilno.",
  pinNotRequested: "Za to številko še niste zahtevali gesla ali pa je poteklo. Kliknite »Pošlji geslo«.",
  extractRequired: "Priložite izpisek iz poslovnega registra.",
  extractUnsupported: "Izpisek mora biti datoteka PDF, JPEG, PNG ali WebP.",
  extractTooLarge: `Izpisek je prevelik (največ ${maxMegabytes} MB).`,
  dealershipInvalid: "Podatki obrazca niso veljavni.",
  tooLong: "Vnos je predolg.",
  emailLinkInvalid: "Povezava za potrditev ni veljavna, je že uporabljena ali je potekla. Zahtevo oddajte znova.",
} as const;
const msg = dealerSignupMessages;

/** A trimmed text that must not be empty, with its own message when it is. */
const requiredText = (required: string, max = 200) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: msg.tooLong, abort: true });

const personName = (required: string) => requiredText(required, 60).min(2, { error: msg.nameTooShort });

/** The `dealership` part of the multipart request (JSON). */
export const dealerSignupInputSchema = z.object({
  companyName: requiredText(msg.companyNameRequired),
  taxNumber: requiredText(msg.taxNumberRequired, 20)
    // overwrite keeps a ZodString, so the checks below run on the normalised value.
    .overwrite(normalizeTaxNumber)
    .regex(/^\d{8}$/, { error: msg.taxNumberFormat, abort: true })
    .refine(isValidTaxNumber, { error: msg.taxNumberInvalid }),
  registrationNumber: requiredText(msg.registrationNumberRequired, 20)
    .overwrite(normalizeRegistrationNumber)
    .refine(isValidRegistrationNumber, { error: msg.registrationNumberInvalid }),
  firstName: personName(msg.firstNameRequired),
  lastName: personName(msg.lastNameRequired),
  phoneNumber: requiredText(msg.phoneRequired, 30).pipe(slovenianMobileSchema),
  email: emailSchema.pipe(z.string().max(254, { error: msg.tooLong })),
  pin: requiredText(msg.pinRequired, 10).pipe(z.string().regex(/^\d{5}$/, { error: msg.pinInvalid })),
});
export type DealerSignupInput = z.input<typeof dealerSignupInputSchema>;
export type DealerSignup = z.output<typeof dealerSignupInputSchema>;

/** The form's field names, in display order (also the fieldErrors' `field` values). */
export const dealerSignupFields = [
  "companyName",
  "taxNumber",
  "registrationNumber",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "pin",
  "businessRegistryExtract",
] as const;
export type DealerSignupField = (typeof dealerSignupFields)[number];

/** `POST dealer-signup-interest/pin`: the mobile number the password is sent to. */
export const dealerSignupPinInputSchema = z.object({
  phoneNumber: requiredText(msg.phoneRequired, 30).pipe(slovenianMobileSchema),
});
export type DealerSignupPinInput = z.input<typeof dealerSignupPinInputSchema>;

/** Types the extract may have (the server decides by the file's bytes; the form only by its declared type). */
export const extractMimeTypes = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export const extractAccept = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";

/** The form's early check of the chosen file (missing, too large, obviously the wrong type); null when fine. */
export function extractFileProblem(file: { size: number; type: string; name: string } | null): string | null {
  if (!file || file.size === 0) return msg.extractRequired;
  if (file.size > appConfig.limits.fileSizeBytes) return msg.extractTooLarge;
  const byType = (extractMimeTypes as readonly string[]).includes(file.type);
  const byName = /\.(pdf|jpe?g|png|webp)$/i.test(file.name);
  return byType || (!file.type && byName) ? null : msg.extractUnsupported;
}

/** The first message per field of a failed parse, for marking the form's fields. */
export function fieldMessages(error: z.ZodError): Partial<Record<DealerSignupField, string>> {
  const out: Partial<Record<DealerSignupField, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as DealerSignupField;
    if ((dealerSignupFields as readonly string[]).includes(field) && !out[field]) out[field] = issue.message;
  }
  return out;
}

/** Whether a typed number is a Slovenian mobile number the "Pošlji geslo" button can send to. */
export const canSendPinTo = (phone: string) => toSlovenianMobile(phone) !== null;

/** `POST dealer-signup-interest/verify-email`: the token from the confirmation link. */
export const dealerSignupVerifyEmailInputSchema = z.object({
  token: z.string({ error: msg.emailLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: msg.emailLinkInvalid }),
});
