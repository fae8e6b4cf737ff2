import { toCanonicalPhone } from "./phone";
import { validationMessages } from "./validators";
import { z } from "./zod-locale";

/** Request field: a phone by the spec's rule, stored as E.164; "" or null clears it. */
export const canonicalPhoneFieldSchema = z
  .string({ error: validationMessages.phoneInvalid })
  .max(40, { error: validationMessages.phoneInvalid })
  .transform((v, ctx) => {
    if (v.trim() === "") return null;
    const phone = toCanonicalPhone(v);
    if (phone) return phone;
    ctx.addIssue({ code: "custom", message: validationMessages.phoneInvalid });
    return z.NEVER;
  })
  .nullable()
  .optional();
