import { z } from "~/domain/zod-locale";

/** The two one-click choices of the cookie bar, posted as a plain form before the page has hydrated. */
export const consentChoices = ["all", "necessary"] as const;
export type ConsentFormChoice = (typeof consentChoices)[number];

const returnTo = z.string().max(2000, "Povratna pot je predolga.").optional();

/** `POST consent` (a form): the choice and the page to come back to (a same-site path; anything else means home). */
export const consentFormSchema = z.object({
  choice: z.enum(consentChoices, { error: "Izberite »Sprejmi vse« ali »Zavrni neobvezne«." }),
  returnTo,
});

/** `POST terms-notice` (a form): closes the provider-change notice and comes back to the page. */
export const termsNoticeFormSchema = z.object({ returnTo });
