// Salespeople, contacts and delegation: one set of schemas for the dealer forms and the API routes,
// so both refuse the same input with the same Slovenian message.
import { z } from "~/domain/zod-locale";
import { toCanonicalPhone } from "~/domain/phone";
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  slovenianMobileSchema,
  validationMessages,
} from "~/domain/validators";

/** The spec's contact messages (section 5) and ours for the rest. */
export const peopleMessages = {
  contactNameRequired: "Kontakt potrebuje ime",
  contactNeedsOne: "Potrebujemo vsaj enega od kontaktov",
  emailInvalid: validationMessages.emailInvalid,
  phoneInvalid: validationMessages.phoneInvalid,
  nameTooLong: "Ime je predolgo (največ 100 znakov).",
  commentTooLong: "Komentar je predolg (največ 500 znakov).",
} as const;

const trimmedOrNull = (v: string | null | undefined) => {
  const t = (v ?? "").trim();
  return t === "" ? null : t;
};

/** A Slovenian mobile number (salespeople get SMS), normalised to +386…; spaces and dashes allowed. */
export const salespersonPhoneSchema = z
  .string({ error: validationMessages.slovenianMobileOnly })
  .trim()
  .pipe(slovenianMobileSchema);

/** `POST dealer/salespeople`: a new salesperson of the dealership. */
export const addSalespersonInputSchema = z.object({
  phoneNumber: salespersonPhoneSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type AddSalespersonInput = z.input<typeof addSalespersonInputSchema>;

/** `POST dealer/salespeople/{phoneNumber}`: new names (the phone is the salesperson's key). */
export const updateSalespersonInputSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });
export type UpdateSalespersonInput = z.input<typeof updateSalespersonInputSchema>;

/** `POST postings/{code}/delegate`. */
export const delegatePostingInputSchema = z.object({ phoneNumber: salespersonPhoneSchema });
export type DelegatePostingInput = z.input<typeof delegatePostingInputSchema>;

// Contact phones may be landlines (a showroom's switchboard), so any phone the spec's rule allows is
// accepted, stored in the one E.164 form (issue 21).
const contactPhoneSchema = z
  .string()
  .nullish()
  .transform(trimmedOrNull)
  .refine((v) => v === null || toCanonicalPhone(v) !== null, { error: peopleMessages.phoneInvalid })
  .transform((v) => (v === null ? null : (toCanonicalPhone(v) ?? v)));

const contactEmailSchema = z
  .string()
  .nullish()
  .transform(trimmedOrNull)
  .refine((v) => v === null || emailSchema.safeParse(v).success, { error: peopleMessages.emailInvalid });

/** `POST dealer/contacts`: creates a contact, or updates the one with `id`. */
export const dealerContactInputSchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: z
      .string({ error: peopleMessages.contactNameRequired })
      .trim()
      .min(1, { error: peopleMessages.contactNameRequired, abort: true })
      .max(100, { error: peopleMessages.nameTooLong }),
    phone: contactPhoneSchema,
    email: contactEmailSchema,
    comment: z
      .string()
      .nullish()
      .transform(trimmedOrNull)
      .refine((v) => v === null || v.length <= 500, { error: peopleMessages.commentTooLong }),
    addToAllPostings: z.boolean().default(false),
  })
  .refine((c) => c.phone !== null || c.email !== null, { error: peopleMessages.contactNeedsOne, path: ["phone"] });
export type DealerContactInput = z.input<typeof dealerContactInputSchema>;
