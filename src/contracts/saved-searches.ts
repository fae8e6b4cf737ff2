import { appConfig } from "~/app.config";
import { z } from "~/domain/zod-locale";

const nameMax = appConfig.limits.savedSearchName;

/** `POST saved-searches`: a name and the /iskanje query string it stands for. */
export const saveSearchInputSchema = z.object({
  name: z
    .string({ error: "Vnesite ime iskanja." })
    .trim()
    .min(1, "Vnesite ime iskanja.")
    .max(nameMax, `Ime je predolgo (največ ${nameMax} znakov).`),
  query: z.string().max(2000, "Iskanje je predolgo."),
});
export type SaveSearchInput = z.infer<typeof saveSearchInputSchema>;
