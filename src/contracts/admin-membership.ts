import { z } from "~/domain/zod-locale";

/** `POST admin/users/{id}/amzs-membership`: the number the admin saw on the profile, and the decision. */
export const membershipVerificationInputSchema = z.object({
  number: z
    .string({ error: "Manjka številka članstva." })
    .trim()
    .min(1, "Manjka številka članstva.")
    .max(30, "Vnos je predolg."),
  verified: z.boolean({ error: "Izberite, ali je članstvo preverjeno." }),
});
export type MembershipVerificationInput = z.infer<typeof membershipVerificationInputSchema>;
