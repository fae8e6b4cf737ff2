import { emailSchema, firstNameSchema, lastNameSchema, pinSchema, slovenianMobileSchema } from "~/domain/validators";
import { z } from "~/domain/zod-locale";

const tooLong = "Vnos je predolg.";

/** `POST me`: the profile form (e-mail is read-only: sent back but never changed here). */
export const updateProfileInputSchema = z.object({
  firstName: firstNameSchema.max(60, tooLong),
  lastName: lastNameSchema.max(60, tooLong),
  email: z.string().max(254, tooLong).nullish(),
  amzsMembershipNumber: z
    .string()
    .trim()
    .max(30, tooLong)
    .regex(/^[A-Za-z0-9 -]*$/, "Neveljavna številka članstva.")
    .nullish()
    .transform((v) => v || null),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** `POST login/email`: the address and the page to come back to. */
export const emailLoginInputSchema = z.object({
  email: emailSchema.pipe(z.string().max(254, tooLong)),
  redirectUrl: z.string().max(2000, tooLong).nullish(),
});
export type EmailLoginInput = z.infer<typeof emailLoginInputSchema>;

/** Legacy phone sign-in: Slovenian mobile numbers (canonical +386…) and a 5-digit PIN. */
export const sendPinQuerySchema = z.object({
  number: slovenianMobileSchema,
  recaptchaToken: z.string().max(4000).optional(),
});
export const pinLoginInputSchema = z.object({ phoneNumber: slovenianMobileSchema, pin: pinSchema });
export type PinLoginInput = z.input<typeof pinLoginInputSchema>;

/** Verify-phone dialog: the number, then the code sent to it. */
export const phoneStartInputSchema = z.object({ phoneNumber: slovenianMobileSchema });
export const phoneVerifyInputSchema = z.object({ phoneNumber: slovenianMobileSchema, pin: pinSchema });
export type PhoneVerifyInput = z.input<typeof phoneVerifyInputSchema>;
