import { z } from "~/domain/zod-locale";

/** `POST saved-searches`: a name and the /iskanje query string it stands for. */
export const saveSearchInputSchema = z.object({
  name: z
    .string({ error: "Vnesite ime iskanja." })
    .trim()
    .min(1, "Vnesite ime iskanja.")
    .max(80, "Ime je predolgo (največ 80 znakov)."),
  query: z.string().max(2000, "Iskanje je predolgo."),
});
export type SaveSearchInput = z.infer<typeof saveSearchInputSchema>;
