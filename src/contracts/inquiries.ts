import { canonicalPhoneFieldSchema } from "~/domain/phone-schema";
import { inquiryChoices, inquiryLimits, type InquiryChoice, type InquiryStatus } from "~/domain/inquiry";
import { validationMessages } from "~/domain/validators";
import { z } from "~/domain/zod-locale";

const emailPattern = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/;
// One line: a name or address with a line break could smuggle a header into a mail (decision 066).
const oneLine = (v: string) =>
  v
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** `POST postings/{code}/inquiries`: a buyer's message to the seller (decision 066). */
export const sendInquiryInputSchema = z
  .object({
    name: z
      .string({ error: "Vnesite svoje ime." })
      .max(200, `Ime je predolgo (največ ${inquiryLimits.nameMax} znakov).`)
      .transform(oneLine)
      .pipe(
        z
          .string()
          .min(1, "Vnesite svoje ime.")
          .max(inquiryLimits.nameMax, `Ime je predolgo (največ ${inquiryLimits.nameMax} znakov).`),
      ),
    email: z
      .string({ error: validationMessages.emailInvalid })
      .max(200, validationMessages.emailInvalid)
      .transform(oneLine)
      .refine((v) => v === "" || emailPattern.test(v), validationMessages.emailInvalid)
      .transform((v) => (v === "" ? null : v.toLowerCase()))
      .nullable()
      .optional(),
    phone: canonicalPhoneFieldSchema,
    message: z
      .string({ error: "Napišite sporočilo." })
      .max(inquiryLimits.messageMax, `Sporočilo je predolgo (največ ${inquiryLimits.messageMax} znakov).`)
      .transform((v) => v.replace(/\r\n?/g, "\n").trim())
      .optional()
      .default(""),
    choices: z
      .array(z.enum(inquiryChoices, { error: "Neznano hitro vprašanje." }))
      .max(inquiryChoices.length)
      .optional()
      .default([]),
    /** The captcha's token (reCAPTCHA v3) where one is configured. */
    captchaToken: z.string().max(4000).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone)
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Vnesite e-poštni naslov ali telefonsko številko, da vam prodajalec lahko odgovori.",
      });
    if (!v.message && v.choices.length === 0)
      ctx.addIssue({ code: "custom", path: ["message"], message: "Napišite sporočilo ali izberite hitro vprašanje." });
  });
export type SendInquiryInput = z.input<typeof sendInquiryInputSchema>;
export type SendInquiry = z.output<typeof sendInquiryInputSchema>;

/** `POST inquiries/{id}/reply` and `POST inquiries/reply` (with the e-mailed token): the seller's answer. */
export const replyInquiryInputSchema = z.object({
  message: z
    .string({ error: "Napišite odgovor." })
    .max(inquiryLimits.replyMax, `Odgovor je predolg (največ ${inquiryLimits.replyMax} znakov).`)
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, "Napišite odgovor.")),
});
export type ReplyInquiryInput = z.input<typeof replyInquiryInputSchema>;

export const replyByTokenInputSchema = replyInquiryInputSchema.extend({
  token: z
    .string({ error: "Povezava ni veljavna." })
    .min(10, "Povezava ni veljavna.")
    .max(200, "Povezava ni veljavna."),
});

export const inquiryTokenQuerySchema = z.object({ token: z.string().max(200).optional().default("") });

export const inquiryIdParamSchema = z.object({
  id: z.coerce
    .number({ error: "Neveljaven id." })
    .int()
    .positive("Neveljaven id.")
    .max(2 ** 31),
});

/** One received inquiry as the seller sees it: the buyer's address only once the seller has replied. */
export type InquiryView = {
  id: number;
  status: InquiryStatus;
  createdAt: string;
  posting: { postId: number; code: string; title: string };
  name: string;
  message: string;
  choices: InquiryChoice[];
  /** Null until the seller replied (decision 066). */
  contact: { email: string | null; phone: string | null } | null;
  /** Whether the buyer left an e-mail (the reply goes there) or only a phone. */
  reachableBy: "email" | "phone";
  reply: string | null;
  repliedAt: string | null;
  answeredAt: string | null;
};

/** `GET inquiries`: the caller's received inquiries (the dealership's for its members), newest first. */
export type InquiryList = { newCount: number; items: InquiryView[] };

/** `GET inquiries/captcha`: what the form must send; the local adapter asks for nothing. */
export type CaptchaConfig = { provider: "recaptcha"; siteKey: string; action: string } | { provider: "local" };
