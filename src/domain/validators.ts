// Zod schemas shared by client forms and server handlers, so both reject the same
// input with the same Slovenian message.
import { slovenianMobilePrefixes } from "~/domain/phone";
import { normalizeVin } from "~/domain/vin-text";
import { z } from "~/domain/zod-locale";

export const validationMessages = {
  emailRequired: "Vnesite e-poštni naslov.",
  emailInvalid: "Neveljaven naslov elektronske pošte",
  phoneInvalid: "Neveljavna telefonska številka.",
  slovenianMobileOnly: "Dovoljene so le slovenske mobilne številke.",
  pinInvalid: "Koda mora imeti 5 številk.",
  vinInvalid: "Številka šasije ni veljavna.",
  nameTooShort: "Vnesite vsaj 2 znaka.",
  firstNameTooShort: "Vnesite ime (vsaj 2 znaka).",
  lastNameTooShort: "Vnesite priimek (vsaj 2 znaka).",
  digitsOnly: "Vnesite samo številke.",
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;

// Translation keys used by the legacy i18n catalogue for the same name errors.
export const missingFirstnameKey = "error.missingFirstname";
export const missingLastnameKey = "error.missingLastname";

// ---------------------------------------------------------------------------
// E-mail

// Deliberately loose: strict RFC validation rejects real addresses; we only want to
// catch typos such as a missing "@" or top-level domain.
const emailPattern = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/;

export const emailSchema = z
  .string({ error: validationMessages.emailRequired })
  .trim()
  // abort so an empty field shows only "required", not "required" + "invalid".
  .min(1, { error: validationMessages.emailRequired, abort: true })
  .regex(emailPattern, { error: validationMessages.emailInvalid });
export type Email = z.output<typeof emailSchema>;

// ---------------------------------------------------------------------------
// Phone (any country)

// Optional "+", optional 2–3 digit area/country group, then ≥ 6 digits; single spaces or
// dashes may separate digit groups, but not lead, trail or repeat.
const phonePattern = /^\+?(?:\d{2,3}[ -]?)?(?:\d[ -]?){5,}\d$/;
// E.164 caps numbers at 15 digits; anything longer is a paste accident.
const maxPhoneDigits = 15;

/** Strips whitespace; the API expects phone numbers without spaces. */
export function normalizePhone(s: string): string {
  return s.replace(/\s+/g, "");
}

export const phoneSchema = z
  .string({ error: validationMessages.phoneInvalid })
  .trim()
  .regex(phonePattern, { error: validationMessages.phoneInvalid, abort: true })
  .refine((s) => s.replace(/\D/g, "").length <= maxPhoneDigits, {
    error: validationMessages.phoneInvalid,
  })
  .transform(normalizePhone);
export type PhoneInput = z.input<typeof phoneSchema>;
export type Phone = z.output<typeof phoneSchema>;

// ---------------------------------------------------------------------------
// Slovenian mobile phone

// Mobile network prefixes: src/domain/phone.ts (kept free of zod for the pages that only show phones).
export { slovenianMobilePrefixes };

// Accepts +386 / 00386 international form (tolerating the redundant trunk 0 people often
// type after the country code) or the national form with leading 0.
const slovenianMobilePattern = new RegExp(`^(?:(?:\\+|00)3860?|0)(${slovenianMobilePrefixes.join("|")})(\\d{6})$`);

/** Canonical "+386XXXXXXXX" form, or null when the input is not a Slovenian mobile number. */
export function toSlovenianMobile(s: string): string | null {
  // Separators commonly typed in Slovenia: "041 123 456", "041-123-456", "041/123-456".
  const compact = s.replace(/[\s\-/.()]/g, "");
  const match = slovenianMobilePattern.exec(compact);
  if (match === null) return null;
  const [, prefix = "", subscriber = ""] = match;
  return `+386${prefix}${subscriber}`;
}

export const slovenianMobileSchema = z
  .string({ error: validationMessages.slovenianMobileOnly })
  .refine((s) => toSlovenianMobile(s) !== null, {
    error: validationMessages.slovenianMobileOnly,
    abort: true,
  })
  .transform((s) => toSlovenianMobile(s) ?? s);
export type SlovenianMobileInput = z.input<typeof slovenianMobileSchema>;
export type SlovenianMobile = z.output<typeof slovenianMobileSchema>;

// ---------------------------------------------------------------------------
// One-time PIN

export const pinSchema = z
  .string({ error: validationMessages.pinInvalid })
  .trim()
  .regex(/^\d{5}$/, { error: validationMessages.pinInvalid });
export type Pin = z.output<typeof pinSchema>;

// ---------------------------------------------------------------------------
// VIN

// ISO 3779 excludes I, O and Q because they are too easily confused with 1 and 0.
const vinPattern = /^[A-HJ-NPR-Z0-9]{17}$/;

// The one normalisation (in a module without zod, for forms that load zod only when sent).
export { normalizeVin };

export function isValidVin(s: string): boolean {
  return vinPattern.test(normalizeVin(s));
}

export const vinSchema = z
  .string({ error: validationMessages.vinInvalid })
  // overwrite (not transform) keeps it a ZodString so the regex runs on the normalised value.
  .overwrite(normalizeVin)
  .regex(vinPattern, { error: validationMessages.vinInvalid });
export type Vin = z.output<typeof vinSchema>;

// ---------------------------------------------------------------------------
// Names

function minTwoCharsSchema(message: string) {
  return z.string({ error: message }).trim().min(2, { error: message });
}

export const nameSchema = minTwoCharsSchema(validationMessages.nameTooShort);
export const firstNameSchema = minTwoCharsSchema(validationMessages.firstNameTooShort);
export const lastNameSchema = minTwoCharsSchema(validationMessages.lastNameTooShort);
export type Name = z.output<typeof nameSchema>;
export type FirstName = z.output<typeof firstNameSchema>;
export type LastName = z.output<typeof lastNameSchema>;

// ---------------------------------------------------------------------------
// Digits

export const digitsOnlySchema = z
  .string({ error: validationMessages.digitsOnly })
  .regex(/^\d+$/, { error: validationMessages.digitsOnly });
export type DigitsOnly = z.output<typeof digitsOnlySchema>;

/** Input mask helper: drops everything that is not an ASCII digit. */
export { digitsOnly } from "./digits";
